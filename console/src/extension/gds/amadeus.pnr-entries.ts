// The Amadeus entries that record a Contrail booking in the PNR: one GK (ghost, confirmed with the
// airline outside Amadeus, no message sent to it) long-sell per segment, with its departure and
// arrival times and the airline's record locator — SSLO752C15DECKBPWAWGK1/07000825/ABC123 — then
// general remarks (RM) with our locator, the airline locator, the ticket numbers and the price.
// GK, not PK: a passive PK segment is sent to the airline to verify, which NDC bookings cannot answer.
import { bookingRemarks, dayMonth, hhmm } from './pnr-text';
import type { GdsBookingRecord } from './recognition.types';

export function amadeusPnrEntries(booking: GdsBookingRecord): string[] {
  const locator = booking.airlineLocator ? `/${booking.airlineLocator.toUpperCase()}` : '';
  const segments = booking.segments.map(
    (s) =>
      `SS${s.carrier}${s.flightNumber}${s.bookingClass}${dayMonth(s.departureDate)}${s.origin}${s.destination}` +
      `GK${s.seats}/${hhmm(s.departureTime)}${hhmm(s.arrivalTime)}${locator}`,
  );
  return [...segments, ...bookingRemarks(booking).map((remark) => `RM ${remark}`)];
}
