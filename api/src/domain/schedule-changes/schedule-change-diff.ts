// What an airline changed, worked out from the flights as booked and as the airline has them now
// (a light notice says only that something changed). Airlines name a flight by carrier, number,
// route and date: a flight that keeps its id but moves is a delay (later by at most 12 hours —
// airlines announce longer slips as retimes) or a retime (earlier, or later by more); a flight
// replaced by another at the same time and route under a new number is a flight number change; a
// flight replaced by any other is a cancellation (the added flights are the airline's protection).
// Nothing moved but the time limit: a time-limit change.
import type { BookingSegment } from '../bookings/booking.js';

export type ScheduleChangeType = 'delay' | 'retime' | 'flight_number_change' | 'cancellation' | 'time_limit_change';

export interface SegmentDiff {
  type: ScheduleChangeType;
  removed: BookingSegment[];
  added: BookingSegment[];
}

const maxDelayMs = 12 * 3600_000;
const instant = (local: string) => Date.parse(local);

export function diffSegments(
  before: readonly BookingSegment[],
  after: readonly BookingSegment[],
  timeLimits: { before: Date | null; after: Date | null },
): SegmentDiff | null {
  const afterIds = new Set(after.map((s) => s.flight_id));
  const beforeIds = new Set(before.map((s) => s.flight_id));
  const gone = before.filter((s) => !afterIds.has(s.flight_id));
  const come = after.filter((s) => !beforeIds.has(s.flight_id));
  if (gone.length || come.length) {
    const renumbered =
      gone.length === come.length &&
      gone.every((g, i) => {
        const c = come[i]!;
        return (
          c.origin === g.origin &&
          c.destination === g.destination &&
          instant(c.departure_at) === instant(g.departure_at) &&
          c.flight_number !== g.flight_number
        );
      });
    return { type: renumbered ? 'flight_number_change' : 'cancellation', removed: gone, added: come };
  }
  const moved = before.flatMap((b) => {
    const a = after.find((s) => s.flight_id === b.flight_id)!;
    return a.departure_at !== b.departure_at || a.arrival_at !== b.arrival_at ? [{ b, a }] : [];
  });
  if (moved.length) {
    const later = moved.every(({ b, a }) => {
      const slip = instant(a.departure_at) - instant(b.departure_at);
      return slip > 0 && slip <= maxDelayMs;
    });
    return { type: later ? 'delay' : 'retime', removed: moved.map((m) => m.b), added: moved.map((m) => m.a) };
  }
  if ((timeLimits.before?.getTime() ?? null) !== (timeLimits.after?.getTime() ?? null))
    return { type: 'time_limit_change', removed: [], added: [] };
  return null;
}
