// SeatAvailabilityRQ/RS: one seat map per flight of the offer. OccupationStatusCode F = free,
// O = occupied; SeatCharacteristicCode uses the PADIS seat codes (W window, A aisle, 9 centre,
// E exit row, L extra legroom). A seat without Price is free of charge.
import Type, { type Static } from 'typebox';
import { Money, OfferRefRQ, PayloadAttributes } from './common.schema.js';
import { OrderRefRQ } from './order-common.schema.js';

/** An offer from a search, or an order (ancillaries after booking). */
export const SeatAvailabilityRQ = Type.Union([OfferRefRQ, OrderRefRQ]);
export type SeatAvailabilityRQ = Static<typeof SeatAvailabilityRQ>;

export const SeatAvailabilityRS = Type.Object({
  PayloadAttributes,
  OfferID: Type.String(),
  SeatMap: Type.Array(
    Type.Object({
      PaxSegmentRefID: Type.String(),
      CabinCompartment: Type.Object({
        CabinTypeCode: Type.String(),
        FirstRow: Type.Integer(),
        LastRow: Type.Integer(),
        ColumnID: Type.Array(Type.Object({ ID: Type.String(), Position: Type.String() })),
        SeatRow: Type.Array(
          Type.Object({
            RowNumber: Type.Integer(),
            Seat: Type.Array(
              Type.Object({
                ColumnID: Type.String(),
                OccupationStatusCode: Type.Union([Type.Literal('F'), Type.Literal('O')]),
                SeatCharacteristicCode: Type.Array(Type.String()),
                Price: Type.Optional(Money),
              }),
            ),
          }),
        ),
      }),
    }),
  ),
});
export type SeatAvailabilityRS = Static<typeof SeatAvailabilityRS>;
