// When a connection's next batch is cut: `each` as documents come (every worker pass that finds
// new ones), `hourly` once per clock hour, `daily` once a day at `daily_at` on the agency's clock.
import { agencyTimeZone } from '../../db/accounting-documents.repository.js';
import type { ConnectionRow } from '../../db/back-office-connections.repository.js';
import type { Db } from '../../db/database.js';

/** The local date and HH:MM of an instant in a time zone. */
function localOf(at: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

export function dueBySchedule(
  c: Pick<ConnectionRow, 'schedule' | 'daily_at' | 'last_cut_at'>,
  now: Date,
  timeZone: string,
): boolean {
  if (c.schedule === 'each') return true;
  const last = c.last_cut_at;
  if (c.schedule === 'hourly')
    return !last || Math.floor(now.getTime() / 3_600_000) > Math.floor(last.getTime() / 3_600_000);
  const slot = c.daily_at ?? '00:00';
  const today = localOf(now, timeZone);
  if (today.time < slot) return false;
  if (!last) return true;
  const cut = localOf(last, timeZone);
  // Cut already since today's slot: not again until tomorrow's.
  return cut.date < today.date || cut.time < slot;
}

export async function isDue(db: Db, c: ConnectionRow, now: Date): Promise<boolean> {
  if (c.schedule === 'each' || c.schedule === 'hourly') return dueBySchedule(c, now, 'UTC');
  return dueBySchedule(c, now, (await agencyTimeZone(db, c.agency_id)) ?? 'UTC');
}
