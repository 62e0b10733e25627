// AirShoppingRQ/RS. Offers are grouped per carrier (OffersGroup.CarrierOffers[].Offer[]); each
// offer points through JourneyOverview at one journey per origin-destination, and the journeys,
// segments and price classes sit once in DataLists, as NDC de-duplicates them.
import Type, { type Static } from 'typebox';
import { CarrierCode, DateTime, IataLocationCode, IsoDate, Money, PayloadAttributes } from './common.schema.js';

export const PaxType = Type.Union([Type.Literal('ADT'), Type.Literal('CHD'), Type.Literal('INF')]);

export const AirShoppingRQ = Type.Object(
  {
    OriginDestCriteria: Type.Array(
      Type.Object({ OriginCode: IataLocationCode, DestCode: IataLocationCode, DepDate: IsoDate }),
      { minItems: 1, maxItems: 6 },
    ),
    PaxList: Type.Array(Type.Object({ PTC: PaxType, Quantity: Type.Integer({ minimum: 1, maximum: 9 }) }), {
      minItems: 1,
      maxItems: 3,
    }),
    CabinTypeCode: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('C')])),
    CarrierCriteria: Type.Optional(Type.Array(CarrierCode, { maxItems: 12 })),
    NegoCode: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    ResidentCode: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
    /** Sandbox only: how long the search-timeout route waits before answering. */
    SandboxDelayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: 120_000 })),
  },
  { additionalProperties: false },
);
export type AirShoppingRQ = Static<typeof AirShoppingRQ>;

const Allowance = Type.Object({ Pieces: Type.Integer(), WeightKg: Type.Integer() });
const Penalty = Type.Object({ Allowed: Type.Boolean(), Fee: Type.Optional(Money) });
/** A fare's conditions, as offers, orders and reshop offers state them alike. */
export const BaggageAllowance = Type.Object({ CheckedBags: Allowance, CarryOn: Allowance });
export const Penalties = Type.Object({ Change: Penalty, Refund: Penalty });

export const OfferSchema = Type.Object({
  OfferID: Type.String(),
  OwnerCode: CarrierCode,
  ValidatingCarrierCode: CarrierCode,
  FareTypeCode: Type.Union([Type.Literal('PUBLIC'), Type.Literal('NEGO'), Type.Literal('RESIDENT')]),
  CabinTypeCode: Type.String(),
  PriceClassRefID: Type.String(),
  OfferExpirationDateTime: DateTime,
  PaymentTimeLimitDateTime: Type.Union([DateTime, Type.Null()]),
  InstantPaymentRequired: Type.Boolean(),
  JourneyOverview: Type.Array(
    Type.Object({
      OriginDestRefID: Type.String(),
      PaxJourneyRefID: Type.String(),
      RBD: Type.Array(
        Type.Object({ PaxSegmentRefID: Type.String(), RBDCode: Type.String(), SeatsLeft: Type.Integer() }),
      ),
    }),
  ),
  TotalPrice: Type.Object({ TotalAmount: Money }),
  BaggageAllowance,
  Penalties,
  /** Which passenger data OrderCreate needs beside birth dates (advance passenger information). */
  PaxDataRequirements: Type.Object({ GenderRequired: Type.Boolean(), IdentityDocRequired: Type.Boolean() }),
  OfferItem: Type.Array(
    Type.Object({
      OfferItemID: Type.String(),
      PTC: PaxType,
      PaxQuantity: Type.Integer(),
      Price: Type.Object({
        BaseAmount: Money,
        TaxSummary: Type.Object({
          Tax: Type.Array(Type.Object({ TaxCode: Type.String(), Amount: Money })),
          TotalTaxAmount: Money,
        }),
        TotalAmount: Money,
      }),
      FareDetail: Type.Object({
        FareComponent: Type.Array(Type.Object({ PaxJourneyRefID: Type.String(), FareBasisCode: Type.String() })),
        FareCalculation: Type.String(),
      }),
    }),
  ),
});
export type OfferSchema = Static<typeof OfferSchema>;

const Station = Type.Object({
  IATALocationCode: Type.String(),
  AircraftScheduledDateTime: DateTime,
  StationName: Type.String(),
});
const MarketingCarrierInfo = Type.Object({
  CarrierDesigCode: CarrierCode,
  CarrierName: Type.String(),
  MarketingCarrierFlightNumberText: Type.String(),
});
const OperatingCarrierInfo = Type.Object({
  CarrierDesigCode: CarrierCode,
  CarrierName: Type.String(),
  OperatingCarrierFlightNumberText: Type.String(),
});

export const DataLists = Type.Object({
  OriginDestList: Type.Array(
    Type.Object({
      OriginDestID: Type.String(),
      OriginCode: Type.String(),
      DestCode: Type.String(),
      PaxJourneyRefID: Type.Array(Type.String()),
    }),
  ),
  PaxJourneyList: Type.Array(
    Type.Object({ PaxJourneyID: Type.String(), Duration: Type.String(), PaxSegmentRefID: Type.Array(Type.String()) }),
  ),
  PaxSegmentList: Type.Array(
    Type.Object({
      PaxSegmentID: Type.String(),
      Dep: Station,
      Arrival: Station,
      MarketingCarrierInfo,
      OperatingCarrierInfo,
      DatedOperatingLeg: Type.Object({ IATAAircraftTypeCode: Type.String() }),
      Duration: Type.String(),
      DistanceMeasure: Type.Object({ Value: Type.Integer(), UnitCode: Type.Literal('KM') }),
    }),
  ),
  PriceClassList: Type.Array(
    Type.Object({
      PriceClassID: Type.String(),
      Name: Type.String(),
      Code: Type.String(),
      CabinTypeCode: Type.String(),
    }),
  ),
});
export type DataLists = Static<typeof DataLists>;

export const AirShoppingRS = Type.Object({
  PayloadAttributes,
  ShoppingResponseID: Type.String(),
  OffersGroup: Type.Object({
    CarrierOffers: Type.Array(Type.Object({ CarrierCode, CarrierName: Type.String(), Offer: Type.Array(OfferSchema) })),
  }),
  DataLists,
});
export type AirShoppingRS = Static<typeof AirShoppingRS>;
