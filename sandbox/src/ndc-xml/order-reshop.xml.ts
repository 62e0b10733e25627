// OrderReshop in NDC 21.3 XML. A ServiceOrder without new items asks what the same flights cost
// now (reprice); with AddOfferItems/FlightRequest it asks for other flights, each
// OriginDestCriteria naming the journey it replaces (OriginDestID) and its new date. Each answer
// offer is a ReshopOffers/Offer: its AddedOfferItem's PriceDifferential says the new total, the
// difference (AddCol when dearer, Refund when cheaper, EvenExchange) and the fare per segment;
// the fee this change costs is the Penalty (TypeCode Change) the offer names by PenaltyRefID; the
// new fare's own conditions are the item's Change/CancelRestrictions and the offer's
// BaggageAssociations, as on a shopped offer; TotalPrice is what accepting costs now.
import type { NdcMessageCall } from '../routes/ndc-message-call.js';
import type { OrderReshopRS } from '../messages/order-reshop.schema.js';
import { bagAllowanceId, dataListsXml, penaltyRestriction, penaltyXml } from './offer.xml.js';
import { each, one, text, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { amount, el, leaf, type XmlElement } from '@contrail/ndc-xml-tree/xml-write';

type Money = { Amount: string; CurCode: string };
const xmlMoney = (name: string, m: Money) => amount(name, { amount: m.Amount, currency: m.CurCode });

export function readOrderReshopRQ(request: XmlNode): unknown {
  const bookingId = text(request, 'BookingRef', 'BookingID');
  const base = { OrderID: text(request, 'OrderRefID'), ...(bookingId ? { BookingRef: { BookingID: bookingId } } : {}) };
  const criteria = each(
    request,
    'UpdateOrder',
    'ReshopOrder',
    'ReshopOrderChoice',
    'ServiceOrder',
    'AddOfferItems',
    'FlightRequest',
    'FlightRequestOriginDestinationsCriteria',
    'OriginDestCriteria',
  );
  if (criteria.length === 0) return { ...base, Reprice: true };
  return {
    ...base,
    ChangeJourney: criteria.map((c) => ({
      PaxJourneyRefID: text(c, 'OriginDestID'),
      DepDate: text(c, 'OriginDepCriteria', 'Date'),
    })),
  };
}

const penaltyIdOf = (offerId: string) => `PEN-${offerId}`;

export function orderReshopRS(rs: OrderReshopRS, owner: string): XmlElement {
  const offers = rs.ReshopOffers.map((r) => {
    const diff = Number(r.PriceDifferenceAmount.Amount);
    return el(
      'Offer',
      el(
        'AddedOfferItem',
        r.Penalties && penaltyRestriction('CancelRestrictions', r.Penalties.Refund),
        r.Penalties && penaltyRestriction('ChangeRestrictions', r.Penalties.Change),
        el(
          'FareDetail',
          r.JourneyOverview.flatMap((j, i) =>
            j.RBD.map((c) =>
              el(
                'FareComponent',
                leaf('FareBasisCode', r.FareBasisCode?.[i]),
                leaf('PaxSegmentRefID', c.PaxSegmentRefID),
                leaf('PriceClassRefID', r.PriceClassRefID),
                el('RBD', leaf('RBD_Code', c.RBDCode)),
              ),
            ),
          ),
        ),
        leaf('OfferItemID', `${r.ReshopOfferID}-1`),
        el(
          'ReshopPrice',
          el(
            'PriceDifferential',
            leaf('DifferentialTypeCode', diff > 0 ? 'AddCol' : diff < 0 ? 'Refund' : 'EvenExchange'),
            el('DiffPrice', el('Price', xmlMoney('TotalAmount', r.PriceDifferenceAmount))),
            el('NewPrice', el('Price', xmlMoney('TotalAmount', r.NewTotalAmount))),
          ),
        ),
        r.JourneyOverview.map((j, i) =>
          el(
            'Service',
            el('OfferServiceAssociation', el('PaxJourneyRef', leaf('PaxJourneyRefID', j.PaxJourneyRefID))),
            leaf('PaxRefID', 'PAX1'),
            leaf('ServiceID', `${r.ReshopOfferID}-S${i + 1}`),
          ),
        ),
      ),
      el(
        'JourneyOverview',
        r.JourneyOverview.map((j) =>
          el(
            'JourneyPriceClass',
            leaf('PaxJourneyRefID', j.PaxJourneyRefID),
            leaf('PriceClassRefID', r.PriceClassRefID),
          ),
        ),
        leaf('PriceClassRefID', r.PriceClassRefID),
      ),
      leaf('OfferExpirationTimeLimitDateTime', r.OfferExpirationDateTime),
      leaf('OfferID', r.ReshopOfferID),
      leaf('OwnerCode', owner),
      leaf('PenaltyRefID', penaltyIdOf(r.ReshopOfferID)),
      el('TotalPrice', xmlMoney('TotalAmount', r.TotalDueAmount)),
      r.BaggageAllowance &&
        el(
          'BaggageAssociations',
          leaf('BaggageAllowanceRefID', bagAllowanceId('Checked', r.BaggageAllowance.CheckedBags)),
          leaf('BaggageAllowanceRefID', bagAllowanceId('CarryOn', r.BaggageAllowance.CarryOn)),
          leaf('PaxRefID', 'PAX1'),
        ),
    );
  });
  const lists = dataListsXml(
    rs.DataLists,
    { ADT: [], CHD: [], INF: [] },
    rs.ReshopOffers.flatMap((r) => (r.BaggageAllowance ? [r.BaggageAllowance] : [])),
    rs.ReshopOffers.map((r) => penaltyXml(penaltyIdOf(r.ReshopOfferID), 'Change', r.PenaltyAmount)),
  );
  return el(
    'Response',
    (lists.children?.length ?? 0) > 0 && lists,
    el('Order', leaf('OrderID', rs.OrderID), leaf('OwnerCode', owner)),
    el('ReshopResults', el('ReshopOffers', offers)),
  );
}

/** Accepting a reshop offer: AcceptRepricedOrder names it (with any payment for what is due). */
export function readAcceptedReshopOffer(choice: XmlNode | undefined): string | null {
  const accepted = one(choice, 'AcceptRepricedOrder');
  return accepted ? text(accepted, 'OfferRefID') : null;
}

interface OrderViewLike {
  PayloadAttributes: { Timestamp: string };
  Order: {
    OrderID: string;
    OwnerCode: string;
    StatusCode: string;
    VoidDeadlineDateTime: string | null;
    TotalPrice: { TotalAmount: Money };
    OrderItem: { OrderItemID: string }[];
  };
  RefundQuote?: { RefundQuoteID: string; RefundAmount: Money; PenaltyAmount: Money; ExpirationDateTime: string };
}

/** The offer id of a void (accepting it voids the tickets): 21.3 has no void message. */
export const voidOfferPrefix = 'VOID-';

/**
 * UpdateOrder/CancelOrderRef: what cancelling the order would give back. Inside the void window
 * a Void offer (everything back); and, when the fare allows it, a Refund offer (the refund quote:
 * DiffPrice is the refund, its Fee the penalty).
 */
export async function cancelOffersRS(request: XmlNode, call: NdcMessageCall): Promise<XmlElement | null> {
  const orderId = text(request, 'UpdateOrder', 'CancelOrderRef', 'OrderRefID');
  if (!orderId) return null;
  const bookingId = text(request, 'BookingRef', 'BookingID');
  const ref = { OrderID: orderId, ...(bookingId ? { BookingRef: { BookingID: bookingId } } : {}) };
  const view = await call<OrderViewLike>('OrderRetrieve', ref);
  const o = view.Order;
  const offers: XmlElement[] = [];
  const offer = (id: string, type: string, refund: Money, penalty: Money, expires: string) =>
    el(
      'Offer',
      el(
        'DeleteOrderItem',
        o.OrderItem.map((i) => el('ExistingOrderItem', leaf('OrderItemRefID', i.OrderItemID))),
        leaf('OfferItemID', `${id}-1`),
        el(
          'PriceDifferential',
          leaf('DifferentialTypeCode', type),
          el('DiffPrice', el('Price', el('Fee', xmlMoney('Amount', penalty)), xmlMoney('TotalAmount', refund))),
          el('NewPrice', el('Price', xmlMoney('TotalAmount', { Amount: '0.00', CurCode: refund.CurCode }))),
          el('OldPrice', el('Price', xmlMoney('TotalAmount', o.TotalPrice.TotalAmount))),
        ),
      ),
      leaf('OfferExpirationTimeLimitDateTime', expires),
      leaf('OfferID', id),
      leaf('OwnerCode', o.OwnerCode),
      el('TotalPrice', xmlMoney('TotalAmount', refund)),
    );
  const now = Date.parse(view.PayloadAttributes.Timestamp);
  if (o.StatusCode === 'ISSUED' && o.VoidDeadlineDateTime && now <= Date.parse(o.VoidDeadlineDateTime)) {
    const zero = { Amount: '0.00', CurCode: o.TotalPrice.TotalAmount.CurCode };
    offers.push(
      offer(`${voidOfferPrefix}${o.OrderID}`, 'Void', o.TotalPrice.TotalAmount, zero, o.VoidDeadlineDateTime),
    );
  }
  try {
    const quoted = await call<OrderViewLike>('OrderChange', { ...ref, ChangeOrder: { RequestRefundQuote: true } });
    const q = quoted.RefundQuote;
    if (q) offers.push(offer(q.RefundQuoteID, 'Refund', q.RefundAmount, q.PenaltyAmount, q.ExpirationDateTime));
  } catch (error) {
    // No refund (a fare without one, or not issued): the void alone, or the airline's refusal.
    if (offers.length === 0) throw error;
  }
  return el(
    'Response',
    el('Order', leaf('OrderID', o.OrderID), leaf('OwnerCode', o.OwnerCode)),
    el('ReshopResults', el('ReshopOffers', offers)),
  );
}

/** AcceptCancelledOffer: a void offer voids the tickets, any other confirms its refund quote. */
export function readAcceptedCancelOffer(choice: XmlNode | undefined): Record<string, unknown> | null {
  const accepted = one(choice, 'AcceptCancelledOffer');
  if (!accepted) return null;
  const id = text(accepted, 'OfferID');
  return id.startsWith(voidOfferPrefix) ? { VoidTickets: true } : { AcceptRefundQuote: { RefundQuoteID: id } };
}
