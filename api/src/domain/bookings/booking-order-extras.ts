// What the agency's switches add to an airline order when a booking is made:
// - corporate_number_on: the customer's corporate number the agent enters goes to the airline
//   (NDC's corporate ID, for corporate deals) and stays on the booking; with the switch off, a
//   corporate number is refused rather than silently dropped;
// - ghost_segments_remarks_on: one remark per flight of the booked itinerary (carrier and number,
//   route, departure), so back and mid offices that read the airline's order see every segment
//   as text, as GDS ghost-segment remarks let them.
import type { OrderSwitches } from '../../db/agencies.repository.js';
import { DomainError } from '../errors.js';
import type { Offer } from '../offers/offer.js';

export interface OrderExtras {
  corporateNumber?: string;
  remarks?: string[];
}

/** What the agency's switches (as findOrderSwitches read them) add to the order of `offer`. */
export function orderExtrasFor(
  switches: OrderSwitches | undefined,
  offer: Pick<Offer, 'origin_destinations'>,
  corporateNumber: string | undefined,
): OrderExtras {
  if (corporateNumber !== undefined && !switches?.corporate_number_on)
    throw new DomainError('validation_failed', 'This agency does not send corporate numbers to airlines.', {
      pointer: '/corporate_number',
    });
  const extras: OrderExtras = {};
  if (corporateNumber !== undefined) extras.corporateNumber = corporateNumber.toUpperCase();
  if (switches?.ghost_segments_remarks_on) extras.remarks = ghostSegmentRemarks(offer);
  return extras;
}

/** `GHOST SEG 1 LH1349 WAW-FRA 2026-12-01T07:05`: one line per flight, in itinerary order. */
export function ghostSegmentRemarks(offer: Pick<Offer, 'origin_destinations'>): string[] {
  return offer.origin_destinations
    .flatMap((od) => od.flights)
    .map(
      (f, i) =>
        `GHOST SEG ${i + 1} ${f.flight_number} ${f.origin.code}-${f.destination.code} ${f.departure_at.slice(0, 16)}`,
    );
}
