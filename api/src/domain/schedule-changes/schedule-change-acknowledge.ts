// Telling the airline a schedule change's decision (NDC OrderChange AcknowledgeChange), until it
// has heard it. The decision itself never waits for the airline: it is carried out and kept
// (schedule-change-decide.ts), and when the airline cannot be reached the worker tells it again,
// after 5 s, then twice as long each time up to 10 minutes, until it answers. Only the
// acknowledgement is sent again, never the decision's own work (a refund, a release): that ran once,
// before the first try. The airline treats the same answer to the same change as one (safe to
// repeat), and a try is claimed in PostgreSQL, so two workers never send one try at once. An
// airline that refuses the acknowledgement (it no longer knows the change, or has it answered
// otherwise) is not asked again; the booking's history says so, for a person to follow up.
import { findBookingById, lockBookingRow } from '../../db/bookings.repository.js';
import {
  claimDueAcknowledgements,
  updateScheduleChange,
  type ScheduleChangeRow,
} from '../../db/schedule-changes.repository.js';
import { ProviderError, type ProviderErrorKind } from '../../providers/airline-provider.js';
import type { BookingDeps } from '../bookings/booking-deps.js';
import { recordHistory } from '../bookings/booking-history.js';
import { orderRefOf } from '../bookings/booking-order-ref.js';
import { DomainError } from '../errors.js';
import type { ScheduleChangeAction } from './schedule-change.js';

export type Acknowledged = { kind: 'told' } | { kind: 'unreachable' } | { kind: 'refused'; reason: string };

/** The airline could not be reached or did not answer in time: worth telling it again. */
const unreachable: readonly ProviderErrorKind[] = ['timeout', 'unavailable', 'airline_error'];

export const acknowledgementRetry = { firstMs: 5_000, capMs: 10 * 60_000, leaseMs: 2 * 60_000 };

/** The wait before the next try after `failed` tries failed (5 s, 10 s, 20 s, … up to 10 min). */
export const acknowledgementWaitMs = (failed: number) =>
  Math.min(acknowledgementRetry.capMs, acknowledgementRetry.firstMs * 2 ** Math.max(0, failed - 1));

/** Tells the airline the decision once. */
export async function acknowledge(
  deps: Pick<BookingDeps, 'db' | 'channels' | 'provider'>,
  change: Pick<ScheduleChangeRow, 'booking_id' | 'notif_id'>,
  action: ScheduleChangeAction,
): Promise<Acknowledged> {
  try {
    const booking = (await findBookingById(deps.db, change.booking_id))!;
    const { channel } = await deps.channels.forBooking(booking);
    await deps.provider.acknowledgeChange(channel, orderRefOf(booking), change.notif_id, action);
    return { kind: 'told' };
  } catch (error) {
    if (error instanceof ProviderError && unreachable.includes(error.kind)) return { kind: 'unreachable' };
    if (error instanceof ProviderError) return { kind: 'refused', reason: error.airlineMessage };
    if (error instanceof DomainError) return { kind: 'refused', reason: error.message };
    throw error;
  }
}

/** What a settled decision records of its first try: when it was told, or when to try again. */
export function firstAcknowledgement(told: Acknowledged, at: Date) {
  return {
    acknowledged_at: told.kind === 'told' ? at : null,
    ack_attempts: 1,
    ack_next_at: told.kind === 'unreachable' ? new Date(at.getTime() + acknowledgementWaitMs(1)) : null,
  };
}

/** How the booking's history ends the decision's line about the airline. */
export function acknowledgementNote(told: Acknowledged): string {
  if (told.kind === 'told') return '.';
  if (told.kind === 'unreachable') return '. The airline could not be reached; it is told again until it answers.';
  return `. The airline refused the acknowledgement (${told.reason}); tell it yourself.`;
}

const decidedStatuses = ['accepted', 'cancelled', 'changed', 'auto_accepted', 'auto_cancelled'] as const;

/**
 * One pass (the worker runs it on its sweep): every decided change whose acknowledgement is due is
 * told to the airline again. Answers how many the airline heard in this pass.
 */
export async function retryAcknowledgements(deps: BookingDeps, options: { limit?: number } = {}): Promise<number> {
  const now = deps.clock.now();
  const due = await claimDueAcknowledgements(deps.db, {
    now,
    until: new Date(now.getTime() + acknowledgementRetry.leaseMs),
    limit: options.limit ?? 50,
  });
  let told = 0;
  for (const change of due) {
    const outcome = await acknowledge(deps, change, change.action_taken!);
    const at = deps.clock.now();
    const failed = change.ack_attempts + 1;
    await deps.db.transaction().execute(async (trx) => {
      // Lock order: the booking row, then the schedule change row.
      await lockBookingRow(trx, change.booking_id);
      if (outcome.kind === 'unreachable') {
        await updateScheduleChange(trx, change.id, decidedStatuses, {
          ack_attempts: failed,
          ack_next_at: new Date(at.getTime() + acknowledgementWaitMs(failed)),
        });
        return;
      }
      await updateScheduleChange(trx, change.id, decidedStatuses, {
        ack_attempts: failed,
        ack_next_at: null,
        acknowledged_at: outcome.kind === 'told' ? at : null,
      });
      await recordHistory(trx, {
        bookingId: change.booking_id,
        action: 'schedule_change_acknowledged',
        actorAccountId: null,
        at,
        detail:
          outcome.kind === 'told'
            ? `The airline was told of the decision on ${change.id} (${change.action_taken}) after ${failed} tries.`
            : `The airline refused the acknowledgement of ${change.id} (${outcome.reason}); tell it yourself.`,
      });
    });
    if (outcome.kind === 'told') told += 1;
  }
  return told;
}
