// The order requests in 21.3 XML: OrderCreateRQ (the shopped offer accepted for one Pax per
// person, with their identity documents and the contact; a payment when the airline should issue
// at once), OrderRetrieveRQ, and OrderChangeRQ to pay and issue a held order or cancel an unpaid
// one (CancelUnpaidOrder: 21.3 has no OrderCancel). A card goes as PaymentCard with its IATA
// brand code (card-brands.ts); cash as a BSP settlement plan, the agency's account as AGT.
// Every message on an existing order names the seller's booking (BookingRef) as well.
import { iataCardCode } from '../card-brands.js';
import type {
  CreateOrderRequest,
  OrderContact,
  OrderRef,
  PassengerCorrection,
  Payment,
  ProviderChannel,
  ServiceRequest,
} from '../airline-provider.js';
import { requestDocument } from './ndc-xml-request.js';
import { amount, el, leaf, type XmlElement } from '@contrail/ndc-xml-tree/xml-write';

const genders = { female: 'F', male: 'M' } as const;
const docTypes = { passport: 'PT', national_id: 'NI' } as const;
const settlementCodes = { cash: 'CA', agency_balance: 'AGT' } as const;

export function paymentDetails(payment: Payment): XmlElement {
  const form = payment.form;
  return el(
    'PaymentProcessingDetails',
    amount('Amount', payment.amount),
    el(
      'PaymentMethod',
      form.type === 'card'
        ? el(
            'PaymentCard',
            leaf('CardBrandCode', iataCardCode(form.brand)),
            leaf('CardNumber', form.number),
            leaf('ExpirationDate', form.expiry),
          )
        : el('SettlementPlan', leaf('PaymentTypeCode', settlementCodes[form.type])),
    ),
  );
}

const bookingRef = (sellerReference: string) => el('BookingRef', leaf('BookingID', sellerReference));

export function orderCreateRQ(
  channel: ProviderChannel,
  request: CreateOrderRequest,
  offerItems: readonly { id: string; paxIds: readonly string[] }[] | undefined,
): string {
  const passengers = request.passengers;
  // The offer's items as shopped (their travellers renamed to this order's passengers, type by
  // type), or the whole offer for everyone when the adapter did not shop it itself.
  const byType = (type: string) => passengers.filter((p) => p.type === type).map((p) => p.id);
  const items = offerItems?.length
    ? offerItems.map((item) => ({ id: item.id, paxIds: byType(item.id.split('-').at(-1) ?? '') }))
    : [{ id: request.offerId, paxIds: passengers.map((p) => p.id) }];
  return requestDocument(
    'IATA_OrderCreateRQ',
    channel.carrier,
    el(
      'Request',
      bookingRef(request.sellerReference),
      el(
        'CreateOrder',
        el(
          'AcceptSelectedQuotedOfferList',
          el(
            'SelectedPricedOffer',
            leaf('OfferRefID', request.offerId),
            leaf('OwnerCode', channel.carrier),
            items
              .filter((i) => i.paxIds.length > 0)
              .map((i) =>
                el(
                  'SelectedOfferItem',
                  leaf('OfferItemRefID', i.id),
                  i.paxIds.map((id) => leaf('PaxRefID', id)!),
                ),
              ),
          ),
        ),
      ),
      el(
        'DataLists',
        el(
          'ContactInfoList',
          el(
            'ContactInfo',
            leaf('ContactInfoID', 'CI1'),
            el('EmailAddress', leaf('EmailAddressText', request.contact.email)),
            el('Phone', leaf('PhoneNumber', request.contact.phone)),
          ),
        ),
        el(
          'PaxList',
          passengers.map((p) =>
            el(
              'Pax',
              leaf('Birthdate', p.birthdate),
              leaf('ContactInfoRefID', 'CI1'),
              p.identityDocument &&
                el(
                  'IdentityDoc',
                  leaf('CitizenshipCountryCode', p.identityDocument.nationality),
                  leaf('ExpiryDate', p.identityDocument.expiryDate),
                  leaf('IdentityDocID', p.identityDocument.number),
                  leaf('IdentityDocTypeCode', docTypes[p.identityDocument.type]),
                  leaf('IssuingCountryCode', p.identityDocument.issuingCountry),
                  leaf('Surname', p.surname),
                ),
              el(
                'Individual',
                leaf('GenderCode', p.gender ? genders[p.gender] : null),
                leaf('GivenName', p.givenName),
                leaf('Surname', p.surname),
                leaf('TitleName', p.title),
              ),
              leaf('PaxID', p.id),
              leaf('PTC', p.type),
            ),
          ),
        ),
      ),
      request.payment && el('PaymentFunctions', paymentDetails(request.payment)),
    ),
  );
}

