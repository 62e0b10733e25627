// Opening a booking retrieves the airline's order (product spec §8): what the airline decided on its
// own (an expired hold, new times, documents) is taken over and recorded; an order the airline no
// longer has is `booking_gone` and takes a held booking off the active list; an airline that does not
// answer leaves the booking as last seen, with an error saying so. A stranded issue, refund or flight
// change is settled here.
import { orderRefOf } from './booking-order-ref.js';
import { findOpenIntent } from '../../db/airline-intents.repository.js';
import { findConfirming } from '../../db/booking-requests.repository.js';
import {
  findBookingByLocator,
  setBookingError,
  updateInStatus,
  type BookingRow,
} from '../../db/bookings.repository.js';
import { ProviderError, type ProviderOrder } from '../../providers/airline-provider.js';
import { DomainError } from '../errors.js';
import { orderRefusal, outcomeUnknown, staleClaimMs } from './booking-airline-errors.js';
import { recordHistory } from './booking-history.js';
import { recordBookingEvent } from './booking-events.js';
import { settleStaleChange } from './booking-exchange-confirm.js';
import type { BookingDeps } from './booking-deps.js';
import { settleStaleIssue } from './booking-issue.js';
import { settleStaleRefund } from './booking-refund.js';
import { bookingView, orderFacts, type Booking } from './booking.js';

export async function refreshBooking(deps: BookingDeps, row: BookingRow): Promise<Booking> {
  const order = await airlineOrderOf(deps, row);
  if (!order)
    return {
      ...bookingView(row, deps.clock.now()),
      error: 'The airline could not be reached; this is the booking as last seen.',
    };
  return takeOverOrder(deps, row, order);
}

/**
 * The airline's order of the booking, or null when the airline cannot be reached. An order the
 * airline no longer has is recorded (a held booking leaves the active list) and answers booking_gone.
 */
export async function airlineOrderOf(deps: BookingDeps, row: BookingRow): Promise<ProviderOrder | null> {
  try {
    const { channel } = await deps.channels.forBooking(row);
    return await deps.provider.retrieveOrder(channel, orderRefOf(row));
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'order_not_found') {
      await markMissing(deps, row, error.airlineMessage);
      throw new DomainError('booking_gone', `${error.carrier}: ${error.airlineMessage}`);
    }
    // The airline answered for an order that is not this booking's: nothing of it is taken over.
    if (error instanceof ProviderError && error.kind === 'order_mismatch') throw orderRefusal(error);
    if (outcomeUnknown(error) || error instanceof ProviderError) return null;
    throw error;
  }
}

/** The booking brought in line with the airline's order: a stranded claim settled, or what the airline decided taken over. */
export async function takeOverOrder(deps: BookingDeps, row: BookingRow, order: ProviderOrder): Promise<Booking> {
  const { db, clock } = deps;
  if ((await settleStaleIssue(deps, row, order)) || (await settleStaleRequest(deps, row, order)))
    return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
  // Only what the airline decides on its own is taken over; issue/cancel/void change the status.
  // While the airline waits for a decision on its own change of the flights, the booking keeps the
  // flights as booked: they change when the change is accepted (domain/schedule-changes).
  const facts = awaitsDecision(order)
    ? { ...orderFacts(order), segments: JSON.stringify(row.segments) }
    : orderFacts(order);
  const ended = endedByAirline(row, order);
  // A rebook in flight (Fare Watch) releases the old hold on purpose: that end is the rebook's to record.
  if (ended && (await findOpenIntent(db, row.id))?.operation === 'rebook') return bookingView(row, clock.now());
  const status = ended?.status ?? row.status;
  // Most reads find nothing new: only a change is written.
  if (status === row.status && !changedFacts(row, facts)) return bookingView(row, clock.now());
  const at = clock.now();
  await db.transaction().execute(async (trx) => {
    const changed = await updateInStatus(trx, row.id, row.status, {
      ...facts,
      status,
      ...(ended ? { ended_at: at } : {}),
      updated_at: at,
    });
    if (!changed) return;
    await recordHistory(trx, {
      bookingId: row.id,
      action: ended?.action ?? 'refreshed',
      actorAccountId: null,
      at,
      detail: ended?.detail ?? `The airline's order is ${order.status}.`,
      airlineAnswer: order.remarks.at(-1) ?? null,
    });
    // What a caller outside hears: the hold ended, or its time limit moved (nothing else here is
    // news). The airline made the change, whichever read noticed it.
    const type = ended
      ? ended.status === 'expired'
        ? 'booking.expired'
        : 'booking.cancelled'
      : status === 'new' && timeOf(facts.time_limit) !== timeOf(row.time_limit)
        ? 'booking.time_limit_changed'
        : null;
    if (type) await recordBookingEvent(trx, type, row.id, at, { fromAirline: true });
  });
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}

