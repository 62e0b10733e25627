// NDC order messages to and from the port's provider-neutral order types. The way in carries the
// form of payment (a card number goes into the message and nowhere else); the way out resolves
// DataLists references so the domain gets journeys, passengers and contacts inline.
import { iataCardCode } from '../card-brands.js';
import type {
  AirlineChange,
  FareConditions,
  CreateOrderRequest,
  FormOfPayment,
  IdentityDocument,
  OrderJourney,
  OrderService,
  OrderStatus,
  OrderWarningKind,
  PassengerGender,
  Payment,
  ProviderOrder,
  RefundQuote,
  ReshopOffer,
  TravelDocument,
} from '../airline-provider.js';
import { fromNdcMoney, indexDataLists, penaltyOf, type DataListIndex } from './ndc-offer.mapper.js';
import type {
  NdcAirlineChange,
  NdcIdentityDoc,
  NdcFlightItem,
  NdcJourneyOverview,
  NdcPaymentFunctions,
  NdcRefundQuote,
  NdcServiceItem,
  OrderCreateRQ,
  OrderReshopRS,
  OrderViewRS,
} from './ndc-order-messages.js';
import type { NdcOffer } from './ndc-messages.js';

type NdcPaymentCode = NdcPaymentFunctions['PaymentMethod']['TypeCode'];

const paymentCodes: Record<FormOfPayment['type'], NdcPaymentCode> = {
  cash: 'CA',
  card: 'CC',
  agency_balance: 'AGT',
};
const paymentForms: Record<NdcPaymentCode, FormOfPayment['type']> = { CA: 'cash', CC: 'card', AGT: 'agency_balance' };

export function toPaymentFunctions(payment: Payment): NdcPaymentFunctions {
  const form = payment.form;
  return {
    PaymentMethod: {
      TypeCode: paymentCodes[form.type],
      ...(form.type === 'card'
        ? {
            PaymentCard: {
              CardBrandCode: iataCardCode(form.brand),
              CardNumber: form.number,
              ExpirationDate: form.expiry,
            },
          }
        : {}),
    },
    Amount: { Amount: payment.amount.amount, CurCode: payment.amount.currency },
  };
}

const ndcGenders = { female: 'F', male: 'M' } as const satisfies Record<PassengerGender, 'F' | 'M'>;
const genderOfNdc = { F: 'female', M: 'male' } as const satisfies Record<'F' | 'M', PassengerGender>;
const ndcDocTypes = { passport: 'PT', national_id: 'NI' } as const satisfies Record<
  IdentityDocument['type'],
  'PT' | 'NI'
>;
const docTypeOfNdc = { PT: 'passport', NI: 'national_id' } as const satisfies Record<
  'PT' | 'NI',
  IdentityDocument['type']
>;

const toIdentityDoc = (d: IdentityDocument): NdcIdentityDoc => ({
  IdentityDocTypeCode: ndcDocTypes[d.type],
  IdentityDocID: d.number,
  IssuingCountryCode: d.issuingCountry,
  CitizenshipCountryCode: d.nationality,
  ExpiryDate: d.expiryDate,
});

const fromIdentityDoc = (d: NdcIdentityDoc): IdentityDocument => ({
  type: docTypeOfNdc[d.IdentityDocTypeCode],
  number: d.IdentityDocID,
  issuingCountry: d.IssuingCountryCode,
  nationality: d.CitizenshipCountryCode,
  expiryDate: d.ExpiryDate,
});

export function toOrderCreate(request: CreateOrderRequest): OrderCreateRQ {
  return {
    OfferID: request.offerId,
    BookingRef: { BookingID: request.sellerReference },
    PaxList: request.passengers.map((p) => ({
      PaxID: p.id,
      PTC: p.type,
      Birthdate: p.birthdate,
      ...(p.gender ? { GenderCode: ndcGenders[p.gender] } : {}),
      Individual: { GivenName: p.givenName, Surname: p.surname, ...(p.title ? { TitleName: p.title } : {}) },
      ...(p.identityDocument ? { IdentityDoc: [toIdentityDoc(p.identityDocument)] } : {}),
    })),
    ContactInfoList: [
      {
        ContactInfoID: 'CI1',
        EmailAddress: { EmailAddressText: request.contact.email },
        Phone: { PhoneNumber: request.contact.phone },
      },
    ],
    ...(request.payment ? { PaymentFunctions: toPaymentFunctions(request.payment) } : {}),
    ...(request.corporateNumber ? { CorporateID: request.corporateNumber } : {}),
    ...(request.remarks?.length ? { Remark: request.remarks.map((text) => ({ RemarkText: text })) } : {}),
  };
}

