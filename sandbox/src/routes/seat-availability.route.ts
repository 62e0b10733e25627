// POST /ndc/SeatAvailability: seat maps for every flight of a shopped offer.
import { money } from '../engine/money.js';
import { takenSeats } from '../engine/order-services.js';
import { parseBody } from '../http/parse-body.js';
import { SeatAvailabilityRQ, type SeatAvailabilityRS } from '../messages/seat-availability.schema.js';
import { segmentIdOf } from '../messages/offer.mapper.js';
import type { NdcMessage, NdcRouteDeps } from './ndc-route-deps.js';
import { offerOrOrderFor } from './offer-price.route.js';

export default function seatAvailabilityMessage({ engine, latency }: NdcRouteDeps): NdcMessage<SeatAvailabilityRS> {
  return async ({ body, channel }): Promise<SeatAvailabilityRS> => {
    const rq = parseBody(SeatAvailabilityRQ, body);
    const offer = offerOrOrderFor(engine, channel.credential, rq);
    await latency([offer.owner.code]);
    const segments = offer.journeys.flatMap((j) => j.segments);
    return {
      PayloadAttributes: { Version: '21.3', Timestamp: engine.clock.now().toISOString() },
      OfferID: offer.id,
      SeatMap: engine.seatMaps(offer).map((map, i) => {
        // Seats other orders bought are occupied too.
        const taken = takenSeats(engine.orders, map.flight.key);
        return {
          PaxSegmentRefID: segmentIdOf(segments[i]!),
          CabinCompartment: {
            CabinTypeCode: map.cabin,
            FirstRow: map.rows[0]?.number ?? 0,
            LastRow: map.rows.at(-1)?.number ?? 0,
            ColumnID: map.columns.map((c) => ({ ID: c.id, Position: c.position })),
            SeatRow: map.rows.map((row) => ({
              RowNumber: row.number,
              Seat: row.seats.map((seat) => {
                const price = seat.priceMinor === undefined ? undefined : money(seat.priceMinor, offer.currency);
                return {
                  ColumnID: seat.column,
                  OccupationStatusCode:
                    seat.occupied || taken.has(`${row.number}${seat.column}`) ? ('O' as const) : ('F' as const),
                  SeatCharacteristicCode: [...seat.characteristics],
                  ...(price ? { Price: { Amount: price.amount, CurCode: price.currency } } : {}),
                };
              }),
            })),
          },
        };
      }),
    };
  };
}
