// Deciding a schedule change, exactly once whoever asks and however many ask at once (people,
// tokens, and the deadline pass of any number of workers). A decision is first claimed: under the
// booking's row lock, then the change's, the change moves pending -> deciding, so every other
// claim finds it decided and answers 409 `schedule_change_decided`. Then it is carried out through
// the booking's own paths (a hold's cancel; a ticketed booking's refund, involuntary under the
// airline's waiver; a flight change request), the airline is told (acknowledged; told again by the
// worker while it cannot be reached, schedule-change-acknowledge.ts), and the change is settled with
// its history and `schedule_change.resolved` in one transaction. Accepting moves the booking onto
// the airline's flights in that transaction, and the event's schedule change carries them
// (`new_segments`), so webhooks and notifications see the booking's flights as they now are. A decision that
// fails before anything happened is released (pending again), so it can be decided again; one a
// dead process left claimed is settled by the deadline pass from what the booking shows.
import { findBookingById, lockBookingRow, takeOverFlights, type BookingRow } from '../../db/bookings.repository.js';
import {
  findScheduleChange,
  lockScheduleChange,
  updateScheduleChange,
  type ScheduleChangeRow,
} from '../../db/schedule-changes.repository.js';
import { cancelHeld } from '../bookings/booking-cancel.js';
import type { BookingDeps } from '../bookings/booking-deps.js';
import { recordBookingEvent } from '../bookings/booking-events.js';
import { requestChangeOf } from '../bookings/booking-exchange.js';
import { recordHistory } from '../bookings/booking-history.js';
import { confirmRefundOf, quoteRefundOf } from '../bookings/booking-refund.js';
import type { BookingSegment } from '../bookings/booking.js';
import { DomainError, notFound } from '../errors.js';
import {
  acknowledge,
  acknowledgementNote,
  firstAcknowledgement,
  type Acknowledged,
} from './schedule-change-acknowledge.js';
import { availableActions, recordScheduleChangeEvent, type ScheduleChangeAction } from './schedule-change.js';

export interface Decider {
  /** The person's (or token's) account; null when the deadline decides. */
  accountId: string | null;
  byDeadline: boolean;
}

const settled = {
  accept: { person: 'accepted', deadline: 'auto_accepted' },
  cancel: { person: 'cancelled', deadline: 'auto_cancelled' },
  change: { person: 'changed', deadline: 'changed' },
} as const;

function decided(row: ScheduleChangeRow): DomainError {
  return new DomainError(
    'schedule_change_decided',
    row.status === 'deciding'
      ? `A decision (${row.action_taken}) on ${row.id} is being carried out right now.`
      : `${row.id} is already ${row.status}.`,
  );
}

/** Claims the decision; throws when the change is decided already or the action is not available. */
export async function claimDecision(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  change: Pick<ScheduleChangeRow, 'id' | 'booking_id'>,
  action: ScheduleChangeAction,
  by: Decider,
): Promise<ScheduleChangeRow> {
  const at = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    // Lock order: the booking row first (every change of the booking serialises on it), then the
    // schedule change row.
    await lockBookingRow(trx, change.booking_id);
    const row = await lockScheduleChange(trx, change.id);
    if (!row) throw notFound('schedule change');
    if (row.status !== 'pending') throw decided(row);
    // The deadline carries out the consequence only once the deadline has passed.
    if (by.byDeadline && row.action_deadline > at) throw decided(row);
    if (!(availableActions(row) as readonly string[]).includes(action))
      throw new DomainError(
        'action_not_available',
        `${action} is not available: the booking is ${row.booking_status}` +
          (availableActions(row).length ? `; available: ${availableActions(row).join(', ')}.` : '.'),
      );
    await updateScheduleChange(trx, row.id, ['pending'], {
      status: 'deciding',
      action_taken: action,
      action_taken_by: by.accountId,
      by_deadline: by.byDeadline,
      claimed_at: at,
      updated_at: at,
    });
    return { ...row, status: 'deciding', action_taken: action };
  });
}

/** Gives a claimed decision back (nothing happened): the change is pending again. */
async function release(deps: Pick<BookingDeps, 'db' | 'clock'>, change: ScheduleChangeRow): Promise<void> {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // Lock order: the booking row, then the schedule change row.
    await lockBookingRow(trx, change.booking_id);
    await updateScheduleChange(trx, change.id, ['deciding'], {
      status: 'pending',
      action_taken: null,
      action_taken_by: null,
      by_deadline: false,
      claimed_at: null,
      updated_at: at,
    });
  });
}

