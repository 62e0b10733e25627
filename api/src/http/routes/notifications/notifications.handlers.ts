// notifications: the caller's notification centre, how they hear of events, and the bookings that
// need them ("action required").
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'listNotifications'
  | 'readNotification'
  | 'readAllNotifications'
  | 'getNotificationPreferences'
  | 'updateNotificationPreferences'
  | 'listActionRequired'
>;

export function notificationHandlers(
  ctx: Pick<AppContext, 'notifications' | 'notificationPreferences' | 'actionRequired'>,
): Handlers {
  return {
    listNotifications: async (request) => {
      const page = pageOf(request.query);
      const { items, total, unread } = await ctx.notifications.list(principalOf(request), page);
      const body = listBody(items, total, page);
      return { status: 200, body: { data: body.data, meta: { ...body.meta, unread } } };
    },
    readNotification: async (request) => ({
      status: 200,
      body: await ctx.notifications.markRead(principalOf(request), request.params.id),
    }),
    readAllNotifications: async (request) => ({
      status: 200,
      body: await ctx.notifications.markAllRead(principalOf(request)),
    }),
    getNotificationPreferences: async (request) => ({
      status: 200,
      body: { families: await ctx.notificationPreferences.get(principalOf(request).accountId) },
    }),
    updateNotificationPreferences: async (request) => ({
      status: 200,
      body: { families: await ctx.notificationPreferences.update(principalOf(request).accountId, request.body) },
    }),
    listActionRequired: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.actionRequired.list(principalOf(request), page);
      return { status: 200, body: listBody(items, total, page) };
    },
  };
}
