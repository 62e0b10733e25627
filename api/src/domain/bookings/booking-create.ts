// Booking a searched fare: the airline holds the order (OrderCreate), and the booking is stored
// under a new locator of our own with its first history entry. The locator is drawn at random and
// taken by the unique index, so a clash simply draws again.
import { orderExtrasFor } from './booking-order-extras.js';
import { randomInt } from 'node:crypto';
import { findOrderSwitches } from '../../db/agencies.repository.js';
import { accountSuspended } from '../../db/agency-users.repository.js';
import { insertBookingWithHistory } from '../../db/booking-steps.repository.js';
import type { BookingInsert, BookingRow } from '../../db/bookings.repository.js';
import type { PassengerGender } from '../../providers/airline-provider.js';
import { suspendableAccount, suspendedRefusal } from '../auth/suspension.js';
import { DomainError, notFound, settledValue, throwAll } from '../errors.js';
import { newId } from '../ids.js';
import { fromMinor, toMinor } from '../../money.js';
import { parseFareId } from '../offers/fare-ids.js';
import type { Fare, Offer } from '../offers/offer.js';
import type { SearchService } from '../offers/search.service.js';
import type { Principal } from '../principal.js';
import type { AirlineNotifications } from './airline-notifications.service.js';
import { fromAirlineOrder } from './booking-airline-errors.js';
import { timedCall, type AirlineTiming, type BookingDeps } from './booking-deps.js';
import { historyRowOf } from './booking-history.js';
import { bookingEventRow } from './booking-events.js';
import {
  bookingView,
  orderFacts,
  passengerInputOf,
  searchTextOf,
  type Booking,
  type BookingPassenger,
  type IdentityDocument,
  type StoredFares,
} from './booking.js';

type PassengerType = 'ADT' | 'CHD' | 'INF';

export interface BookingCreate {
  fare_id: string;
  search_result_id: string;
  passengers: {
    type: PassengerType;
    first_name: string;
    last_name: string;
    title?: string;
    birthdate: string;
    gender?: PassengerGender;
    identity_document?: IdentityDocument;
  }[];
  contacts: { email: string; phone: string };
  corporate_number?: string;
}

export interface CreateDeps extends BookingDeps {
  searches: SearchService;
  notifications: Pick<AirlineNotifications, 'ensureRegistered'>;
}

// Letters and digits an agent cannot misread on the phone (no 0/O, 1/I), as airlines do.
const locatorAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newLocator = () => Array.from({ length: 6 }, () => locatorAlphabet[randomInt(locatorAlphabet.length)]).join('');

export async function createBooking(
  deps: CreateDeps,
  principal: Principal,
  input: BookingCreate,
  timing?: AirlineTiming,
): Promise<Booking> {
  const { db, clock, provider } = deps;
  if (!principal.agencyId) throw notFound('fare');
  const ids = parseFareId(input.fare_id);
  // The fare, its channel and the agency's order switches are read at once. This write's
  // suspension check rides on the switches' read (`checksSuspension` in the permission matrix)
  // and is answered first: a suspended caller is refused before any other refusal, and before
  // anything changes. Then the refusals in their order: the fare, the passengers, the channel,
  // the extras.
  const caller = suspendableAccount(principal);
  const [fareRead, channelRead, switchesRead] = await Promise.allSettled([
    deps.searches.findFare(principal, input.search_result_id, input.fare_id),
    ids ? deps.channels.byId(principal, ids.channelId) : undefined,
    findOrderSwitches(db, principal.agencyId, caller),
  ]);
  const switches = settledValue(switchesRead);
  // No agency row to answer the suspension beside: read it alone (no hot path).
  if (caller && (switches ? switches.caller_suspended : await accountSuspended(db, caller))) throw suspendedRefusal();
  const { offer, fare } = settledValue(fareRead);
  if (!ids) throw notFound('fare');
  checkPassengers(input.passengers, fare.price.perPass);
  checkPassengerData(input.passengers, fare, offer);
  const channel = settledValue(channelRead)!;
  const extras = orderExtrasFor(switches, offer, input.corporate_number);

  const passengers: BookingPassenger[] = input.passengers.map((p, i) => ({
    id: `PAX${i + 1}`,
    type: p.type,
    first_name: p.first_name,
    last_name: p.last_name,
    title: p.title ?? null,
    birthdate: p.birthdate,
    gender: p.gender ?? null,
    identity_document: p.identity_document ?? null,
  }));
  // The booking's id is made first: the airline keeps it with the order, and every later call
  // names both, so this booking can only ever act on the order made for it.
  const bookingId = newId('bkg');
  const order = await fromAirlineOrder(
    timedCall(timing, () =>
      provider.createOrder(channel, {
        offerId: ids.airlineOfferId,
        sellerReference: bookingId,
        passengers: passengers.map(passengerInputOf),
        contact: input.contacts,
        ...extras,
      }),
    ),
  );

  const markupByType: StoredFares['markupByType'] = {};
  for (const p of fare.price_detail.passengers) markupByType[p.type] = p.markup.amount;
  const markupMinor = passengers.reduce((sum, p) => sum + toMinor(markupByType[p.type] ?? '0'), 0);
  const at = clock.now();
  const row = {
    id: bookingId,
    agency_id: principal.agencyId,
    company_id: principal.companyId,
    agent_id: principal.accountId,
    channel_id: channel.id,
    carrier: order.owner,
    airline_locator: order.orderId,
    status: 'new' as const,
    corporate_number: extras.corporateNumber ?? null,
    fake_booking:
      principal.via.kind === 'token' ? principal.via.mode === 'test' : provider.isSandboxCredential(channel.credential),
    airline_total: order.total.amount,
    markup_total: fromMinor(markupMinor),
    currency: order.total.currency,
    form_of_payment: null,
    balance_debit: null,
    passengers: JSON.stringify(passengers),
    contacts: JSON.stringify(input.contacts),
    fares: JSON.stringify({ airline: order.fares, markupByType } satisfies StoredFares),
    error: null,
    issue_attempt_id: null,
    issuing_started_at: null,
    created_at: at,
    updated_at: at,
    issued_at: null,
    ended_at: null,
    // Every column is given (none left to its default), so the row as stored is known before it is
    // written, and its event can be written by the same statement.
    requested_ancillaries: '[]',
    balance_currency: null,
    balance_rate: null,
    ...orderFacts(order),
  };
  const history = historyRowOf({
    bookingId: row.id,
    action: 'created',
    actorAccountId: principal.accountId,
    at,
    detail: `Held by ${order.owner} as ${order.orderId} until ${order.paymentTimeLimit ?? 'instant payment'}.`,
  });
  for (let attempt = 0; ; attempt += 1) {
    const locator = newLocator();
    const insert: Required<BookingInsert> = {
      ...row,
      locator,
      search_text: searchTextOf(locator, order.orderId, passengers),
    };
    try {
      // The booking, its first history entry and its event in one statement.
      const event = await bookingEventRow(db, 'booking.created', storedRowOf(insert), at);
      const created = await insertBookingWithHistory(db, insert, history, event);
      // The airline is told once per channel where to push its changes; a failure here only
      // means changes are seen when the booking is opened, so it never fails the booking.
      await deps.notifications.ensureRegistered(channel).catch(() => undefined);
      // The row as this request stored it (RETURNING), not a second read.
      return bookingView(created, clock.now());
    } catch (error) {
      if (attempt < 5 && (error as { code?: string }).code === '23505') continue;
      throw error;
    }
  }
}

