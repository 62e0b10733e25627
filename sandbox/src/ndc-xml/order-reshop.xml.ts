// OrderReshop in NDC 21.3 XML. A ServiceOrder without new items asks what the same flights cost
// now (reprice); with AddOfferItems/FlightRequest it asks for other flights, each
// OriginDestCriteria naming the journey it replaces (OriginDestID) and its new date. Each answer
// offer is a ReshopOffers/Offer: its AddedOfferItem's PriceDifferential says the new total, the
// difference (AddCol when dearer, Refund when cheaper, EvenExchange) and the fare per segment;
// the change fee is the item's ChangeRestrictions fee; TotalPrice is what accepting costs now.
import type { OrderReshopRS } from '../messages/order-reshop.schema.js';
import { dataListsXml } from './offer.xml.js';
import { each, one, text, type XmlNode } from './xml-tree.js';
import { amount, el, leaf, type XmlElement } from './xml-write.js';

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

export function orderReshopRS(rs: OrderReshopRS, owner: string): XmlElement {
  const offers = rs.ReshopOffers.map((r) => {
    const diff = Number(r.PriceDifferenceAmount.Amount);
    return el(
      'Offer',
      el(
        'AddedOfferItem',
        el(
          'ChangeRestrictions',
          leaf('AllowedModificationInd', 'true'),
          el('Fee', xmlMoney('Amount', r.PenaltyAmount)),
        ),
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
      el('TotalPrice', xmlMoney('TotalAmount', r.TotalDueAmount)),
    );
  });
  const lists = dataListsXml(rs.DataLists, { ADT: [], CHD: [], INF: [] }, []);
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
