// What every dialect's PNR entries share: ISO dates and HH:MM times in the cryptic forms (`15DEC`,
// `0700`), and free text made safe for a remark. Remark text is upper case and keeps only letters,
// digits, spaces and `. / -`: the characters every GDS takes in free text, so no entry-joining or
// special character (`;`, `§`, `+`, `¥`) from a name can split or change the entry it is put in.
import type { GdsBookingRecord } from './recognition.types';

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** 2026-12-15 → 15DEC */
export function dayMonth(isoDate: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new RangeError(`not an ISO date: ${isoDate}`);
  return `${match[2]}${months[Number(match[1]) - 1]}`;
}

/** 07:05 → 0705 */
export function hhmm(time: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(time);
  if (!match) throw new RangeError(`not a time: ${time}`);
  return `${match[1]}${match[2]}`;
}

/** A segment's parts checked and in cryptic form; a booking that does not fit is a bug upstream. */
export function segmentParts(segment: GdsBookingRecord['segments'][number]) {
  const parts = {
    carrier: segment.carrier.toUpperCase(),
    flightNumber: segment.flightNumber.toUpperCase(),
    bookingClass: segment.bookingClass.toUpperCase(),
    date: dayMonth(segment.departureDate),
    cityPair: `${segment.origin}${segment.destination}`.toUpperCase(),
    times: `${hhmm(segment.departureTime)}${hhmm(segment.arrivalTime)}`,
    seats: segment.seats,
  };
  const fits =
    /^(?:[A-Z][A-Z0-9]|[0-9][A-Z])$/.test(parts.carrier) &&
    /^\d{1,4}[A-Z]?$/.test(parts.flightNumber) &&
    /^[A-Z]$/.test(parts.bookingClass) &&
    /^[A-Z]{6}$/.test(parts.cityPair) &&
    Number.isInteger(parts.seats) &&
    parts.seats >= 1 &&
    parts.seats <= 99;
  if (!fits) throw new RangeError(`segment cannot be written as a GDS entry: ${JSON.stringify(segment)}`);
  return parts;
}

export function remarkText(text: string): string {
  return text
    .toUpperCase()
    .normalize('NFKD')
    .replace(/[^A-Z0-9 ./-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The remarks every dialect records, as plain text; each dialect prefixes its remark entry code. */
export function bookingRemarks(booking: {
  locator: string;
  airlineLocator?: string;
  segments: { carrier: string }[];
  tickets: { number: string; passenger: string }[];
  total?: { amount: string; currency: string };
}): string[] {
  const remarks = [`CONTRAIL BOOKING ${booking.locator}`];
  if (booking.airlineLocator) {
    const carrier = booking.segments[0]?.carrier;
    remarks.push(`AIRLINE LOCATOR ${carrier ? `${carrier}/` : ''}${booking.airlineLocator}`);
  }
  for (const ticket of booking.tickets) remarks.push(`TKT ${ticket.number} ${ticket.passenger}`);
  if (booking.total) remarks.push(`TOTAL ${booking.total.currency} ${booking.total.amount}`);
  return remarks.map(remarkText);
}