/** Carries out a claimed decision and settles the change; releases the claim when it failed. */
export async function carryOut(deps: BookingDeps, change: ScheduleChangeRow, by: Decider): Promise<ScheduleChangeRow> {
  const action = change.action_taken!;
  let requestId: string | null = null;
  try {
    const booking = (await findBookingById(deps.db, change.booking_id))!;
    if (action === 'cancel') await cancelForChange(deps, booking, by.accountId);
    if (action === 'change') requestId = (await changeForChange(deps, booking, change, by.accountId)).id;
  } catch (error) {
    // The booking's own paths settle what they started (a refund whose answer was lost is
    // reconciled from the airline's order); the decision itself can be taken again.
    await release(deps, change);
    throw error;
  }
  const told = await acknowledge(deps, change, action);
  await settle(deps, change, by, { requestId, told });
  return (await findScheduleChange(deps.db, change.id))!;
}

/** A hold is released; a ticketed booking is refunded under the airline's waiver (no penalty). */
async function cancelForChange(deps: BookingDeps, booking: BookingRow, accountId: string | null): Promise<void> {
  if (booking.status === 'new') {
    await cancelHeld(deps, accountId, booking);
    return;
  }
  const quote = await quoteRefundOf(deps, booking, accountId);
  await confirmRefundOf(deps, booking, quote.id, accountId);
}

/** Other flights for the changed journeys on their booked dates; the airline waives the change fee. */
function changeForChange(deps: BookingDeps, booking: BookingRow, change: ScheduleChangeRow, accountId: string | null) {
  const removed = change.removed_segments as BookingSegment[];
  const journeys = [...new Map(removed.map((s) => [s.origin_destination, s.departure_at.slice(0, 10)])).entries()].map(
    ([origin_destination, date]) => ({ origin_destination, date }),
  );
  return requestChangeOf(deps, booking, journeys, accountId);
}

async function settle(
  deps: BookingDeps,
  change: ScheduleChangeRow,
  by: Decider,
  outcome: { requestId: string | null; told: Acknowledged },
): Promise<void> {
  const action = change.action_taken!;
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    // Lock order: the booking row, then the schedule change row.
    const booking = (await lockBookingRow(trx, change.booking_id))!;
    const status = settled[action][by.byDeadline ? 'deadline' : 'person'];
    const moved = await updateScheduleChange(trx, change.id, ['deciding'], {
      status,
      action_taken_at: at,
      flights_change_request_id: outcome.requestId,
      updated_at: at,
      // The decision stands whether or not the airline heard it; what it did not hear is told again.
      ...firstAcknowledgement(outcome.told, at),
    });
    if (!moved) return;
    // Accepting takes the airline's flights (and a hold's new time limit) over.
    if (action === 'accept' && ['new', 'issued'].includes(booking.status)) {
      const limitMoved =
        booking.status === 'new' &&
        change.new_time_limit !== null &&
        change.new_time_limit.getTime() !== booking.time_limit?.getTime();
      await takeOverFlights(
        trx,
        booking.id,
        {
          ...(change.change_type === 'time_limit_change' ? {} : { segments: change.new_segments }),
          ...(limitMoved ? { time_limit: change.new_time_limit } : {}),
        },
        at,
      );
      if (limitMoved) await recordBookingEvent(trx, 'booking.time_limit_changed', booking.id, at);
    }
    await recordHistory(trx, {
      bookingId: booking.id,
      action: 'schedule_change_decided',
      actorAccountId: by.accountId,
      at,
      detail:
        `${change.change_type.replaceAll('_', ' ')} (${change.id}): ${status.replace('_', '-')}` +
        (by.byDeadline ? ' at the action deadline' : '') +
        (outcome.requestId ? `; flight change request ${outcome.requestId}` : '') +
        acknowledgementNote(outcome.told),
    });
    await recordScheduleChangeEvent(trx, 'schedule_change.resolved', change.id, booking, at);
  });
}

/**
 * A decision whose process died (claimed long ago): an accept changes nothing but the change, and a
 * cancel that ended the booking is done, so both are finished; anything else is released and
 * decided again by whoever comes next (the deadline pass, if its deadline has passed).
 */
export async function settleStale(deps: BookingDeps, change: ScheduleChangeRow): Promise<boolean> {
  const by: Decider = { accountId: change.action_taken_by, byDeadline: change.by_deadline };
  const booking = await findBookingById(deps.db, change.booking_id);
  const ended = booking !== undefined && ['cancelled', 'refunded', 'voided'].includes(booking.status);
  if (change.action_taken === 'accept' || (change.action_taken === 'cancel' && ended)) {
    const told = await acknowledge(deps, change, change.action_taken);
    await settle(deps, change, by, { requestId: null, told });
    return true;
  }
  await release(deps, change);
  return false;
}