export function orderRetrieveRQ(channel: ProviderChannel, order: OrderRef): string {
  return requestDocument(
    'IATA_OrderRetrieveRQ',
    channel.carrier,
    el(
      'Request',
      el(
        'OrderValidationFilterCriteria',
        el('BookingRefFilterCriteria', leaf('BookingID', order.sellerReference)),
        el('OrderFilterCriteria', leaf('OrderID', order.orderId), leaf('OwnerCode', channel.carrier)),
      ),
    ),
  );
}

export const orderChange = (channel: ProviderChannel, order: OrderRef, ...parts: (XmlElement | null)[]) =>
  requestDocument(
    'IATA_OrderChangeRQ',
    channel.carrier,
    el(
      'Request',
      bookingRef(order.sellerReference),
      el('Order', leaf('OrderID', order.orderId), leaf('OwnerCode', channel.carrier)),
      ...parts,
    ),
  );

/** Pay and issue: no ChangeOrderChoice, only the payment for the order. */
export const payOrderRQ = (channel: ProviderChannel, order: OrderRef, payment: Payment) =>
  orderChange(
    channel,
    order,
    el('PaymentFunctions', el('OrderAssociation', leaf('OrderRefID', order.orderId)), paymentDetails(payment)),
  );

export const cancelUnpaidOrderRQ = (channel: ProviderChannel, order: OrderRef) =>
  orderChange(
    channel,
    order,
    el(
      'ChangeOrderChoice',
      el('CancelUnpaidOrder', leaf('OrderRefID', order.orderId), leaf('OwnerCode', channel.carrier)),
    ),
  );

/**
 * Services and seats: the order's a-la-carte items accepted for named passengers (a seat as its
 * row and column on a segment). 21.3 names the a-la-carte offer; the port knows only the items,
 * so the order stands in for it. After issue the payment covers exactly their sum.
 */
export const addServicesRQ = (
  channel: ProviderChannel,
  order: OrderRef,
  services: readonly ServiceRequest[],
  payment: Payment | null,
) =>
  orderChange(
    channel,
    order,
    el(
      'ChangeOrderChoice',
      el(
        'AcceptSelectedQuotedOfferList',
        el(
          'SelectedPricedOffer',
          leaf('OfferRefID', order.orderId),
          leaf('OwnerCode', channel.carrier),
          services.map((s) =>
            'seat' in s
              ? el(
                  'SelectedOfferItem',
                  leaf('OfferItemRefID', `SEAT-${s.seat.segmentId}`),
                  leaf('PaxRefID', s.passengerId),
                  el(
                    'SelectedALaCarteOfferItem',
                    el(
                      'OfferFlightAssociations',
                      el('PaxSegmentReferences', leaf('PaxSegmentRefID', s.seat.segmentId)),
                    ),
                    leaf('Qty', 1),
                  ),
                  el('SelectedSeat', leaf('ColumnID', s.seat.column), leaf('SeatRowNumber', s.seat.row)),
                )
              : el('SelectedOfferItem', leaf('OfferItemRefID', s.serviceId), leaf('PaxRefID', s.passengerId)),
          ),
        ),
      ),
    ),
    payment &&
      el('PaymentFunctions', el('OrderAssociation', leaf('OrderRefID', order.orderId)), paymentDetails(payment)),
  );

/** New contact details: UpdatePax of the first passenger with the contact in DataLists. */
export const updateContactsRQ = (channel: ProviderChannel, order: OrderRef, contact: Partial<OrderContact>) =>
  orderChange(
    channel,
    order,
    el(
      'ChangeOrderChoice',
      el('UpdatePax', el('Current', leaf('PaxRefID', 'PAX1')), el('New', leaf('PaxRefID', 'PAX1'))),
    ),
    el(
      'DataLists',
      el(
        'ContactInfoList',
        el(
          'ContactInfo',
          leaf('ContactInfoID', 'CI1'),
          contact.email ? el('EmailAddress', leaf('EmailAddressText', contact.email)) : null,
          contact.phone ? el('Phone', leaf('PhoneNumber', contact.phone)) : null,
        ),
      ),
    ),
  );

/**
 * Title and birthdate corrections: UpdatePax, the new values in DataLists/PaxList. 21.3 keeps the
 * title inside Individual, whose Surname is required: the passenger's own (names never change).
 */
export const updatePassengersRQ = (
  channel: ProviderChannel,
  order: OrderRef,
  corrections: readonly PassengerCorrection[],
  surnames: ReadonlyMap<string, string>,
) =>
  orderChange(
    channel,
    order,
    el(
      'ChangeOrderChoice',
      el(
        'UpdatePax',
        el('Current', leaf('PaxRefID', corrections[0]?.id)),
        el('New', leaf('PaxRefID', corrections[0]?.id)),
      ),
    ),
    el(
      'DataLists',
      el(
        'PaxList',
        corrections.map((c) =>
          el(
            'Pax',
            leaf('Birthdate', c.birthdate),
            c.title !== undefined
              ? el('Individual', leaf('Surname', surnames.get(c.id) ?? ''), leaf('TitleName', c.title))
              : null,
            leaf('PaxID', c.id),
          ),
        ),
      ),
    ),
  );