type JsonColumn =
  'passengers' | 'contacts' | 'fares' | 'segments' | 'documents' | 'ancillaries' | 'requested_ancillaries';

/** The new booking's row as the insert stores it and RETURNING answers it: its JSON columns parsed. */
function storedRowOf(insert: Required<BookingInsert>): BookingRow {
  const json = (text: string): unknown => JSON.parse(text);
  return {
    // Its times are Dates and its amounts strings here, as the driver reads them back.
    ...(insert as Omit<BookingRow, JsonColumn>),
    passengers: json(insert.passengers),
    contacts: json(insert.contacts),
    fares: json(insert.fares),
    segments: json(insert.segments),
    documents: json(insert.documents),
    ancillaries: json(insert.ancillaries),
    requested_ancillaries: json(insert.requested_ancillaries),
  };
}

function checkPassengers(
  passengers: readonly { type: PassengerType }[],
  perPass: readonly { type: PassengerType; count: number }[],
): void {
  const wanted = new Map(perPass.map((p) => [p.type, p.count]));
  const given = new Map<PassengerType, number>();
  for (const p of passengers) given.set(p.type, (given.get(p.type) ?? 0) + 1);
  const same = [...new Set([...wanted.keys(), ...given.keys()])].every(
    (t) => (wanted.get(t) ?? 0) === (given.get(t) ?? 0),
  );
  if (!same)
    throw new DomainError(
      'passenger_mismatch',
      `The fare is for ${perPass.map((p) => `${p.count} ${p.type}`).join(', ')}.`,
      { pointer: '/passengers' },
    );
}

/**
 * Advance passenger data (APIS): where the airline requires it (the fare's passenger_requirements),
 * every passenger carries a gender and a travel document valid through the day of the last flight.
 * Checked before the airline is asked, so a booking it would refuse is never half made. Every
 * problem is answered at once, each with its field, so a form can mark them all.
 */
function checkPassengerData(
  passengers: readonly BookingCreate['passengers'][number][],
  fare: Fare,
  offer: Offer,
): void {
  const needs = fare.passenger_requirements;
  // The last flight's local date, as its departure is published (YYYY-MM-DD first).
  const lastFlightDay = offer.origin_destinations.at(-1)!.departure_at.slice(0, 10);
  const problems: DomainError[] = [];
  passengers.forEach((p, i) => {
    const at = `/passengers/${i}`;
    if (needs.gender && !p.gender)
      problems.push(
        new DomainError('passenger_data_required', `The airline needs passenger ${i + 1}'s gender.`, {
          pointer: `${at}/gender`,
        }),
      );
    if (needs.identity_document && !p.identity_document)
      problems.push(
        new DomainError('passenger_data_required', `The airline needs passenger ${i + 1}'s travel document.`, {
          pointer: `${at}/identity_document`,
        }),
      );
    // A document that ends before the journey does would be refused at the airport: refused here.
    if (p.identity_document && p.identity_document.expiry_date < lastFlightDay)
      problems.push(
        new DomainError(
          'identity_document_expired',
          `Passenger ${i + 1}'s document expires before the last flight (${lastFlightDay}).`,
          { pointer: `${at}/identity_document/expiry_date` },
        ),
      );
  });
  throwAll(problems);
}
