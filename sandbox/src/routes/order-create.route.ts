// POST /ndc/OrderCreate: hold a shopped offer for named passengers (and, with PaymentFunctions,
// issue at once). Refuses expired offers, a stale price on the price-change route and sold-out
// classes; answers an OrderViewRS.
import { AirlineRefusal } from '../engine/airline-refusal.js';
import { createOrder } from '../engine/order-create.js';
import { findRepriceOffer } from '../engine/order-reshop.js';
import { issueOrder } from '../engine/order-issue.js';
import { NdcFailure } from '../http/ndc-errors.js';
import { parseBody } from '../http/parse-body.js';
import { paymentOf } from '../http/payment.js';
import type { OrderPaxDocument } from '../engine/order-model.js';
import type { IdentityDoc } from '../messages/order-common.schema.js';
import { OrderCreateRQ } from '../messages/order-create.schema.js';
import type { OrderViewRS } from '../messages/order-view.schema.js';
import { orderToView } from '../messages/order.mapper.js';
import type { NdcMessage, NdcRouteDeps } from './ndc-route-deps.js';
import { offerFor } from './offer-price.route.js';

function repriceOfferFor(engine: NdcRouteDeps['engine'], credential: string, offerId: string) {
  const reshop = findRepriceOffer(engine.orders, credential, offerId);
  if (!reshop) return undefined;
  if (reshop.expiresAt <= engine.clock.now()) throw new AirlineRefusal('RESHOP_OFFER_EXPIRED', undefined, '/OfferID');
  return reshop.offer;
}

const documentOf = (d: IdentityDoc): OrderPaxDocument => ({
  type: d.IdentityDocTypeCode,
  id: d.IdentityDocID,
  issuingCountry: d.IssuingCountryCode,
  citizenship: d.CitizenshipCountryCode,
  expiry: d.ExpiryDate,
});

export default function orderCreateMessage({ engine, latency }: NdcRouteDeps): NdcMessage<OrderViewRS> {
  return async ({ body, channel }): Promise<OrderViewRS> => {
    const rq = parseBody(OrderCreateRQ, body);
    // A re-price offer of one of the channel's orders is booked as a new order too: the seller's
    // "rebook and release" (book the cheaper class, then cancel the old hold).
    const offer = repriceOfferFor(engine, channel.credential, rq.OfferID) ?? offerFor(engine, rq.OfferID);
    // A carrier-bound channel never saw another airline's offer.
    if (channel.carrier && offer.owner.code !== channel.carrier)
      throw new NdcFailure('OFFER_NOT_FOUND', undefined, '/OfferID');
    const contact = rq.ContactInfoList[0]!;
    const payment = rq.PaymentFunctions ? paymentOf(rq.PaymentFunctions, '/PaymentFunctions') : undefined;
    engine.orders.tick();
    const order = createOrder(engine.orders, {
      credential: channel.credential,
      ...(rq.BookingRef ? { sellerRef: rq.BookingRef.BookingID } : {}),
      offer,
      pax: rq.PaxList.map((p) => ({
        id: p.PaxID,
        ptc: p.PTC,
        birthdate: p.Birthdate,
        givenName: p.Individual.GivenName,
        surname: p.Individual.Surname,
        ...(p.Individual.TitleName ? { title: p.Individual.TitleName } : {}),
        ...(p.GenderCode ? { gender: p.GenderCode } : {}),
        ...(p.IdentityDoc?.[0] ? { document: documentOf(p.IdentityDoc[0]) } : {}),
      })),
      contact: { email: contact.EmailAddress.EmailAddressText, phone: contact.Phone.PhoneNumber },
      ...(rq.CorporateID ? { corporateId: rq.CorporateID } : {}),
      ...(rq.Remark?.length ? { sellerRemarks: rq.Remark.map((r) => r.RemarkText) } : {}),
    });
    await latency([order.owner.code]);
    const warnings = [];
    if (payment) {
      try {
        issueOrder(engine.orders, order, payment);
      } catch (error) {
        // The order stays held; the airline says why it did not ticket.
        if (!(error instanceof AirlineRefusal)) throw error;
        warnings.push({ Code: error.code, DescText: error.message });
      }
    }
    return orderToView(order, engine.clock.now(), { warnings });
  };
}
