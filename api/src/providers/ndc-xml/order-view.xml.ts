// IATA_OrderViewRS read into the port's order. Passengers are DataLists/PaxList (one Pax each,
// their document and contact); the journeys are the order's DataLists journeys; a flight item is
// one with services on segments (PaxSegmentRef), its fare per passenger in FareDetail; a service
// item is one whose services name a ServiceDefinitionRef or a seat. The seller's booking comes
// back as the services' BookingRef. Tickets and EMDs are TicketDocInfo (numbers kept as strings),
// payments the root PaymentFunctions. What 21.3 has no element for is read from the airline's
// AugmentationPoint when it gives it (the sandbox airlines do), else derived: an order with
// tickets is issued, a held one owes its total.
import type {
  OrderService,
  OrderStatus,
  OrderWarningKind,
  PassengerType,
  ProviderOrder,
  TravelDocument,
} from '../airline-provider.js';
import { indexDataLists, moneyOf, penaltyFee, type DataListIndex } from './offer-reader.js';
import { all, at, each, one, text, texts, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';

const statuses: Record<string, OrderStatus> = {
  HELD: 'held',
  OPENED: 'held',
  ISSUED: 'issued',
  TICKETED: 'issued',
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
const ptcs = ['ADT', 'CHD', 'INF'];

export function orderOfView(root: XmlNode, response: XmlNode): ProviderOrder {
  const lists = one(response, 'DataLists');
  const index = indexDataLists(lists);
  const order = one(response, 'Order')!;
  const extra = at(root, 'AugmentationPoint', 'Order');
  const total = moneyOf(at(order, 'TotalPrice', 'TotalAmount'), '');
  const items = all(order, 'OrderItem');
  const isFlight = (item: XmlNode) =>
    all(item, 'Service').some((s) => at(s, 'OrderServiceAssociation', 'PaxSegmentRef'));
  const flights = items.filter(isFlight);
  const itemExtras = new Map(all(extra, 'Item').map((i) => [i.attrs.OrderItemID ?? '', i.attrs]));
  const documents = new Map(all(extra, 'Document').map((d) => [d.attrs.TicketNumber ?? '', d.attrs]));
  const purposes = new Map(
    all(extra, 'Payment').map((p) => [p.attrs.PaymentID ?? '', p.attrs.PurposeCode ?? 'TICKETS']),
  );
  const firstComponent = each(flights[0], 'FareDetail', 'FareComponent')[0];
  const journeyIds = each(lists, 'PaxJourneyList', 'PaxJourney').map((j) => text(j, 'PaxJourneyID'));
  const tickets = all(response, 'TicketDocInfo');
  const statusCode = extra?.attrs.StatusCode ?? text(order, 'StatusCode').toUpperCase();
  const status = statuses[statusCode] ?? (tickets.length > 0 ? 'issued' : 'held');
  const contact = each(lists, 'ContactInfoList', 'ContactInfo')[0];
  const bookingId = each(order, 'OrderItem', 'Service', 'BookingRef').map((b) => text(b, 'BookingID'))[0];
  const services = items
    .filter((i) => !isFlight(i))
    .map((item): OrderService => {
      const id = text(item, 'OrderItemID');
      const x = itemExtras.get(id) ?? {};
      const association = at(item, 'Service', 'OrderServiceAssociation');
      const definition = text(association, 'ServiceDefinitionRef', 'ServiceDefinitionRefID');
      const seat = at(association, 'SeatOnLeg', 'Seat');
      const row = x.RowNumber ?? text(seat, 'RowNumber');
      const segment = text(
        association,
        'ServiceDefinitionRef',
        'OrderFlightAssociations',
        'PaxSegmentRef',
        'PaxSegmentRefID',
      );
      return {
        id,
        kind: x.TypeCode === 'SEAT' || seat ? 'seat' : definition.startsWith('BAG') ? 'bags' : 'other',
        code: definition,
        name: x.Name ?? definition,
        passengerIds: [...new Set(all(item, 'Service').map((s) => text(s, 'PaxRefID')))],
        journeyId: x.PaxJourneyRefID ?? (segment ? (index.journeyOfSegment(segment) ?? '') : ''),
        segmentId: segment || null,
        seat: row ? { row: Number(row), column: x.ColumnID ?? text(seat, 'ColumnID') } : null,
        price: moneyOf(at(item, 'Price', 'TotalAmount'), total.currency),
        status: lower(x.StatusCode ?? text(item, 'StatusCode') ?? 'PRICED'),
        emdDueAt: x.EmdDueDateTime ?? null,
      };
    });
  return {
    orderId: text(order, 'OrderID'),
    owner: text(order, 'OwnerCode'),
    sellerReference: bookingId ?? null,
    status,
    createdAt: text(order, 'CreationDateTime'),
    paymentTimeLimit: items.map((i) => text(i, 'PaymentTimeLimitDateTime')).find((t) => t !== '') ?? null,
    instantPayment: extra?.attrs.InstantPaymentRequired === 'true',
    voidDeadline: extra?.attrs.VoidDeadlineDateTime ?? null,
    fareType: lower(text(firstComponent, 'FareTypeCode') || 'public'),
    cabin: text(firstComponent, 'CabinType', 'CabinTypeCode'),
    fareFamily: (({ code, name }) => ({ code, name }))(index.priceClass(text(firstComponent, 'PriceClassRefID'))),
    total,
    amountDue:
      extra?.attrs.AmountDue !== undefined
        ? { amount: extra.attrs.AmountDue, currency: extra.attrs.AmountDueCurCode ?? total.currency }
        : status === 'held'
          ? total
          : { amount: '0.00', currency: total.currency },
    journeys: journeyIds.map((id) => ({ id, ...index.journey(id) })),
    bookingClasses: [
      ...new Map(
        each(flights[0], 'FareDetail', 'FareComponent').flatMap((c) =>
          texts(c, 'PaxSegmentRefID').map((s) => [s, { segmentId: s, code: text(c, 'RBD', 'RBD_Code') }] as const),
        ),
      ).values(),
    ],
    passengers: each(lists, 'PaxList', 'Pax').map((p) => {
      const doc = one(p, 'IdentityDoc');
      const gender = text(p, 'Individual', 'GenderCode');
      const ptc = text(p, 'PTC');
      return {
        id: text(p, 'PaxID'),
        type: (ptcs.includes(ptc) ? ptc : 'ADT') as PassengerType,
        givenName: text(p, 'Individual', 'GivenName'),
        surname: text(p, 'Individual', 'Surname'),
        title: text(p, 'Individual', 'TitleName') || null,
        birthdate: text(p, 'Birthdate') || text(p, 'Individual', 'Birthdate'),
        gender: gender === 'F' ? 'female' : gender === 'M' ? 'male' : null,
        identityDocument: doc
          ? {
              type: text(doc, 'IdentityDocTypeCode') === 'NI' ? 'national_id' : 'passport',
              number: text(doc, 'IdentityDocID'),
              issuingCountry: text(doc, 'IssuingCountryCode'),
              nationality: text(doc, 'CitizenshipCountryCode'),
              expiryDate: text(doc, 'ExpiryDate'),
            }
          : null,
      };
    }),
    contact: { email: text(contact, 'EmailAddress', 'EmailAddressText'), phone: text(contact, 'Phone', 'PhoneNumber') },
    fares: flights.map((item) => {
      const detail = one(item, 'FareDetail');
      const paxIds = texts(detail, 'PaxRefID');
      const price = one(detail, 'Price');
      const summary = one(price, 'TaxSummary');
      const components = all(detail, 'FareComponent');
      const firstPax = each(lists, 'PaxList', 'Pax').find((p) => text(p, 'PaxID') === paxIds[0]);
      const ptc = text(firstPax, 'PTC');
      return {
        type: (ptcs.includes(ptc) ? ptc : 'ADT') as PassengerType,
        passengerIds: paxIds,
        base: moneyOf(one(price, 'BaseAmount'), total.currency),
        taxes: all(summary, 'Tax').map((t) => ({
          code: text(t, 'TaxCode'),
          amount: moneyOf(one(t, 'Amount'), total.currency),
        })),
        taxTotal: moneyOf(one(summary, 'TotalTaxAmount'), total.currency),
        total: moneyOf(one(price, 'TotalAmount'), total.currency),
        // One fare basis per journey: the one on the journey's first segment.
        fareBasis: journeyIds.map((id) => {
          const first = index.journey(id).segments[0]?.id ?? '';
          return text(
            components.find((c) => texts(c, 'PaxSegmentRefID').includes(first)) ?? components[0],
            'FareBasisCode',
          );
        }),
        fareCalculation: text(detail, 'FareCalculationInfo', 'PricingCodeText'),
      };
    }),
    services,
    documents: tickets.map((d): TravelDocument => {
      const number = text(d, 'Ticket', 'TicketNumber');
      const x = documents.get(number) ?? {};
      return {
        number,
        type: text(d, 'Ticket', 'TicketDocTypeCode') === 'J' ? 'emd' : 'ticket',
        passengerId: text(d, 'PaxRefID'),
        status: lower(x.StatusCode ?? 'ISSUED'),
        issuedAt: x.IssueDateTime ?? text(d, 'IssueInfo', 'IssueDate'),
        amount: { amount: x.Amount ?? '0.00', currency: x.CurCode ?? total.currency },
        serviceId: x.OrderItemRefID ?? null,
        exchangedFrom: x.ExchangedFromTicketNumber ?? null,
      };
    }),
    payments: all(root, 'PaymentFunctions').map((f) => {
      const summary = one(f, 'PaymentProcessingSummary');
      const method = one(summary, 'PaymentProcessingSummaryPaymentMethod');
      const card = one(method, 'PaymentCard');
      const plan = text(method, 'SettlementPlan', 'PaymentTypeCode');
      const id = text(summary, 'PaymentID');
      return {
        id,
        form: card ? 'card' : plan === 'AGT' ? 'agency_balance' : 'cash',
        amount: moneyOf(one(summary, 'Amount'), total.currency),
        paidAt: text(summary, 'PaymentCommitmentDateTime'),
        purpose: lower(purposes.get(id) ?? 'TICKETS'),
        maskedCard: card ? text(card, 'MaskedCardID') || null : null,
      };
    }),
    remarks: all(extra, 'Remark').map((r) => r.text.trim()),
    ...(all(extra, 'AirlineChange').length > 0
      ? {
          airlineChanges: all(extra, 'AirlineChange').map((c) => ({
            id: c.attrs.NotifID ?? '',
            kind: lower(c.attrs.KindCode ?? ''),
            reason: c.attrs.ReasonText ?? '',
            actionDeadline: c.attrs.ActionDeadlineDateTime ?? '',
            consequenceOfInaction: lower(c.attrs.ConsequenceCode ?? ''),
            state: lower(c.attrs.StatusCode ?? ''),
            occurredAt: c.attrs.OccurredDateTime ?? '',
          })),
        }
      : {}),
    warnings: all(response, 'Warning').map((w) => ({
      kind: warningKinds[text(w, 'Code')] ?? 'other',
      message: text(w, 'DescText'),
    })),
    ...conditionsOf(extra, flights[0], index, total.currency),
  };
}

/**
 * The fare's conditions: whether it may change or be refunded and its checked bags come from the
 * airline's extension (an order item has no 21.3 restrictions), the fees from the Penalty
 * (Change, Cancellation) the flight item names. Without the extension none are stated.
 */
function conditionsOf(
  extra: XmlNode | undefined,
  flight: XmlNode | undefined,
  index: DataListIndex,
  currency: string,
): Pick<ProviderOrder, 'conditions'> {
  const x = extra?.attrs;
  if (x?.ChangeAllowed === undefined || x.RefundAllowed === undefined) return {};
  const ids = texts(flight, 'PenaltyRefID');
  const terms = (allowed: string, typeCode: string) => ({
    allowed: allowed === 'true',
    fee: allowed === 'true' ? penaltyFee(index, ids, typeCode, currency) : null,
  });
  return {
    conditions: {
      checkedBags: Number(x.CheckedBags ?? '0'),
      change: terms(x.ChangeAllowed, 'Change'),
      refund: terms(x.RefundAllowed, 'Cancellation'),
    },
  };
}
