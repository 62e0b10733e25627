// The Travelport (Galileo) entries that record a Contrail booking in the booking file: one AK passive
// segment per flight (booked outside Galileo, no message to the airline), with its times —
// 0LO752C15DECKBPWAWAK1/07000825 — then notepad remarks (NP.) with our locator, the airline
// locator, the ticket numbers and the price, where the mid office's back-office feed reads them.
import { bookingRemarks, segmentParts } from './pnr-text';
import type { GdsBookingRecord } from './recognition.types';

export function travelportPnrEntries(booking: GdsBookingRecord): string[] {
  const segments = booking.segments
    .map(segmentParts)
    .map((s) => `0${s.carrier}${s.flightNumber}${s.bookingClass}${s.date}${s.cityPair}AK${s.seats}/${s.times}`);
  return [...segments, ...bookingRemarks(booking).map((remark) => `NP.${remark}`)];
}
