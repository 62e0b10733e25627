// POST /ndc/OrderReshop: re-price the order's flights now, or list other flights for the named
// journeys on new dates, with the difference and the change fee.
import { changeAlternatives, repriceOrder } from '../engine/order-reshop.js';
import { NdcFailure } from '../http/ndc-errors.js';
import { parseBody } from '../http/parse-body.js';
import { OrderReshopRQ, type OrderReshopRS } from '../messages/order-reshop.schema.js';
import { dataListsOf, journeyIdOf } from '../messages/offer.mapper.js';
import { reshopOfferToNdc } from '../messages/order.mapper.js';
import type { NdcMessage, NdcRouteDeps } from './ndc-route-deps.js';

export default function orderReshopMessage({ engine, latency }: NdcRouteDeps): NdcMessage<OrderReshopRS> {
  return async ({ body, channel }): Promise<OrderReshopRS> => {
    const { credential } = channel;
    const rq = parseBody(OrderReshopRQ, body);
    const order = engine.orders.find(credential, rq.OrderID, rq.BookingRef?.BookingID);
    let offers;
    if ('Reprice' in rq) {
      offers = [repriceOrder(engine.orders, order)];
    } else {
      const changes = rq.ChangeJourney.map((c, i) => {
        const journeyIndex = order.journeys.findIndex((j) => journeyIdOf(j) === c.PaxJourneyRefID);
        if (journeyIndex < 0) {
          throw new NdcFailure(
            'INVALID_REQUEST',
            'No such journey in the order.',
            `/ChangeJourney/${i}/PaxJourneyRefID`,
          );
        }
        return { journeyIndex, date: c.DepDate };
      });
      offers = changeAlternatives(engine.orders, order, changes);
    }
    await latency([order.owner.code]);
    return {
      PayloadAttributes: { Version: '21.3', Timestamp: engine.clock.now().toISOString() },
      OrderID: order.id,
      ReshopOffers: offers.map((o) => reshopOfferToNdc(o, order)),
      DataLists: dataListsOf(offers.map((o) => o.offer)),
    };
  };
}
