// The Sabre entries that record a Contrail booking in the PNR: one GK long-sell per segment (sold
// directly with the carrier, no message sent), with its times — 0LO752C15DECKBPWAWGK1/07000825 —
// then general remarks (5) with our locator, the airline locator, the ticket numbers and the price.
// Sabre's GK segment has no field for the airline's record locator, so it goes in a remark.
import { bookingRemarks, segmentParts } from './pnr-text';
import type { GdsBookingRecord } from './recognition.types';

export function sabrePnrEntries(booking: GdsBookingRecord): string[] {
  const segments = booking.segments
    .map(segmentParts)
    .map((s) => `0${s.carrier}${s.flightNumber}${s.bookingClass}${s.date}${s.cityPair}GK${s.seats}/${s.times}`);
  return [...segments, ...bookingRemarks(booking).map((remark) => `5${remark}`)];
}
