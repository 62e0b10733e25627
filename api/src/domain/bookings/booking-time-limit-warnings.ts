// `booking.time_limit_approaching`: a held booking is announced once per warning (by default 24 h
// and 2 h before its time limit), so an agent or an integration can still issue it. A booking
// already inside a smaller window gets only that window's warning (a hold made 1 h before its limit
// is not told "24 hours"). The event's dedupe key names the booking, the window and the time limit,
// so a repeated pass, a second worker or a restart raises nothing twice, and a time limit the
// airline moves is warned about afresh.
import { heldWithTimeLimitBefore } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import { raisedDedupeKeys } from '../../db/events.repository.js';
import type { Clock } from '../clock.js';
import { recordBookingEvent } from './booking-events.js';

export async function warnApproachingTimeLimits(
  deps: { db: Db; clock: Clock },
  minutesBefore: readonly number[],
  limit = 500,
  /** Only this agency's bookings (the sandbox clock's move, for the agency that moved it). */
  agencyId?: string,
): Promise<number> {
  const now = deps.clock.now();
  const handled = new Set<string>();
  let raised = 0;
  for (const minutes of [...minutesBefore].sort((a, b) => a - b)) {
    // A test booking is measured from its agency's sandbox time (sandbox-clocks.repository.ts).
    const rows = await heldWithTimeLimitBefore(deps.db, now, minutes * 60_000, limit, agencyId);
    const keyOf = (row: (typeof rows)[number]) =>
      `time_limit_approaching:${row.id}:${minutes}:${row.time_limit!.toISOString()}`;
    // Most passes find every warning raised already: one read instead of one transaction each.
    const raisedBefore = await raisedDedupeKeys(deps.db, rows.map(keyOf));
    for (const row of rows) {
      if (handled.has(row.id)) continue;
      handled.add(row.id);
      const key = keyOf(row);
      if (raisedBefore.has(key)) continue;
      const fresh = await deps.db
        .transaction()
        .execute((trx) => recordBookingEvent(trx, 'booking.time_limit_approaching', row, now, { dedupeKey: key }));
      if (fresh) raised += 1;
    }
  }
  return raised;
}

/** The configured warnings (`TIME_LIMIT_WARNINGS_MIN`, e.g. "1440,120") as minutes. */
export const warningMinutesOf = (setting: string): number[] =>
  setting
    .split(',')
    .map(Number)
    .filter((m) => m > 0);
