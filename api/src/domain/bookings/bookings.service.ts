// Bookings (issue #5): book a searched fare, read one (refreshed from the airline), list them with
// the bookings visibility, its history; issue, cancel/void, the changes (reprice/reshop, modify
// and comment, refund and flight change requests), ancillaries and the hold-expiry pass live in
// their own files.
import { randomInt } from 'node:crypto';
import { findBookingByLocator, findBookings, findHistory, insertBooking } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import type { AirlineProvider, PassengerInput } from '../../providers/airline-provider.js';
import type { ChannelsService } from '../channels/channels.service.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { fromMinor, toMinor } from '../money.js';
import type { Principal } from '../principal.js';
import { parseFareId } from '../offers/fare-ids.js';
import type { SearchService } from '../offers/search.service.js';
import { bookingFor, visibilityOf } from './booking-access.js';
import { fromAirlineOrder } from './booking-airline-errors.js';
import { cancelBooking } from './booking-cancel.js';
import { historyEntryView, recordHistory } from './booking-history.js';
import { confirmChange, priceChangeOffer, requestChange, type JourneyChange } from './booking-exchange.js';
import { issueBooking } from './booking-issue.js';
import { commentBooking, modifyBooking, type BookingModify } from './booking-modify.js';
import { confirmRefund, quoteRefund } from './booking-refund.js';
import { repriceBooking, reshopBooking } from './booking-reshop.js';
import { addBookingAncillaries, listBookingAncillaries } from './booking-ancillaries.js';
import type { AncillaryInput } from './booking-ancillary-items.js';
import { expireHolds } from './booking-expiry.js';
import type { AirlineNotifications } from './airline-notifications.service.js';
import type { JobProducer } from '../../jobs/queues.js';
import type { AncillaryType } from '../offers/offer-details.service.js';
import { refreshBooking } from './booking-refresh.js';
import {
  bookingView,
  orderFacts,
  searchTextOf,
  type Booking,
  type BookingPassenger,
  type BookingStatus,
  type StoredFares,
} from './booking.js';

type PassengerType = 'ADT' | 'CHD' | 'INF';

export interface BookingCreate {
  fare_id: string;
  search_result_id: string;
  passengers: { type: PassengerType; first_name: string; last_name: string; title?: string; birthdate: string }[];
  contacts: { email: string; phone: string };
}

export interface BookingQuery {
  status?: BookingStatus;
  q?: string;
  from?: string;
  to?: string;
  page: number;
  perPage: number;
}

// Letters and digits an agent cannot misread on the phone (no 0/O, 1/I), as airlines do.
const locatorAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newLocator = () => Array.from({ length: 6 }, () => locatorAlphabet[randomInt(locatorAlphabet.length)]).join('');

