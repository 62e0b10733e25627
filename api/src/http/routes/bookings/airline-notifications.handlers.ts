// The airline notification receiver: public (the key in the URL is the credential), answered as
// soon as the notification is kept: 204 to a JSON notice, 200 with an IATA_Acknowledgement to an
// NDC 21.3 XML one. Handlers only translate.
import { Readable } from 'node:stream';
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';

type Handlers = Pick<ServiceHandlers, 'receiveAirlineNotification'>;

export function airlineNotificationHandlers(ctx: Pick<AppContext, 'airlineNotifications'>): Handlers {
  return {
    receiveAirlineNotification: async (request, reply) => {
      const input = { channelId: request.params.channel_id, key: request.query.key, ip: request.ip };
      // The generated types call an XML body bytes; the XML parser hands over its text.
      const body = request.body as typeof request.body | string;
      if (typeof body === 'string' || Buffer.isBuffer(body)) {
        const xml = typeof body === 'string' ? body : body.toString('utf8');
        const acknowledgement = await ctx.airlineNotifications.receiveXml({ ...input, xml });
        reply.type('application/xml');
        return { status: 200, body: Buffer.from(acknowledgement, 'utf8') };
      }
      if (body instanceof Readable) throw new Error('An XML body is parsed whole, never streamed.');
      await ctx.airlineNotifications.receive({ ...input, notification: body });
      return { status: 204, body: undefined };
    },
  };
}
