// Carrying a held booking's ancillaries to the booking a rebook makes: each service or seat on the
// airline's order is asked again of the cheaper class — the same service (code, passenger, journey,
// flight) or the same seat — through the bookings' own item rules (booking-ancillary-items.ts).
// One the new class cannot have disqualifies the candidate, so a rebook never loses what the
// traveller had. A seat the old hold keeps is not free for the new booking (it is booked before
// the old hold is released), so a booking with a seat is not rebooked.
import type { BookingRow } from '../../db/bookings.repository.js';
import type { ProviderOrder, SeatMap, ServiceOption, ServiceRequest } from '../../providers/airline-provider.js';
import { resolveItems, type AncillaryInput } from '../bookings/booking-ancillary-items.js';
import type { BookingPassenger, BookingSegment } from '../bookings/booking.js';
import { DomainError, DomainErrors } from '../errors.js';

/** What the item rules need of the booking. */
export const bookingFacts = (row: BookingRow) => ({
  passengers: row.passengers as BookingPassenger[],
  segments: row.segments as BookingSegment[],
  currency: row.currency.trim(),
});

export interface Offered {
  services: readonly ServiceOption[];
  seatMaps: readonly SeatMap[];
}

type Carried = { requests: ServiceRequest[] } | { refusal: string };

/** The live services and seats of the held order, one per passenger. */
const liveServices = (order: ProviderOrder) =>
  order.services.filter((s) => s.status !== 'voided' && s.status !== 'refunded');

/** Whether the airline's order carries ancillaries a rebook must carry over. */
export const carriesAncillaries = (order: ProviderOrder) => liveServices(order).length > 0;

/**
 * The requests that give the new booking the same ancillaries, asked of what the new class offers,
 * or why one cannot be had (the check log's reason).
 */
export function carryOver(order: ProviderOrder, booking: ReturnType<typeof bookingFacts>, offered: Offered): Carried {
  const input: AncillaryInput[] = [];
  for (const service of liveServices(order)) {
    const journeyIndex = order.journeys.findIndex((j) => j.id === service.journeyId);
    for (const passengerId of service.passengerIds) {
      if (service.seat && service.segmentId) {
        input.push({ seat: { segment_id: service.segmentId, ...service.seat }, passenger_id: passengerId });
        continue;
      }
      const same = offered.services.find(
        (o) => o.code === service.code && o.journeyIndex === journeyIndex && o.segmentId === service.segmentId,
      );
      if (!same) return { refusal: `The new class cannot have the carried ${service.name}.` };
      input.push({ service_id: same.id, passenger_id: passengerId });
    }
  }
  try {
    return { requests: resolveItems(input, booking, offered).map((item) => item.request) };
  } catch (error) {
    const first = error instanceof DomainErrors ? error.errors[0] : error;
    if (!(first instanceof DomainError)) throw error;
    return { refusal: `The new class cannot have a carried ancillary: ${first.detail ?? first.code}` };
  }
}
