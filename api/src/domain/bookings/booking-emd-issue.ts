// The EMD job's work for one request, exactly once. The claim is a conditional UPDATE under the
// booking's row lock (one attempt at a time per booking). The attempt then asks the airline for the
// order first and only adds the services it does not have yet — so a worker killed after the
// airline's answer, or a retried job, never buys twice — and pays only for those. EMDs the airline
// keeps pending (slow EMDs) are checked again with backoff. A definite refusal fails the request,
// gives the balance back and records the airline's words on the booking.
import { orderRefOf } from './booking-order-ref.js';
import { findBookingById, ticketingPathOf, updateInStatus, type BookingRow } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import {
  claimEmdRequest,
  dropRequestedAncillaries,
  failRequestedAncillaries,
  findEmdRequest,
  lockBooking,
  otherRunning,
  releaseEmdClaims,
  updateClaimedRequest,
  type EmdRequestRow,
} from '../../db/emd-requests.repository.js';
import {
  ProviderError,
  type Payment,
  type ProviderChannel,
  type ProviderOrder,
} from '../../providers/airline-provider.js';
import { DomainError } from '../errors.js';
import { newId } from '../ids.js';
import { fromMinor, toMinor } from '../../money.js';
import { onOrder, totalMinor, type ResolvedItem } from './booking-ancillary-items.js';
import { outcomeUnknown } from './booking-airline-errors.js';
import { recordHistory } from './booking-history.js';
import { recordBookingEvent } from './booking-events.js';
import type { BookingDeps } from './booking-deps.js';
import { airlinePayment, refundRefusedEmds } from './booking-payment.js';
import { recordEmdSales } from './booking-sales.js';
import { orderFacts, type BookingDocument } from './booking.js';

export interface EmdRunOptions {
  /** A claim older than this belongs to a dead attempt and may be taken over. */
  leaseMs: number;
  /** When the next check will come if this one cannot finish (the job's backoff). */
  nextCheckInMs: number;
  /** Tests only: wait after the airline answered, before recording it. */
  testDelayMs?: number;
}

/** Thrown to have the job tried again later (BullMQ's backoff); the row says why. */
export class EmdsNotYet extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'EmdsNotYet';
  }
}

export type EmdRunOutcome = 'done' | 'failed' | 'finished_before' | 'held_elsewhere';

export async function runEmdRequest(
  deps: BookingDeps,
  requestId: string,
  options: EmdRunOptions,
): Promise<EmdRunOutcome> {
  const { db, clock } = deps;
  const attempt = newId('ema');
  const claim = await db.transaction().execute(async (trx) => {
    const request = await findEmdRequest(trx, requestId);
    if (!request || request.status === 'done' || request.status === 'failed') return 'finished_before' as const;
    // Lock order: the booking row (the request rows under it); no balance moves here.
    await lockBooking(trx, request.booking_id);
    const staleBefore = new Date(clock.now().getTime() - options.leaseMs);
    if (await otherRunning(trx, request.booking_id, requestId, staleBefore))
      throw new EmdsNotYet("Another request for this booking's EMDs is running.");
    return (await claimEmdRequest(trx, requestId, attempt, clock.now(), staleBefore))
      ? request
      : ('held_elsewhere' as const);
  });
  if (typeof claim === 'string') return claim;
  const request = claim;
  const booking = (await findBookingById(db, request.booking_id))!;
  const items = request.items as ResolvedItem[];

  let order: ProviderOrder;
  try {
    const { channel } = await deps.channels.forBooking(booking);
    // The order first: what a killed attempt already bought is there, and is not bought again.
    order = await deps.provider.retrieveOrder(channel, orderRefOf(booking));
    const missing = items.filter((item) => !onOrder(item, order));
    if (missing.length > 0) order = await addMissing(deps, channel, booking, missing);
  } catch (error) {
    const refusal = definiteRefusal(error);
    if (refusal !== null) {
      await fail(deps, request, attempt, booking, refusal);
      return 'failed';
    }
    await release(deps, request, attempt, options.nextCheckInMs);
    throw error;
  }
  if (options.testDelayMs) await new Promise((resolve) => setTimeout(resolve, options.testDelayMs));

  const lines = items.map((item) => onOrder(item, order));
  if (lines.some((line) => line === undefined || line.status === 'pending')) {
    await recordPending(deps, request, attempt, booking, order, options.nextCheckInMs);
    throw new EmdsNotYet('The airline has not issued every EMD yet.');
  }
  const serviceIds = new Set(lines.map((line) => line!.id));
  const emds = order.documents.filter((d) => d.type === 'emd' && d.serviceId !== null && serviceIds.has(d.serviceId));
  await finish(deps, request, attempt, booking, order, emds);
  return 'done';
}

/** The airline's (or our own) definite no, in words for the booking; null when trying again may help. */
function definiteRefusal(error: unknown): string | null {
  if (error instanceof ProviderError) return outcomeUnknown(error) ? null : `${error.carrier}: ${error.airlineMessage}`;
  if (error instanceof DomainError) return error.detail ?? error.code;
  return null;
}

/** Pays for and adds what the airline does not have yet (a free item needs no payment). */
async function addMissing(deps: BookingDeps, channel: ProviderChannel, booking: BookingRow, missing: ResolvedItem[]) {
  const amountMinor = totalMinor(missing);
  let payment: Payment | null = null;
  if (amountMinor > 0) {
    const path = await ticketingPathOf(deps.db, booking.agency_id, booking.company_id, booking.channel_id);
    payment = await airlinePayment(
      deps.db,
      deps.cards,
      booking.form_of_payment ?? path?.form_of_payment ?? 'bsp_cash',
      path?.ticketing_credit_card_id ?? null,
      { amount: fromMinor(amountMinor), currency: booking.currency.trim() },
    );
  }
  return deps.provider.addServices(
    channel,
    orderRefOf(booking),
    missing.map((m) => m.request),
    payment,
  );
}

