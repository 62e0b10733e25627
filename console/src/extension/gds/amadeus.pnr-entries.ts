// The Amadeus entries that record a Contrail booking in the PNR: one GK (ghost, confirmed with the
// airline outside Amadeus, no message sent to it) long-sell per segment, with its departure and
// arrival times and the airline's record locator — SSLO752C15DECKBPWAWGK1/07000825/ABC123 — then
// general remarks (RM) with our locator, the airline locator, the ticket numbers and the price.
// GK, not PK: a passive PK segment is sent to the airline to verify, which NDC bookings cannot answer.
import { bookingRemarks, segmentParts } from './pnr-text';
import type { GdsBookingRecord } from './recognition.types';

export function amadeusPnrEntries(booking: GdsBookingRecord): string[] {
  // A record locator is letters and digits; anything else stays out of the segment (the remark keeps it).
  const airlineLocator = booking.airlineLocator?.toUpperCase();
  const locator = airlineLocator && /^[A-Z0-9]{5,8}$/.test(airlineLocator) ? `/${airlineLocator}` : '';
  const segments = booking.segments
    .map(segmentParts)
    .map(
      (s) => `SS${s.carrier}${s.flightNumber}${s.bookingClass}${s.date}${s.cityPair}GK${s.seats}/${s.times}${locator}`,
    );
  return [...segments, ...bookingRemarks(booking).map((remark) => `RM ${remark}`)];
}
