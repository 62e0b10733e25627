// Where a channel tells the sandbox airlines where to push OrderChangeNotif, and sees what was
// pushed. Both use the channel credential, like the NDC messages: each credential has its own URL.
import type { FastifyInstance } from 'fastify';
import { channelOfRequest } from '../http/channel-credential.js';
import { parseBody } from '../http/parse-body.js';
import { NotifySubscriptionRQ } from '../messages/order-change-notif.schema.js';
import type { Notifier } from '../notify/order-notifier.js';

export default function notifyRoutes(app: FastifyInstance, notifier: Notifier): void {
  app.put('/sandbox/notify_url', async (request) => {
    const { credential } = channelOfRequest(request);
    const { url, format } = parseBody(NotifySubscriptionRQ, request.body);
    notifier.subscribe(credential, url, format);
    return { url: notifier.urlFor(credential), format: notifier.formatFor(credential) };
  });
  app.get('/sandbox/notifications', async (request) => ({
    Notifications: notifier.deliveries(channelOfRequest(request).credential),
  }));
}
