// POST /ndc/OfferPrice: confirm an offer's price before ordering.
import { findRepriceOffer } from '../engine/order-reshop.js';
import { money } from '../engine/money.js';
import { NdcFailure } from '../http/ndc-errors.js';
import { parseBody } from '../http/parse-body.js';
import { OfferPriceRQ, type OfferPriceRS } from '../messages/offer-price.schema.js';
import { dataListsOf, offerToNdc } from '../messages/offer.mapper.js';
import type { NdcMessage, NdcRouteDeps } from './ndc-route-deps.js';
import type { AirlineEngine } from '../engine/airline-engine.js';
import type { Offer } from '../engine/offer-build.js';

/** Shared by every message that names an offer: unknown and expired offers are refused alike. */
export function offerFor(engine: AirlineEngine, offerId: string): Offer {
  const found = engine.findOffer(offerId);
  if (!found.ok) throw new NdcFailure(found.reason, undefined, '/OfferID');
  return found.offer;
}

/**
 * ServiceList and SeatAvailability also take an OrderID (for ancillaries after booking, when the
 * shopped offer has expired): then they answer for the order's offer and its flights as flown now.
 * An OfferID may be a re-price offer of one of the channel's orders: what the cheaper class a
 * rebook would take can have.
 */
export function offerOrOrderFor(
  engine: AirlineEngine,
  credential: string,
  rq: { OfferID: string } | { OrderID: string },
) {
  if ('OfferID' in rq)
    return findRepriceOffer(engine.orders, credential, rq.OfferID)?.offer ?? offerFor(engine, rq.OfferID);
  const order = engine.orders.find(credential, rq.OrderID);
  return { ...order.offer, journeys: order.journeys };
}

export default function offerPriceMessage({ engine, latency }: NdcRouteDeps): NdcMessage<OfferPriceRS> {
  return async ({ body }): Promise<OfferPriceRS> => {
    const rq = parseBody(OfferPriceRQ, body);
    const result = engine.price(offerFor(engine, rq.OfferID));
    await latency([result.offer.owner.code]);
    const previous = money(result.previousTotalMinor, result.offer.currency);
    return {
      PayloadAttributes: { Version: '21.3', Timestamp: engine.clock.now().toISOString() },
      PricedOffer: offerToNdc(result.offer, engine.inventory),
      PriceChangeInd: result.priceChanged,
      PreviousTotalAmount: { Amount: previous.amount, CurCode: previous.currency },
      Warning: result.priceChanged
        ? [{ Code: 'PRICE_CHANGED', DescText: `The price changed from ${previous.amount} ${previous.currency}.` }]
        : [],
      DataLists: dataListsOf([result.offer]),
    };
  };
}
