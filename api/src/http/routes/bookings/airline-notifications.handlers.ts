// The airline notification receiver: public (the key in the URL is the credential), answered with
// 204 as soon as the notification is kept. Handlers only translate.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';

type Handlers = Pick<ServiceHandlers, 'receiveAirlineNotification'>;

export function airlineNotificationHandlers(ctx: Pick<AppContext, 'airlineNotifications'>): Handlers {
  return {
    receiveAirlineNotification: async (request) => {
      await ctx.airlineNotifications.receive({
        channelId: request.params.channel_id,
        key: request.query.key,
        ip: request.ip,
        notification: request.body,
      });
      return { status: 204, body: undefined };
    },
  };
}
