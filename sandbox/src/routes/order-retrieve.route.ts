// POST /ndc/OrderRetrieve: the order as the airline has it now (after any clock-driven change). An
// order of another channel, or one the airline has dropped, is ORDER_NOT_FOUND; a malformed
// locator is INVALID_REQUEST.
import type { FastifyInstance } from 'fastify';
import { channelOfRequest } from '../http/channel-credential.js';
import { parseBody } from '../http/parse-body.js';
import { OrderRefRQ } from '../messages/order-common.schema.js';
import type { OrderViewRS } from '../messages/order-view.schema.js';
import { orderToView } from '../messages/order.mapper.js';
import type { NdcRouteDeps } from './ndc-route-deps.js';

export default function orderRetrieveRoute(app: FastifyInstance, { engine, latency }: NdcRouteDeps): void {
  app.post('/ndc/OrderRetrieve', async (request): Promise<OrderViewRS> => {
    const { credential } = channelOfRequest(request);
    const rq = parseBody(OrderRefRQ, request.body);
    const order = engine.orders.find(credential, rq.OrderID, rq.BookingRef?.BookingID);
    await latency([order.owner.code]);
    return orderToView(order, engine.clock.now());
  });
}
