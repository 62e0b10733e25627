// OrderReshopRQ/RS: `Reprice` asks what the same flights cost now; `ChangeJourney` asks for other
// flights on new dates for the named journeys. Each ReshopOffer states the new total, the
// difference to what the order costs now, the change fee and the amount due to accept it
// (OrderChange AcceptReshopOffer).
import Type, { type Static } from 'typebox';
import { BaggageAllowance, DataLists, Penalties } from './air-shopping.schema.js';
import { DateTime, IsoDate, Money, PayloadAttributes } from './common.schema.js';
import { BookingRef, OrderId } from './order-common.schema.js';

export const OrderReshopRQ = Type.Union([
  Type.Object(
    { OrderID: OrderId, BookingRef: Type.Optional(BookingRef), Reprice: Type.Literal(true) },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      OrderID: OrderId,
      BookingRef: Type.Optional(BookingRef),
      ChangeJourney: Type.Array(
        Type.Object({ PaxJourneyRefID: Type.String(), DepDate: IsoDate }, { additionalProperties: false }),
        { minItems: 1, maxItems: 6 },
      ),
    },
    { additionalProperties: false },
  ),
]);
export type OrderReshopRQ = Static<typeof OrderReshopRQ>;

export const ReshopOfferSchema = Type.Object({
  ReshopOfferID: Type.String(),
  TypeCode: Type.Union([Type.Literal('REPRICE'), Type.Literal('CHANGE')]),
  OfferExpirationDateTime: DateTime,
  JourneyOverview: Type.Array(
    Type.Object({
      PaxJourneyRefID: Type.String(),
      RBD: Type.Array(Type.Object({ PaxSegmentRefID: Type.String(), RBDCode: Type.String() })),
    }),
  ),
  NewTotalAmount: Money,
  PriceDifferenceAmount: Money,
  PenaltyAmount: Money,
  TotalDueAmount: Money,
  /** The new fare's brand, fare basis per journey and conditions, to compare with the order's. */
  PriceClassRefID: Type.Optional(Type.String()),
  FareBasisCode: Type.Optional(Type.Array(Type.String())),
  BaggageAllowance: Type.Optional(BaggageAllowance),
  Penalties: Type.Optional(Penalties),
});

export const OrderReshopRS = Type.Object({
  PayloadAttributes,
  OrderID: Type.String(),
  ReshopOffers: Type.Array(ReshopOfferSchema),
  DataLists,
});
export type OrderReshopRS = Static<typeof OrderReshopRS>;
