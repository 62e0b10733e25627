// The NDC message routes (and the channel's notification settings and own clock). Each one first checks the channel credential (an airline refuses an
// unknown caller before reading the message), then its body.
import type { FastifyInstance } from 'fastify';
import { channelOfRequest } from '../http/channel-credential.js';
import airShoppingRoute from './air-shopping.route.js';
import type { NdcRouteDeps } from './ndc-route-deps.js';
import channelClockRoutes from './channel-clock.route.js';
import cheaperFareRoute from './cheaper-fare.route.js';
import disruptRoute from './disrupt.route.js';
import notifyRoutes from './notify.route.js';
import offerPriceRoute from './offer-price.route.js';
import orderChangeRoute from './order-change.route.js';
import orderCreateRoute from './order-create.route.js';
import orderReshopRoute from './order-reshop.route.js';
import orderRetrieveRoute from './order-retrieve.route.js';
import seatAvailabilityRoute from './seat-availability.route.js';
import serviceListRoute from './service-list.route.js';

export default async function ndcRoutes(app: FastifyInstance, deps: NdcRouteDeps): Promise<void> {
  app.addHook('onRequest', async (request) => {
    channelOfRequest(request);
  });
  // Everything a message does runs on its channel's own time (engine/channel-clocks.ts); entered
  // once the body is read, so the handler runs inside the scope.
  app.addHook('preHandler', (request, _reply, done) => {
    deps.engine.channelClocks.within(channelOfRequest(request).credential, done);
  });
  airShoppingRoute(app, deps);
  offerPriceRoute(app, deps);
  serviceListRoute(app, deps);
  seatAvailabilityRoute(app, deps);
  // The order half.
  orderCreateRoute(app, deps);
  orderRetrieveRoute(app, deps);
  orderChangeRoute(app, deps);
  orderReshopRoute(app, deps);
  notifyRoutes(app, deps.notifier);
  disruptRoute(app, deps);
  cheaperFareRoute(app, deps);
  channelClockRoutes(app, deps);
}