export function createBookingsService(deps: {
  db: Db;
  clock: Clock;
  provider: AirlineProvider;
  channels: ChannelsService;
  searches: SearchService;
  cards: SecretBox;
  jobs: Pick<JobProducer, 'enqueueEmdIssue'>;
  notifications: Pick<AirlineNotifications, 'ensureRegistered'>;
}) {
  const { db, clock, provider } = deps;

  return {
    async create(principal: Principal, input: BookingCreate): Promise<Booking> {
      if (!principal.agencyId) throw notFound('fare');
      const { fare } = await deps.searches.findFare(principal, input.search_result_id, input.fare_id);
      const ids = parseFareId(input.fare_id);
      if (!ids) throw notFound('fare');
      checkPassengers(input.passengers, fare.price.perPass);
      const channel = await deps.channels.byId(principal, ids.channelId);

      const passengers: BookingPassenger[] = input.passengers.map((p, i) => ({
        id: `PAX${i + 1}`,
        type: p.type,
        first_name: p.first_name,
        last_name: p.last_name,
        title: p.title ?? null,
        birthdate: p.birthdate,
      }));
      // The booking's id is made first: the airline keeps it with the order, and every later call
      // names both, so this booking can only ever act on the order made for it.
      const bookingId = newId('bkg');
      const order = await fromAirlineOrder(
        provider.createOrder(channel, {
          offerId: ids.airlineOfferId,
          sellerReference: bookingId,
          passengers: passengers.map((p): PassengerInput => ({
            id: p.id,
            type: p.type,
            givenName: p.first_name,
            surname: p.last_name,
            title: p.title,
            birthdate: p.birthdate,
          })),
          contact: input.contacts,
        }),
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
        fake_booking: principal.via.kind === 'token' ? principal.via.mode === 'test' : isSandbox(channel.credential),
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
        ...orderFacts(order),
      };
      for (let attempt = 0; ; attempt += 1) {
        const locator = newLocator();
        try {
          await db.transaction().execute(async (trx) => {
            await insertBooking(trx, {
              ...row,
              locator,
              search_text: searchTextOf(locator, order.orderId, passengers),
            });
            await recordHistory(trx, {
              bookingId: row.id,
              action: 'created',
              actorAccountId: principal.accountId,
              at,
              detail: `Held by ${order.owner} as ${order.orderId} until ${order.paymentTimeLimit ?? 'instant payment'}.`,
            });
          });
          // The airline is told once per channel where to push its changes; a failure here only
          // means changes are seen when the booking is opened, so it never fails the booking.
          await deps.notifications.ensureRegistered(channel).catch(() => undefined);
          return bookingView((await findBookingByLocator(db, locator))!, clock.now());
        } catch (error) {
          if (attempt < 5 && (error as { code?: string }).code === '23505') continue;
          throw error;
        }
      }
    },

    /** The booking refreshed from the airline; 416 when the airline no longer has it. */
    async get(principal: Principal, locator: string): Promise<Booking> {
      const row = await bookingFor(db, principal, locator);
      return refreshBooking(deps, row);
    },

    async list(principal: Principal, query: BookingQuery) {
      const now = clock.now();
      const { rows, total } = await findBookings(
        db,
        {
          scope: await visibilityOf(db, principal),
          status: query.status,
          q: query.q,
          from: query.from,
          to: query.to,
          now,
        },
        query,
      );
      return { items: rows.map((r) => bookingView(r, now)), total };
    },

    async history(principal: Principal, locator: string, page: { page: number; perPage: number }) {
      const row = await bookingFor(db, principal, locator);
      const { rows, total } = await findHistory(db, row.id, page);
      return { items: rows.map(historyEntryView), total };
    },

    issue: (principal: Principal, input: { locator: string; reshop?: boolean }) => issueBooking(deps, principal, input),
    cancel: (principal: Principal, locator: string) => cancelBooking(deps, principal, locator),
    // Changes: reprice and reshop, corrections and comments, refund and flight change requests.
    reprice: (principal: Principal, locator: string) => repriceBooking(deps, principal, locator),
    reshop: (principal: Principal, input: { locator: string; offer_id?: string; accept_price_increase?: boolean }) =>
      reshopBooking(deps, principal, input),
    modify: (principal: Principal, input: BookingModify) => modifyBooking(deps, principal, input),
    comment: (principal: Principal, input: { locator: string; text: string }) => commentBooking(deps, principal, input),
    quoteRefund: (principal: Principal, locator: string) => quoteRefund(deps, principal, locator),
    confirmRefund: (principal: Principal, input: { locator: string; refundRequestId: string }) =>
      confirmRefund(deps, principal, input),
    requestChange: (principal: Principal, input: { locator: string; journeys: JourneyChange[] }) =>
      requestChange(deps, principal, input),
    priceChangeOffer: (principal: Principal, input: { locator: string; offerId: string }) =>
      priceChangeOffer(deps, principal, input),
    confirmChange: (principal: Principal, input: { locator: string; requestId: string; offerId: string }) =>
      confirmChange(deps, principal, input),
    // Ancillaries and EMDs, and the hold-expiry pass.
    ancillaries: (principal: Principal, locator: string, type: AncillaryType) =>
      listBookingAncillaries(deps, principal, locator, type),
    addAncillaries: (principal: Principal, locator: string, items: readonly AncillaryInput[]) =>
      addBookingAncillaries(deps, principal, locator, items),
    /** One hold-expiry pass (the worker runs it on the sweeper's interval). */
    expireHolds: (options?: { limit?: number; agencyId?: string }) => expireHolds(deps, options),
  };
}

function isSandbox(credential: string): boolean {
  return credential.startsWith('sbx_');
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

export type BookingsService = ReturnType<typeof createBookingsService>;