const statuses: Record<OrderViewRS['Order']['StatusCode'], OrderStatus> = {
  HELD: 'held',
  ISSUED: 'issued',
  CANCELLED: 'cancelled',
  VOIDED: 'voided',
  REFUNDED: 'refunded',
  EXPIRED: 'expired',
  AIRLINE_CANCELLED: 'airline_cancelled',
};

const warningKinds: Record<string, OrderWarningKind> = {
  ORDER_ALREADY_ISSUED: 'already_issued',
  SERVICE_ALREADY_ADDED: 'service_already_added',
  TICKETING_FAILED: 'ticketing_failed',
};

const lower = <T extends string>(code: string) => code.toLowerCase() as T;

function journeysOf(overview: readonly NdcJourneyOverview[], index: DataListIndex): OrderJourney[] {
  return overview.map((o) => ({ id: o.PaxJourneyRefID, ...index.journey(o.PaxJourneyRefID) }));
}

const classesOf = (overview: readonly NdcJourneyOverview[]) =>
  overview.flatMap((o) => o.RBD.map((r) => ({ segmentId: r.PaxSegmentRefID, code: r.RBDCode })));

function serviceOf(item: NdcServiceItem): OrderService {
  return {
    id: item.OrderItemID,
    // Bag definitions are BAG1/BAG2 (RFIC C); seats come as their own item type.
    kind: item.TypeCode === 'SEAT' ? 'seat' : item.ServiceDefinitionRefID.startsWith('BAG') ? 'bags' : 'other',
    code: item.ServiceDefinitionRefID,
    name: item.Name,
    passengerIds: item.PaxRefID,
    journeyId: item.PaxJourneyRefID,
    segmentId: item.PaxSegmentRefID ?? null,
    seat: item.Seat ? { row: item.Seat.RowNumber, column: item.Seat.ColumnID } : null,
    price: fromNdcMoney(item.Price.TotalAmount),
    status: lower(item.StatusCode),
    emdDueAt: item.EmdDueDateTime ?? null,
  };
}

function documentOf(d: OrderViewRS['TicketDocInfo'][number]): TravelDocument {
  return {
    number: d.TicketNumber,
    type: d.TicketDocTypeCode === 'T' ? 'ticket' : 'emd',
    passengerId: d.PaxRefID,
    status: lower(d.StatusCode),
    issuedAt: d.IssueDateTime,
    amount: fromNdcMoney(d.TotalAmount),
    serviceId: d.OrderItemRefID ?? null,
    exchangedFrom: d.ExchangedFromTicketNumber ?? null,
  };
}

