// What a booking is on the wire (product spec §3 Booking) and how a stored booking and the
// airline's order become it. The booking keeps the order's facts (status, time limit, void deadline,
// flights, documents) as last seen, so lists never wait for an airline.
import type { BookingRow } from '../../db/bookings.repository.js';
import type {
  OrderFare,
  OrderServiceStatus,
  PassengerGender,
  PassengerInput,
  ProviderOrder,
  TravelDocument,
} from '../../providers/airline-provider.js';
import { fromMinor, toMinor, type Money } from '../../money.js';

export type BookingStatus = BookingRow['status'];

/** What issuing from a company balance takes: the fare, and the same in the balance's currency at the rate. */
export interface BalancePayment {
  fare_amount: Money;
  balance_currency: string;
  amount: Money | null;
  exchange_rate: string | null;
  /** Before issue, an issue fee set in another currency than the fare: as set, converted, and the rate. */
  agency_fee?: { amount: Money; fare_amount: Money; exchange_rate: string };
}
type PassengerType = 'ADT' | 'CHD' | 'INF';

export interface IdentityDocument {
  type: 'passport' | 'national_id';
  /** Personal data: shown on the booking, sent to the airline, never logged. */
  number: string;
  issuing_country: string;
  nationality: string;
  expiry_date: string;
}

export interface BookingPassenger {
  id: string;
  type: PassengerType;
  first_name: string;
  last_name: string;
  title: string | null;
  birthdate: string;
  gender: PassengerGender | null;
  identity_document: IdentityDocument | null;
}

/** The stored passengers; those booked before APIS data existed have none (null). */
export function passengersOf(stored: unknown): BookingPassenger[] {
  return (stored as BookingPassenger[]).map((p) => ({
    ...p,
    gender: p.gender ?? null,
    identity_document: p.identity_document ?? null,
  }));
}

/** A booked passenger as the airline port takes it, for every order made for the booking. */
export function passengerInputOf(p: BookingPassenger): PassengerInput {
  const document = p.identity_document ?? null;
  return {
    id: p.id,
    type: p.type,
    givenName: p.first_name,
    surname: p.last_name,
    title: p.title,
    birthdate: p.birthdate,
    gender: p.gender ?? null,
    identityDocument: document && {
      type: document.type,
      number: document.number,
      issuingCountry: document.issuing_country,
      nationality: document.nationality,
      expiryDate: document.expiry_date,
    },
  };
}

export interface BookingSegment {
  flight_id: string;
  origin_destination: number;
  carrier: string;
  flight_number: string;
  origin: string;
  destination: string;
  departure_at: string;
  arrival_at: string;
  booking_class: string;
}

export interface BookingDocument {
  number: string;
  type: 'ticket' | 'emd';
  passenger_id: string;
  status: TravelDocument['status'];
  issued_at: string;
  amount: Money;
}

/** A service or seat on the booking (Booking.ancillaries); `failed` only for refused EMD requests. */
export interface BookingAncillary {
  id: string;
  kind: 'bags' | 'seat' | 'other';
  code: string;
  name: string;
  passenger_id: string;
  flight_id: string | null;
  seat: string | null;
  price: Money;
  status: OrderServiceStatus | 'failed';
  emd_number: string | null;
}

/** An item of an EMD request the airline does not have yet, as the booking row keeps it. */
export interface RequestedAncillary extends BookingAncillary {
  request_id: string;
}

const withoutRequest = (a: RequestedAncillary): BookingAncillary => ({
  id: a.id,
  kind: a.kind,
  code: a.code,
  name: a.name,
  passenger_id: a.passenger_id,
  flight_id: a.flight_id,
  seat: a.seat,
  price: a.price,
  status: a.status,
  emd_number: a.emd_number,
});

/** The airline's fares and the company's markup per passenger type, kept for the sales documents. */
export interface StoredFares {
  airline: readonly OrderFare[];
  markupByType: Partial<Record<PassengerType, string>>;
}

export interface Booking {
  locator: string;
  status: BookingStatus;
  time_limit: string | null;
  cancel_before: string | null;
  price: Money;
  provider_status: ProviderOrder['status'];
  fake_booking: boolean;
  corporate_number?: string | null;
  tickets_present: boolean;
  async_emd_issue: boolean;
  error: string | null;
  carrier: string;
  airline_locator: string;
  form_of_payment: BookingRow['form_of_payment'];
  /** Read with one booking: what the company balance pays (or paid), in its own currency. */
  balance_payment?: BalancePayment | null;
  passengers: BookingPassenger[];
  contacts: { email: string; phone: string };
  segments: BookingSegment[];
  documents: BookingDocument[];
  ancillaries: BookingAncillary[];
  agent_id: string;
  company_id: string | null;
  created_at: string;
  issued_at: string | null;
}