/** A refund or flight change whose answer was lost (or whose process died), settled from the order. */
async function settleStaleRequest(deps: BookingDeps, row: BookingRow, order: ProviderOrder): Promise<boolean> {
  // Refunds and flight changes are asked of issued bookings, which stay issued until they settle.
  if (row.status !== 'issued') return false;
  const request = await findConfirming(deps.db, row.id);
  if (!request?.confirming_started_at) return false;
  if (deps.clock.now().getTime() - request.confirming_started_at.getTime() < staleClaimMs) return false;
  return request.kind === 'refund'
    ? settleStaleRefund(deps, row, request, order)
    : settleStaleChange(deps, row, request, order);
}

// Nothing is paid before issue, so a hold the airline ends gives nothing back; the seats are its own.
const releasedHold = 'Nothing was paid, so nothing is given back; the airline released the seats.';

/** A held booking the airline ended on its own: expired unpaid, or cancelled by the airline. */
function endedByAirline(row: BookingRow, order: ProviderOrder) {
  if (row.status !== 'new') return null;
  if (order.status === 'expired')
    return {
      status: 'expired' as const,
      action: 'expired' as const,
      detail: `Unpaid at the time limit. ${releasedHold}`,
    };
  if (order.status === 'airline_cancelled')
    return {
      status: 'cancelled' as const,
      action: 'airline_cancelled' as const,
      detail: `The airline cancelled the booking. ${releasedHold}`,
    };
  return null;
}

/** The airline dropped the order: a held booking leaves the active list as expired. */
async function markMissing(deps: BookingDeps, row: BookingRow, airlineMessage: string) {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const changed =
      row.status === 'new' &&
      (await updateInStatus(trx, row.id, 'new', { status: 'expired', ended_at: at, updated_at: at }));
    if (changed || row.error === null)
      await recordHistory(trx, {
        bookingId: row.id,
        action: 'airline_missing',
        actorAccountId: null,
        at,
        detail: changed ? releasedHold : null,
        airlineAnswer: airlineMessage,
      });
    await setBookingError(trx, row.id, 'The airline no longer has this booking.', at);
    if (changed) await recordBookingEvent(trx, 'booking.expired', row.id, at, { fromAirline: true });
  });
}

/** Whether the airline's order says something the booking does not yet. */
function changedFacts(row: BookingRow, facts: ReturnType<typeof orderFacts>): boolean {
  const time = (d: Date | null) => d?.getTime() ?? null;
  return (
    row.provider_status !== facts.provider_status ||
    time(row.time_limit) !== time(facts.time_limit) ||
    time(row.void_deadline) !== time(facts.void_deadline) ||
    row.async_emd_issue !== facts.async_emd_issue ||
    canonical(row.segments) !== canonical(JSON.parse(facts.segments)) ||
    canonical(row.documents) !== canonical(JSON.parse(facts.documents)) ||
    canonical(row.ancillaries) !== canonical(JSON.parse(facts.ancillaries))
  );
}

/** JSON with keys sorted: jsonb hands keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

const timeOf = (d: Date | null) => d?.getTime() ?? null;

/** Whether the airline asks for a decision on a change of its own (a schedule change still pending). */
const awaitsDecision = (order: ProviderOrder) => (order.airlineChanges ?? []).some((c) => c.state === 'pending');
