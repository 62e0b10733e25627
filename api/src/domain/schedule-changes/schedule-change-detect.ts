// Taking in an airline's change that asks for a decision. The airline's order names the change
// (its notice's id, kind, reason, deadline and consequence); the flights as booked against the
// flights in that order say what changed (schedule-change-diff.ts), whether the order came in the
// notice (full) or was retrieved (light). One change per notice: the notice id is unique per
// channel, so an airline's resend, or a job run twice, adds nothing and raises nothing. A newer
// change of the same booking supersedes one still undecided (the airline asks about the order as
// it is now).
import { lockBookingRow, type BookingRow } from '../../db/bookings.repository.js';
import {
  insertScheduleChange,
  noticeSeen,
  openChangesOf,
  updateScheduleChange,
} from '../../db/schedule-changes.repository.js';
import type { ProviderOrder } from '../../providers/airline-provider.js';
import type { BookingDeps } from '../bookings/booking-deps.js';
import { recordHistory } from '../bookings/booking-history.js';
import { segmentsOf, type BookingSegment } from '../bookings/booking.js';
import { newId } from '../ids.js';
import { diffSegments } from './schedule-change-diff.js';
import { recordScheduleChangeEvent } from './schedule-change.js';

/** Records the change the notice announced, if the airline asks for a decision on it; true when new. */
export async function detectScheduleChange(
  deps: Pick<BookingDeps, 'db' | 'clock'>,
  input: { channelId: string; notifId: string; booking: BookingRow; order: ProviderOrder },
): Promise<boolean> {
  const { db, clock } = deps;
  const { booking, order } = input;
  const asked = order.airlineChanges?.find((c) => c.id === input.notifId);
  // A notice that asks nothing (an expired hold, an EMD, a change already answered) is history only.
  if (!asked || asked.state !== 'pending') return false;
  if (await noticeSeen(db, input.channelId, input.notifId)) return false;
  const at = clock.now();
  return db.transaction().execute(async (trx) => {
    // Lock order: the booking row, then its schedule changes.
    const row = await lockBookingRow(trx, booking.id);
    if (!row) return false;
    const before = row.segments as BookingSegment[];
    const after = segmentsOf(order.journeys, order.bookingClasses);
    const newLimit = order.paymentTimeLimit ? new Date(order.paymentTimeLimit) : null;
    // The booking may have taken the new time limit over already (it was opened first); the
    // airline's kind then says what changed.
    const diff = diffSegments(before, after, { before: row.time_limit, after: newLimit }) ?? {
      type: asked.kind,
      removed: [],
      added: [],
    };
    const id = newId('sch');
    const inserted = await insertScheduleChange(trx, {
      id,
      booking_id: row.id,
      channel_id: input.channelId,
      notif_id: input.notifId,
      change_type: diff.type,
      reason: asked.reason,
      removed_segments: JSON.stringify(diff.removed),
      added_segments: JSON.stringify(diff.added),
      new_segments: JSON.stringify(after),
      previous_time_limit: row.status === 'new' ? row.time_limit : null,
      new_time_limit: row.status === 'new' ? newLimit : null,
      action_deadline: new Date(asked.actionDeadline),
      consequence: asked.consequenceOfInaction,
      status: 'pending',
      live_mode: !row.fake_booking,
      created_at: at,
      updated_at: at,
    });
    if (!inserted) return false;
    for (const older of await openChangesOf(trx, row.id)) {
      if (older.id === id || older.status !== 'pending') continue;
      await updateScheduleChange(trx, older.id, ['pending'], { status: 'superseded', updated_at: at });
      await recordScheduleChangeEvent(trx, 'schedule_change.resolved', older.id, row, at);
    }
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'schedule_change_detected',
      actorAccountId: null,
      at,
      detail:
        `${diff.type.replaceAll('_', ' ')} (${id}): decide by ${asked.actionDeadline}, ` +
        `otherwise ${asked.consequenceOfInaction.replace('_', '-')}.`,
      airlineAnswer: asked.reason,
    });
    await recordScheduleChangeEvent(trx, 'schedule_change.detected', id, row, at);
    return true;
  });
}