/** A held booking past its time limit is expired, whether or not anything has noticed yet. */
export function effectiveStatus(row: Pick<BookingRow, 'status' | 'time_limit'>, now: Date): BookingStatus {
  return row.status === 'new' && row.time_limit !== null && row.time_limit <= now ? 'expired' : row.status;
}

export function bookingView(row: BookingRow, now: Date): Booking {
  const status = effectiveStatus(row, now);
  const documents = row.documents as BookingDocument[];
  // What the airline has, then what is still on its way to it (EMD requests not yet added, or refused).
  const requested = (row.requested_ancillaries as RequestedAncillary[]).map(withoutRequest);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    locator: row.locator,
    status,
    time_limit: status === 'new' || status === 'issuing' ? iso(row.time_limit) : null,
    cancel_before: status === 'new' ? iso(row.time_limit) : status === 'issued' ? iso(row.void_deadline) : null,
    price: { amount: fromMinor(toMinor(row.airline_total) + toMinor(row.markup_total)), currency: row.currency.trim() },
    provider_status: row.provider_status as ProviderOrder['status'],
    fake_booking: row.fake_booking,
    corporate_number: row.corporate_number ?? null,
    tickets_present: documents.some((d) => d.type === 'ticket' && d.status === 'issued'),
    async_emd_issue: row.async_emd_issue || requested.some((a) => a.status === 'pending'),
    error: row.error,
    carrier: row.carrier,
    airline_locator: row.airline_locator,
    form_of_payment: row.form_of_payment,
    passengers: passengersOf(row.passengers),
    contacts: row.contacts as { email: string; phone: string },
    segments: row.segments as BookingSegment[],
    documents,
    ancillaries: [...(row.ancillaries as BookingAncillary[]), ...requested],
    agent_id: row.agent_id,
    company_id: row.company_id,
    created_at: row.created_at.toISOString(),
    issued_at: iso(row.issued_at),
  };
}

/** The flights of an order (or of an airline's offer to change it) as the booking shows them. */
export function segmentsOf(
  journeys: ProviderOrder['journeys'],
  bookingClasses: ProviderOrder['bookingClasses'],
): BookingSegment[] {
  const classes = new Map(bookingClasses.map((c) => [c.segmentId, c.code]));
  return journeys.flatMap((journey, j) =>
    journey.segments.map((s) => ({
      flight_id: s.id,
      origin_destination: j,
      carrier: s.marketing.carrier,
      flight_number: `${s.marketing.carrier}${s.marketing.number}`,
      origin: s.departure.airport,
      destination: s.arrival.airport,
      departure_at: s.departure.at,
      arrival_at: s.arrival.at,
      booking_class: classes.get(s.id) ?? '',
    })),
  );
}

/** The facts of an airline order a booking keeps, as column values. */
export function orderFacts(order: ProviderOrder) {
  const segments = segmentsOf(order.journeys, order.bookingClasses);
  const documents: BookingDocument[] = order.documents.map((d) => ({
    number: d.number,
    type: d.type,
    passenger_id: d.passengerId,
    status: d.status,
    issued_at: d.issuedAt,
    amount: d.amount,
  }));
  return {
    provider_status: order.status,
    time_limit: order.paymentTimeLimit ? new Date(order.paymentTimeLimit) : null,
    void_deadline: order.voidDeadline ? new Date(order.voidDeadline) : null,
    segments: JSON.stringify(segments),
    documents: JSON.stringify(documents),
    ancillaries: JSON.stringify(ancillariesOf(order)),
    async_emd_issue: order.services.some((s) => s.status === 'pending'),
  };
}

/** The order's services as the booking shows them, one per passenger, with the EMD that pays each. */
export function ancillariesOf(order: ProviderOrder): BookingAncillary[] {
  return order.services.flatMap((s) =>
    s.passengerIds.map((passengerId) => ({
      id: s.passengerIds.length > 1 ? `${s.id}-${passengerId}` : s.id,
      kind: s.kind,
      code: s.code,
      name: s.name,
      passenger_id: passengerId,
      flight_id: s.segmentId,
      seat: s.seat ? `${s.seat.row}${s.seat.column}` : null,
      price: s.price,
      status: s.status,
      emd_number:
        order.documents.findLast((d) => d.type === 'emd' && d.serviceId === s.id && d.passengerId === passengerId)
          ?.number ?? null,
    })),
  );
}

/** The airports in order, as sales documents name a route: `WAW-FRA-WAW`. */
export function routeOf(segments: readonly BookingSegment[]): string {
  const stops: string[] = [];
  for (const s of segments) {
    if (stops.at(-1) !== s.origin) stops.push(s.origin);
    stops.push(s.destination);
  }
  return stops.join('-');
}

/** What the list searches: both locators and the passengers' names, lower-cased once. */
export function searchTextOf(locator: string, airlineLocator: string, passengers: readonly BookingPassenger[]) {
  return [locator, airlineLocator, ...passengers.map((p) => `${p.last_name}/${p.first_name}`)].join(' ').toLowerCase();
}
