// POST /ndc/OrderRetrieve: the order as the airline has it now (after any clock-driven change). An
// order of another channel, or one the airline has dropped, is ORDER_NOT_FOUND; a malformed
// locator is INVALID_REQUEST.
import { parseBody } from '../http/parse-body.js';
import { OrderRefRQ } from '../messages/order-common.schema.js';
import type { OrderViewRS } from '../messages/order-view.schema.js';
import { orderToView } from '../messages/order.mapper.js';
import type { NdcMessage, NdcRouteDeps } from './ndc-route-deps.js';

export default function orderRetrieveMessage({ engine, latency }: NdcRouteDeps): NdcMessage<OrderViewRS> {
  return async ({ body, channel }): Promise<OrderViewRS> => {
    const { credential } = channel;
    const rq = parseBody(OrderRefRQ, body);
    const order = engine.orders.find(credential, rq.OrderID, rq.BookingRef?.BookingID);
    await latency([order.owner.code]);
    return orderToView(order, engine.clock.now());
  };
}