export function orderOf(view: OrderViewRS): ProviderOrder {
  const { Order: o, DataLists: lists } = view;
  const index = indexDataLists(lists);
  const contact = lists.ContactInfoList[0];
  const flights = o.OrderItem.filter((i): i is NdcFlightItem => i.TypeCode === 'FLIGHT');
  const services = o.OrderItem.filter((i): i is NdcServiceItem => i.TypeCode !== 'FLIGHT');
  return {
    orderId: o.OrderID,
    owner: o.OwnerCode,
    sellerReference: o.BookingRef?.BookingID ?? null,
    status: statuses[o.StatusCode],
    createdAt: o.CreationDateTime,
    paymentTimeLimit: o.PaymentTimeLimitDateTime,
    instantPayment: o.InstantPaymentRequired,
    voidDeadline: o.VoidDeadlineDateTime,
    fareType: lower(o.FareTypeCode),
    cabin: o.CabinTypeCode,
    fareFamily: index.priceClass(o.PriceClassRefID),
    total: fromNdcMoney(o.TotalPrice.TotalAmount),
    amountDue: fromNdcMoney(o.AmountDue),
    journeys: journeysOf(o.JourneyOverview, index),
    bookingClasses: classesOf(o.JourneyOverview),
    passengers: lists.PaxList.map((p) => ({
      id: p.PaxID,
      type: p.PTC,
      givenName: p.Individual.GivenName,
      surname: p.Individual.Surname,
      title: p.Individual.TitleName ?? null,
      birthdate: p.Birthdate,
      gender: p.GenderCode ? genderOfNdc[p.GenderCode] : null,
      identityDocument: p.IdentityDoc?.[0] ? fromIdentityDoc(p.IdentityDoc[0]) : null,
    })),
    contact: { email: contact?.EmailAddress.EmailAddressText ?? '', phone: contact?.Phone.PhoneNumber ?? '' },
    fares: flights.map((f) => ({
      type: f.PTC,
      passengerIds: f.PaxRefID,
      base: fromNdcMoney(f.Price.BaseAmount),
      ...(f.Price.TaxSummary
        ? { taxes: f.Price.TaxSummary.Tax.map((t) => ({ code: t.TaxCode, amount: fromNdcMoney(t.Amount) })) }
        : {}),
      taxTotal: fromNdcMoney(f.Price.TotalTaxAmount),
      total: fromNdcMoney(f.Price.TotalAmount),
      fareBasis: f.FareDetail.FareComponent.map((c) => c.FareBasisCode),
      fareCalculation: f.FareDetail.FareCalculation,
    })),
    services: services.map(serviceOf),
    documents: view.TicketDocInfo.map(documentOf),
    payments: view.PaymentInfo.map((p) => ({
      id: p.PaymentID,
      form: paymentForms[p.TypeCode],
      amount: fromNdcMoney(p.Amount),
      paidAt: p.PaymentDateTime,
      purpose: lower(p.PurposeCode),
      maskedCard: p.MaskedCardID ?? null,
    })),
    remarks: o.Remark,
    ...(o.CorporateID ? { corporateNumber: o.CorporateID } : {}),
    ...(o.SellerRemark?.length ? { sellerRemarks: o.SellerRemark } : {}),
    warnings: view.Warning.map((w) => ({ kind: warningKinds[w.Code] ?? 'other', message: w.DescText })),
    ...(o.AirlineChange?.length ? { airlineChanges: o.AirlineChange.map(airlineChangeOf) } : {}),
    ...(o.BaggageAllowance && o.Penalties ? { conditions: conditionsOf(o.BaggageAllowance, o.Penalties) } : {}),
  };
}

/** A fare's conditions as the airline states them on an order or a reshop offer. */
function conditionsOf(bags: NdcOffer['BaggageAllowance'], penalties: NdcOffer['Penalties']): FareConditions {
  return {
    checkedBags: bags.CheckedBags.Pieces,
    change: penaltyOf(penalties.Change),
    refund: penaltyOf(penalties.Refund),
  };
}

const airlineChangeOf = (c: NdcAirlineChange): AirlineChange => ({
  id: c.NotifID,
  kind: lower(c.KindCode),
  reason: c.ReasonText,
  actionDeadline: c.ActionDeadlineDateTime,
  consequenceOfInaction: lower(c.ConsequenceCode),
  state: lower(c.StatusCode),
  occurredAt: c.OccurredDateTime,
});

export const refundQuoteOf = (q: NdcRefundQuote): RefundQuote => ({
  quoteId: q.RefundQuoteID,
  refund: fromNdcMoney(q.RefundAmount),
  penalty: fromNdcMoney(q.PenaltyAmount),
  expiresAt: q.ExpirationDateTime,
});

export function reshopOffersOf(answer: OrderReshopRS): ReshopOffer[] {
  const index = indexDataLists(answer.DataLists);
  return answer.ReshopOffers.map((r) => ({
    offerId: r.ReshopOfferID,
    type: r.TypeCode === 'REPRICE' ? 'reprice' : 'change',
    expiresAt: r.OfferExpirationDateTime,
    journeys: journeysOf(r.JourneyOverview, index),
    bookingClasses: classesOf(r.JourneyOverview),
    newTotal: fromNdcMoney(r.NewTotalAmount),
    difference: fromNdcMoney(r.PriceDifferenceAmount),
    penalty: fromNdcMoney(r.PenaltyAmount),
    totalDue: fromNdcMoney(r.TotalDueAmount),
    ...(r.PriceClassRefID ? { fareFamily: index.priceClass(r.PriceClassRefID) } : {}),
    ...(r.FareBasisCode ? { fareBasis: r.FareBasisCode } : {}),
    ...(r.BaggageAllowance && r.Penalties ? { conditions: conditionsOf(r.BaggageAllowance, r.Penalties) } : {}),
  }));
}
