// Staff acting on a case's booking with the agent's consent. Staff make the offer through the
// booking's own paths (the refund quote of booking-refund.ts, an alternative of a flights change
// request of booking-exchange.ts); the agent's accept claims the offer (open -> accepted, only while
// unexpired: one conditional UPDATE, so of many concurrent accepts, or an accept racing a withdrawal
// or the expiry, exactly one wins) and records the consent in the booking's history in the same
// transaction; only then does the booking's confirm run, under the agent's own rights, and it is
// exactly-once itself. Lock order: the case row, then the offer row; the booking's confirm takes its
// own locks (booking, then company balance) after this transaction has committed.
import { offerSummary, type OfferSummaryParams } from './support-offer-summary.js';
import { findBookingById } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import { lockCase, updateCase } from '../../db/support-cases.repository.js';
import {
  claimOffer,
  decideOpenOffer,
  findOffer,
  insertOffer,
  settleOffer,
  withdrawOpenOffers,
  type SupportOfferRow,
} from '../../db/support-offers.repository.js';
import { insertMessage } from '../../db/support-cases.repository.js';
import type { BookingsService } from '../bookings/bookings.service.js';
import { changeAlternativeOf } from '../bookings/booking-exchange.js';
import { recordHistory } from '../bookings/booking-history.js';
import type { Clock } from '../clock.js';
import { DomainError, invalidField, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { isStaff, type Principal } from '../principal.js';
import { caseFor, fullCase } from './support-case-read.js';
import type { SupportCaseView } from './support-case.js';
import { recordSupportEvent } from './support-events.js';

export interface SupportOffersDeps {
  db: Db;
  clock: Clock;
  bookings: Pick<BookingsService, 'quoteRefund' | 'confirmRefund' | 'confirmChange'>;
}

type OfferInput = { kind: 'refund' } | { kind: 'change'; flights_change_request_id?: string; alternative_id?: string };

const routeOf = (
  segments: { origin: string; destination: string; departure_at: string; carrier: string; flight_number: string }[],
) =>
  segments
    .map((s) => `${s.carrier}${s.flight_number} ${s.origin}-${s.destination} ${s.departure_at.slice(0, 16)}Z`)
    .join(', ');

export function createSupportOffersService(deps: SupportOffersDeps) {
  const { db, clock, bookings } = deps;

  async function bookingOfCase(principal: Principal, caseId: string) {
    const row = await caseFor(db, principal, caseId);
    if (!row.booking_id || !row.locator)
      throw new DomainError('validation_failed', 'This case is about no booking; open one from the booking.');
    if (row.status === 'closed') throw new DomainError('support_case_closed', 'Reopen the case to make an offer.');
    return { row, booking: (await findBookingById(db, row.booking_id))! };
  }

  /** What the offer is, read from the booking's own quote: its summary, request and expiry. */
  async function quoteFor(
    principal: Principal,
    booking: NonNullable<Awaited<ReturnType<typeof findBookingById>>>,
    input: OfferInput,
  ) {
    if (input.kind === 'refund') {
      const quote = await bookings.quoteRefund(principal, booking.locator);
      return {
        requestId: quote.id,
        alternativeId: null,
        expiresAt: new Date(quote.expires_at),
        params: {
          kind: 'refund',
          amount: quote.refund.amount,
          currency: quote.refund.currency,
          refund_to: quote.refund_to,
          penalty: quote.penalty.amount,
          fee: quote.fee.amount,
        } satisfies OfferSummaryParams as OfferSummaryParams,
      };
    }
    if (!input.flights_change_request_id)
      throw invalidField('/flights_change_request_id', 'A change offer names the flights change request.');
    if (!input.alternative_id) throw invalidField('/alternative_id', 'A change offer names one alternative.');
    const alternative = await changeAlternativeOf(deps, booking, input.flights_change_request_id, input.alternative_id);
    return {
      requestId: input.flights_change_request_id,
      alternativeId: alternative.offer_id,
      expiresAt: new Date(alternative.expires_at),
      params: {
        kind: 'change',
        route: routeOf(alternative.segments),
        due: alternative.total_due.amount,
        currency: alternative.total_due.currency,
        penalty: alternative.penalty.amount,
        fee: alternative.fee.amount,
      } satisfies OfferSummaryParams as OfferSummaryParams,
    };
  }

  return {
    /** Staff: quote on the booking and offer it to the agent; a newer offer of the kind replaces an open one. */
    async offer(principal: Principal, caseId: string, input: OfferInput): Promise<SupportCaseView> {
      if (!isStaff(principal)) throw new DomainError('forbidden', 'Support makes offers; the agent accepts them.');
      const { booking } = await bookingOfCase(principal, caseId);
      const quote = await quoteFor(principal, booking, input);
      // The English text is the record (history, audit); readers get the figures in their language.
      const summary = offerSummary(quote.params, 'en');
      const offerId = newId('sco');
      await db.transaction().execute(async (trx) => {
        const row = (await lockCase(trx, caseId))!;
        if (row.status === 'closed') throw new DomainError('support_case_closed');
        const at = clock.now();
        await withdrawOpenOffers(trx, caseId, at, input.kind);
        await insertOffer(trx, {
          id: offerId,
          case_id: caseId,
          booking_id: booking.id,
          kind: input.kind,
          booking_request_id: quote.requestId,
          alternative_id: quote.alternativeId,
          summary,
          summary_params: JSON.stringify(quote.params),
          status: 'open',
          offered_by: principal.accountId,
          expires_at: quote.expiresAt,
          created_at: at,
        });
        // The offer is staff's answer in the thread too (and a first response when it is the first).
        await insertMessage(
          trx,
          {
            id: newId('scm'),
            case_id: caseId,
            author_id: principal.accountId,
            side: 'staff',
            body: summary,
            offer_id: offerId,
            created_at: at,
          },
          [],
        );
        await updateCase(trx, caseId, {
          waiting_since: null,
          first_response_at: row.first_response_at ?? at,
          last_message_at: at,
          updated_at: at,
        });
        await recordSupportEvent(trx, 'support_case.staff_replied', caseId, at);
      });
      return fullCase(db, caseId, principal);
    },

    /** The agent's consent: claims the offer once, records the consent, then runs the booking's confirm. */
    async accept(principal: Principal, caseId: string, offerId: string): Promise<SupportCaseView> {
      if (isStaff(principal)) throw new DomainError('forbidden', "Consent is the agent's to give.");
      const row = await caseFor(db, principal, caseId);
      const consentId = newId('cns');
      const claimed = await db.transaction().execute(async (trx) => {
        const at = clock.now();
        const offer = await claimOffer(trx, caseId, offerId, { consentId, by: principal.accountId, at });
        if (!offer) return undefined;
        await recordHistory(trx, {
          bookingId: offer.booking_id,
          action: 'support_consent',
          actorAccountId: principal.accountId,
          at,
          detail: `Consent ${consentId} in support case ${caseId} to offer ${offer.id}: ${offer.summary}`,
        });
        return offer;
      });
      if (!claimed) throw await whyNotOpen(caseId, offerId);
      await runOffer(principal, row.locator!, claimed);
      return fullCase(db, caseId, principal);
    },

    async decline(principal: Principal, caseId: string, offerId: string): Promise<SupportCaseView> {
      if (isStaff(principal)) throw new DomainError('forbidden', 'The agent declines; support withdraws.');
      return decide(principal, caseId, offerId, 'declined');
    },

    async withdraw(principal: Principal, caseId: string, offerId: string): Promise<SupportCaseView> {
      if (!isStaff(principal)) throw new DomainError('forbidden', 'Support withdraws its offers; the agent declines.');
      return decide(principal, caseId, offerId, 'withdrawn');
    },
  };

  async function decide(principal: Principal, caseId: string, offerId: string, status: 'declined' | 'withdrawn') {
    await caseFor(db, principal, caseId);
    if (!(await findOffer(db, caseId, offerId))) throw notFound('offer of this case');
    if (!(await decideOpenOffer(db, offerId, { status, by: principal.accountId, at: clock.now() })))
      throw await whyNotOpen(caseId, offerId);
    return fullCase(db, caseId, principal);
  }

  /** The error for an offer no longer open: 404, expired (and marked so), or decided. */
  async function whyNotOpen(caseId: string, offerId: string): Promise<DomainError> {
    const offer = await findOffer(db, caseId, offerId);
    if (!offer) return notFound('offer of this case');
    if (offer.status === 'open' || offer.status === 'expired') {
      await decideOpenOffer(db, offerId, { status: 'expired', by: null, at: clock.now() });
      return new DomainError('support_offer_expired', `The offer expired at ${offer.expires_at.toISOString()}.`);
    }
    return new DomainError('support_offer_decided', `The offer is ${offer.status}.`);
  }

  /** The booking's own confirm, as the consenting agent; the offer ends done or failed by its answer. */
  async function runOffer(principal: Principal, locator: string, offer: SupportOfferRow): Promise<void> {
    try {
      const booking =
        offer.kind === 'refund'
          ? await bookings.confirmRefund(principal, { locator, refundRequestId: offer.booking_request_id })
          : await bookings.confirmChange(principal, {
              locator,
              requestId: offer.booking_request_id,
              offerId: offer.alternative_id!,
            });
      await settleOffer(db, offer.id, 'done', `Booking ${booking.locator} is ${booking.status}.`);
    } catch (error) {
      // A lost airline answer is settled by the booking's reconciler; the offer stays accepted until then.
      if (error instanceof DomainError && error.code !== 'airline_timeout')
        await settleOffer(db, offer.id, 'failed', error.detail ?? error.code);
      throw error;
    }
  }
}

export type SupportOffersService = ReturnType<typeof createSupportOffersService>;
