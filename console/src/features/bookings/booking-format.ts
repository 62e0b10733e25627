// How a booking reads in a list row: its passengers, its route journey by journey, and its travel
// days. Flight times stay local to their airports (the API sends them with their offset), so days
// are read from the text, as the search results do.
import type { Booking, BookingPassenger, BookingSegment } from '@contrail/sdk';

/** "KOVALENKO/OLENA MRS", as airlines print a passenger. */
export function passengerName(p: Pick<BookingPassenger, 'first_name' | 'last_name' | 'title'>): string {
  return `${p.last_name.toUpperCase()}/${p.first_name.toUpperCase()}${p.title ? ` ${p.title}` : ''}`;
}

/** The journeys in order, each as its airports: `[['WAW', 'FRA', 'LIS'], ['LIS', 'WAW']]`. */
export function journeysOf(segments: readonly BookingSegment[]): string[][] {
  const journeys = new Map<number, BookingSegment[]>();
  for (const segment of segments) {
    const journey = journeys.get(segment.origin_destination) ?? [];
    journey.push(segment);
    journeys.set(segment.origin_destination, journey);
  }
  return [...journeys.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, flights]) => {
      const sorted = [...flights].sort((a, b) => a.departure_at.localeCompare(b.departure_at));
      return [sorted[0]!.origin, ...sorted.map((flight) => flight.destination)];
    });
}

/** "WAW–FRA–LIS, LIS–WAW". */
export function routeOf(segments: readonly BookingSegment[]): string {
  return journeysOf(segments)
    .map((airports) => airports.join('–'))
    .join(', ');
}

/** The local day each journey departs, `YYYY-MM-DD`, in journey order. */
export function travelDays(segments: readonly BookingSegment[]): string[] {
  const firstOf = new Map<number, string>();
  for (const segment of segments) {
    const known = firstOf.get(segment.origin_destination);
    if (known === undefined || segment.departure_at < known)
      firstOf.set(segment.origin_destination, segment.departure_at);
  }
  return [...firstOf.entries()].sort(([a], [b]) => a - b).map(([, departure]) => departure.slice(0, 10));
}

/** The statuses in which the booking can still be worked on; the others ended it. */
export function isOpen(booking: Pick<Booking, 'status'>): boolean {
  return booking.status === 'new' || booking.status === 'issuing' || booking.status === 'issued';
}