/** Gives the claim back for a later attempt (the airline was away, or is still issuing). */
async function release(deps: BookingDeps, request: EmdRequestRow, attempt: string, nextCheckInMs: number) {
  const at = deps.clock.now();
  await updateClaimedRequest(deps.db, request.id, attempt, {
    status: 'queued',
    attempt_id: null,
    next_check_at: new Date(at.getTime() + nextCheckInMs),
    updated_at: at,
  });
}

/** The airline has the services but keeps some EMDs pending: show it, and check again later. */
async function recordPending(
  deps: BookingDeps,
  request: EmdRequestRow,
  attempt: string,
  booking: BookingRow,
  order: ProviderOrder,
  nextCheckInMs: number,
) {
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row only.
    await lockBooking(trx, booking.id);
    const first = (booking.requested_ancillaries as { request_id: string }[]).some((a) => a.request_id === request.id);
    const mine = await updateClaimedRequest(trx, request.id, attempt, {
      status: 'queued',
      attempt_id: null,
      next_check_at: new Date(at.getTime() + nextCheckInMs),
      updated_at: at,
    });
    if (!mine) return;
    await updateInStatus(trx, booking.id, booking.status, { ...orderFacts(order), updated_at: at });
    await dropRequestedAncillaries(trx, booking.id, request.id, at);
    if (first)
      await recordHistory(trx, {
        bookingId: booking.id,
        action: 'emds_pending',
        actorAccountId: null,
        at,
        detail: 'The airline took the services; their EMDs are still pending.',
        airlineAnswer: order.warnings.map((w) => w.message).join(' ') || null,
      });
  });
}

async function finish(
  deps: BookingDeps,
  request: EmdRequestRow,
  attempt: string,
  booking: BookingRow,
  order: ProviderOrder,
  emds: ProviderOrder['documents'],
) {
  // The agency's EMD fee is only taken from a balance: what was debited beyond the services.
  const feeMinor =
    request.balance_debit !== null ? Math.max(0, toMinor(request.balance_debit) - toMinor(request.amount)) : 0;
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Under the booking's lock a void either comes first (and is seen here) or sees this request
    // done (and gives its price back): the EMDs' money is returned exactly once either way. Lock
    // order: the booking row, then (when it fails here) the company balance row.
    await lockBooking(trx, booking.id);
    const now = await findBookingById(trx, booking.id);
    if (now?.status !== 'issued') {
      await failIn(trx, at, request, attempt, booking, `The booking was ${now?.status ?? 'removed'} meanwhile.`);
      return;
    }
    const mine = await updateClaimedRequest(trx, request.id, attempt, {
      status: 'done',
      error: null,
      finished_at: at,
      updated_at: at,
    });
    if (!mine) return;
    const facts = orderFacts(order);
    await updateInStatus(trx, booking.id, 'issued', { ...facts, updated_at: at });
    await dropRequestedAncillaries(trx, booking.id, request.id, at);
    const documents = (JSON.parse(facts.documents) as BookingDocument[]).filter((d) =>
      emds.some((e) => e.number === d.number),
    );
    await recordEmdSales(trx, {
      booking,
      documents,
      feeMinor,
      agentId: request.requested_by,
    });
    await recordHistory(trx, {
      bookingId: booking.id,
      action: 'emds_issued',
      actorAccountId: null,
      at,
      detail: documents.length
        ? `EMDs ${documents.map((d) => d.number).join(', ')}.`
        : 'Added; nothing to pay, so no EMD.',
      airlineAnswer: order.warnings.map((w) => w.message).join(' ') || null,
    });
    await recordBookingEvent(trx, 'emd.issued', booking.id, at);
  });
}

/** A definite refusal: the request fails, the balance gets its debit back, the booking says why. */
async function fail(deps: BookingDeps, request: EmdRequestRow, attempt: string, booking: BookingRow, said: string) {
  await deps.db.transaction().execute(async (trx) => {
    // Lock order: the booking row, then the company balance row (the give-back in failIn).
    await lockBooking(trx, booking.id);
    await failIn(trx, deps.clock.now(), request, attempt, booking, said);
  });
}

async function failIn(trx: Db, at: Date, request: EmdRequestRow, attempt: string, booking: BookingRow, said: string) {
  const mine = await updateClaimedRequest(trx, request.id, attempt, {
    status: 'failed',
    error: said,
    finished_at: at,
    updated_at: at,
  });
  if (!mine) return;
  await releaseEmdClaims(trx, request.id);
  await failRequestedAncillaries(trx, booking.id, request.id, `EMD issue failed: ${said}`, at);
  await recordHistory(trx, {
    bookingId: booking.id,
    action: 'emds_failed',
    actorAccountId: null,
    at,
    detail: request.balance_debit
      ? `${request.balance_debit} ${request.currency.trim()} given back to the balance.`
      : null,
    airlineAnswer: said,
  });
  await recordBookingEvent(trx, 'emd.failed', booking.id, at);
  // Last, so the company balance row is held only until COMMIT.
  await refundRefusedEmds(trx, booking, { debit: request.balance_debit, actorAccountId: request.requested_by, at });
}
