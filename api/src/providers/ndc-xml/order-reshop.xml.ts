// OrderReshopRQ (reprice: a ServiceOrder without new items; change: AddOfferItems/FlightRequest
// with one OriginDestCriteria per journey replaced, its OriginDestID the journey) and
// OrderReshopRS read into reshop offers: the new total, difference and fare per segment from the
// AddedOfferItem's PriceDifferential, the change fee from its ChangeRestrictions, what accepting
// costs now from the offer's TotalPrice. Accepting one is OrderChange/AcceptRepricedOrder (with a
// payment when something is due).
import type {
  OrderRef,
  Payment,
  ProviderChannel,
  ProviderOrder,
  RefundQuote,
  ReshopOffer,
  ReshopRequest,
} from '../airline-provider.js';
import { baggageOf, indexDataLists, moneyOf, penaltyFee, restriction } from './offer-reader.js';
import { requestDocument } from './ndc-xml-request.js';
import { orderChange, paymentDetails } from './order-messages.xml.js';
import { at, each, one, text, texts, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { el, leaf } from '@contrail/ndc-xml-tree/xml-write';

export function orderReshopRQ(
  channel: ProviderChannel,
  order: OrderRef,
  request: ReshopRequest,
  current: ProviderOrder,
): string {
  const journeys = new Map(current.journeys.map((j) => [j.id, j]));
  return requestDocument(
    'IATA_OrderReshopRQ',
    channel.carrier,
    el(
      'Request',
      el('BookingRef', leaf('BookingID', order.sellerReference)),
      leaf('OrderRefID', order.orderId),
      el(
        'UpdateOrder',
        el(
          'ReshopOrder',
          el(
            'ReshopOrderChoice',
            el(
              'ServiceOrder',
              request.type === 'change' &&
                el(
                  'AddOfferItems',
                  el(
                    'FlightRequest',
                    el(
                      'FlightRequestOriginDestinationsCriteria',
                      request.journeys.map((j) =>
                        el(
                          'OriginDestCriteria',
                          el(
                            'DestArrivalCriteria',
                            leaf('IATA_LocationCode', journeys.get(j.journeyId)?.destination ?? ''),
                          ),
                          el(
                            'OriginDepCriteria',
                            leaf('Date', j.date),
                            leaf('IATA_LocationCode', journeys.get(j.journeyId)?.origin ?? ''),
                          ),
                          leaf('OriginDestID', j.journeyId),
                        ),
                      ),
                    ),
                  ),
                ),
            ),
          ),
        ),
      ),
    ),
  );
}

export function reshopOffersOf(response: XmlNode, type: ReshopOffer['type']): ReshopOffer[] {
  const index = indexDataLists(one(response, 'DataLists'));
  return each(response, 'ReshopResults', 'ReshopOffers', 'Offer').map((offer) => {
    const item = one(offer, 'AddedOfferItem');
    const differential = at(item, 'ReshopPrice', 'PriceDifferential');
    const totalDue = moneyOf(at(offer, 'TotalPrice', 'TotalAmount'), '');
    const journeyIds = texts(offer, 'JourneyOverview', 'JourneyPriceClass', 'PaxJourneyRefID');
    const components = each(item, 'FareDetail', 'FareComponent');
    const priceClass = text(offer, 'JourneyOverview', 'PriceClassRefID');
    const journeys = journeyIds.map((id) => ({ id, ...index.journey(id) }));
    return {
      offerId: text(offer, 'OfferID'),
      type,
      expiresAt: text(offer, 'OfferExpirationTimeLimitDateTime'),
      journeys,
      bookingClasses: components.flatMap((c) =>
        texts(c, 'PaxSegmentRefID').map((s) => ({ segmentId: s, code: text(c, 'RBD', 'RBD_Code') })),
      ),
      newTotal: moneyOf(at(differential, 'NewPrice', 'Price', 'TotalAmount'), totalDue.currency),
      difference: moneyOf(at(differential, 'DiffPrice', 'Price', 'TotalAmount'), totalDue.currency),
      // The fee this change costs is the offer's Change penalty; older answers put it as the
      // item's change fee when they name no penalty.
      penalty:
        penaltyFee(index, texts(offer, 'PenaltyRefID'), 'Change', totalDue.currency) ??
        moneyOf(at(item, 'ChangeRestrictions', 'Fee', 'Amount'), totalDue.currency),
      totalDue,
      ...(priceClass ? { fareFamily: (({ code, name }) => ({ code, name }))(index.priceClass(priceClass)) } : {}),
      ...(components.some((c) => text(c, 'FareBasisCode'))
        ? {
            fareBasis: journeys.map((j) => {
              const first = j.segments[0]?.id ?? '';
              return text(
                components.find((c) => texts(c, 'PaxSegmentRefID').includes(first)),
                'FareBasisCode',
              );
            }),
          }
        : {}),
      // The new fare's own conditions, when the airline states them with the change's penalty apart.
      ...(texts(offer, 'PenaltyRefID').length > 0 &&
      (one(item, 'ChangeRestrictions') || one(item, 'CancelRestrictions'))
        ? {
            conditions: {
              checkedBags: baggageOf(offer, index).checked.pieces,
              change: restriction(one(item, 'ChangeRestrictions'), totalDue.currency),
              refund: restriction(one(item, 'CancelRestrictions'), totalDue.currency),
            },
          }
        : {}),
    };
  });
}

export const acceptReshopOfferRQ = (
  channel: ProviderChannel,
  order: OrderRef,
  offerId: string,
  payment: Payment | null,
) =>
  orderChange(
    channel,
    order,
    el('ChangeOrderChoice', el('AcceptRepricedOrder', leaf('OfferRefID', offerId))),
    payment &&
      el('PaymentFunctions', el('OrderAssociation', leaf('OrderRefID', order.orderId)), paymentDetails(payment)),
  );

/** UpdateOrder/CancelOrderRef: what cancelling an issued order would give back (21.3 has no OrderCancel). */
export const cancelOffersRQ = (channel: ProviderChannel, order: OrderRef) =>
  requestDocument(
    'IATA_OrderReshopRQ',
    channel.carrier,
    el(
      'Request',
      el('BookingRef', leaf('BookingID', order.sellerReference)),
      leaf('OrderRefID', order.orderId),
      el('UpdateOrder', el('CancelOrderRef', leaf('OrderRefID', order.orderId))),
    ),
  );

export interface CancelOffer {
  readonly offerId: string;
  /** Void: everything back, inside the void window; Refund: a refund quote. */
  readonly type: string;
  readonly refund: RefundQuote['refund'];
  readonly penalty: RefundQuote['penalty'];
  readonly expiresAt: string;
}

export function cancelOffersOf(response: XmlNode): CancelOffer[] {
  return each(response, 'ReshopResults', 'ReshopOffers', 'Offer').map((offer) => {
    const differential = at(offer, 'DeleteOrderItem', 'PriceDifferential');
    const refund = moneyOf(at(differential, 'DiffPrice', 'Price', 'TotalAmount'), '');
    return {
      offerId: text(offer, 'OfferID'),
      type: text(differential, 'DifferentialTypeCode'),
      refund,
      penalty: moneyOf(at(differential, 'DiffPrice', 'Price', 'Fee', 'Amount'), refund.currency),
      expiresAt: text(offer, 'OfferExpirationTimeLimitDateTime'),
    };
  });
}

/** Taking a cancel offer: OrderChange/AcceptCancelledOffer. */
export const acceptCancelOfferRQ = (channel: ProviderChannel, order: OrderRef, offerId: string) =>
  orderChange(
    channel,
    order,
    el('ChangeOrderChoice', el('AcceptCancelledOffer', leaf('OfferID', offerId), leaf('OwnerCode', channel.carrier))),
  );
