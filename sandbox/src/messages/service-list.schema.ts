// ServiceListRQ/RS: the ancillaries an offer can be sold with. Definitions are listed once; each
// A-la-carte item prices one definition for one journey (bags, priority) or one flight (meal,
// wifi, lounge), per passenger.
import Type, { type Static } from 'typebox';
import { Money, OfferRefRQ, PayloadAttributes } from './common.schema.js';
import { OrderRefRQ } from './order-common.schema.js';
import { PaxType } from './air-shopping.schema.js';

/** An offer from a search, or an order (ancillaries after booking). */
export const ServiceListRQ = Type.Union([OfferRefRQ, OrderRefRQ]);
export type ServiceListRQ = Static<typeof ServiceListRQ>;

export const ServiceListRS = Type.Object({
  PayloadAttributes,
  OfferID: Type.String(),
  ServiceDefinitionList: Type.Array(
    Type.Object({
      ServiceDefinitionID: Type.String(),
      Name: Type.String(),
      RFIC: Type.String(),
      RFISC: Type.String(),
      BaggageWeightKg: Type.Optional(Type.Integer()),
    }),
  ),
  ALaCarteOffer: Type.Object({
    OfferItem: Type.Array(
      Type.Object({
        OfferItemID: Type.String(),
        ServiceDefinitionRefID: Type.String(),
        PaxJourneyRefID: Type.String(),
        PaxSegmentRefID: Type.Optional(Type.String()),
        EligiblePTC: Type.Array(PaxType),
        UnitPrice: Money,
      }),
    ),
  }),
});
export type ServiceListRS = Static<typeof ServiceListRS>;
