// Bookings: the one face the handlers see. Reading one (refreshed from the airline), listing them
// with the bookings visibility and a booking's history live here; booking a fare, issue,
// cancel/void, the changes (reprice/reshop, modify and comment, refund and flight change requests),
// ancillaries and the hold-expiry pass live in their own files.
import { findBookings, findHistory } from '../../db/bookings.repository.js';
import { balancePaymentOf } from './booking-balance-payment.js';
import type { Db } from '../../db/database.js';
import type { AirlineProvider } from '../../providers/airline-provider.js';
import type { ChannelsService } from '../channels/channels.service.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Principal } from '../principal.js';
import type { SearchService } from '../offers/search.service.js';
import { bookingFor, visibilityOf } from './booking-access.js';
import type { AirlineTiming } from './booking-deps.js';
import { cancelBooking } from './booking-cancel.js';
import { createBooking, type BookingCreate } from './booking-create.js';
import { historyEntryView } from './booking-history.js';
import { confirmChange } from './booking-exchange-confirm.js';
import { priceChangeOffer, requestChange, type JourneyChange } from './booking-exchange.js';
import { issueBooking } from './booking-issue.js';
import { commentBooking, modifyBooking, type BookingModify } from './booking-modify.js';
import { confirmRefund, quoteRefund } from './booking-refund.js';
import { repriceBooking, reshopBooking } from './booking-reshop.js';
import { addBookingAncillaries, listBookingAncillaries } from './booking-ancillaries.js';
import { emdRequestList } from './booking-emd-requests.js';
import { retryEmdRequest } from './booking-emd-retry.js';
import type { AncillaryInput } from './booking-ancillary-items.js';
import { expireHolds } from './booking-expiry.js';
import type { AirlineNotifications } from './airline-notifications.service.js';
import type { JobProducer } from '../job-producer.js';
import type { AncillaryType } from '../offers/offer-details.service.js';
import { refreshBooking } from './booking-refresh.js';
import { bookingView, type Booking, type BookingStatus } from './booking.js';

export type { BookingCreate } from './booking-create.js';

export interface BookingQuery {
  /** `active`: still running (held within its time limit, issuing or issued). */
  status?: BookingStatus | 'active';
  q?: string;
  agencyId?: string;
  companyId?: string;
  from?: string;
  to?: string;
  page: number;
  perPage: number;
}

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
  const { db, clock } = deps;

  return {
    create: (principal: Principal, input: BookingCreate, timing?: AirlineTiming) =>
      createBooking(deps, principal, input, timing),

    /** The booking refreshed from the airline; `booking_gone` when the airline no longer has it. */
    async get(principal: Principal, locator: string): Promise<Booking> {
      const row = await bookingFor(db, principal, locator);
      const view = await refreshBooking(deps, row);
      return { ...view, balance_payment: await balancePaymentOf(db, row, view.status, clock.now()) };
    },

    async list(principal: Principal, query: BookingQuery) {
      const now = clock.now();
      const { rows, total } = await findBookings(
        db,
        {
          scope: await visibilityOf(db, principal),
          status: query.status,
          q: query.q,
          agencyId: query.agencyId,
          companyId: query.companyId,
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

    issue: (principal: Principal, input: { locator: string; reshop?: boolean }, timing?: AirlineTiming) =>
      issueBooking(deps, principal, input, timing),
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
    emdRequests: (
      principal: Principal,
      filter: Parameters<typeof emdRequestList>[2],
      page: { page: number; perPage: number },
    ) => emdRequestList(db, principal, filter, page),
    /** A failed EMD request asked of the airline again, once (booking-emd-retry.ts). */
    retryEmdRequest: (principal: Principal, locator: string, requestId: string) =>
      retryEmdRequest(deps, principal, locator, requestId),
    /** One hold-expiry pass (the worker runs it on the sweeper's interval). */
    expireHolds: (options?: { limit?: number; agencyId?: string }) => expireHolds(deps, options),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
