// The NDC 21.3 message shapes the adapter reads and writes, in the flattened JSON the sandbox
// airlines speak (docs/guides/sandbox.md). Declared here, not imported: the API never imports the
// sandbox, and a real airline's messages would be declared the same way.
export interface NdcMoney {
  Amount: string;
  CurCode: string;
}

export interface NdcErrorsBody {
  Errors?: { Error?: { Code?: string; TypeCode?: string; DescText?: string }[] };
}

export interface AirShoppingRQ {
  OriginDestCriteria: { OriginCode: string; DestCode: string; DepDate: string }[];
  PaxList: { PTC: 'ADT' | 'CHD' | 'INF'; Quantity: number }[];
  CabinTypeCode?: 'Y' | 'C';
  CarrierCriteria?: string[];
  NegoCode?: string;
  ResidentCode?: string;
}

interface NdcPenalty {
  Allowed: boolean;
  Fee?: NdcMoney;
}
interface NdcAllowance {
  Pieces: number;
  WeightKg: number;
}

export interface NdcOffer {
  OfferID: string;
  OwnerCode: string;
  ValidatingCarrierCode: string;
  FareTypeCode: 'PUBLIC' | 'NEGO' | 'RESIDENT';
  CabinTypeCode: string;
  PriceClassRefID: string;
  OfferExpirationDateTime: string;
  PaymentTimeLimitDateTime: string | null;
  InstantPaymentRequired: boolean;
  JourneyOverview: {
    OriginDestRefID: string;
    PaxJourneyRefID: string;
    RBD: { PaxSegmentRefID: string; RBDCode: string; SeatsLeft: number }[];
  }[];
  TotalPrice: { TotalAmount: NdcMoney };
  BaggageAllowance: { CheckedBags: NdcAllowance; CarryOn: NdcAllowance };
  Penalties: { Change: NdcPenalty; Refund: NdcPenalty };
  /** The passenger data the airline needs at OrderCreate (absent: birth dates only). */
  PaxDataRequirements?: { GenderRequired: boolean; IdentityDocRequired: boolean };
  OfferItem: {
    OfferItemID: string;
    PTC: 'ADT' | 'CHD' | 'INF';
    PaxQuantity: number;
    Price: {
      BaseAmount: NdcMoney;
      TaxSummary: { Tax: { TaxCode: string; Amount: NdcMoney }[]; TotalTaxAmount: NdcMoney };
      TotalAmount: NdcMoney;
    };
    FareDetail: { FareComponent: { PaxJourneyRefID: string; FareBasisCode: string }[]; FareCalculation: string };
  }[];
}

interface NdcStation {
  IATALocationCode: string;
  AircraftScheduledDateTime: string;
  StationName: string;
}

export interface NdcSegment {
  PaxSegmentID: string;
  Dep: NdcStation;
  Arrival: NdcStation;
  MarketingCarrierInfo: { CarrierDesigCode: string; CarrierName: string; MarketingCarrierFlightNumberText: string };
  OperatingCarrierInfo: { CarrierDesigCode: string; CarrierName: string; OperatingCarrierFlightNumberText: string };
  DatedOperatingLeg: { IATAAircraftTypeCode: string };
  Duration: string;
  DistanceMeasure: { Value: number; UnitCode: 'KM' };
}

export interface NdcDataLists {
  OriginDestList: { OriginDestID: string; OriginCode: string; DestCode: string; PaxJourneyRefID: string[] }[];
  PaxJourneyList: { PaxJourneyID: string; Duration: string; PaxSegmentRefID: string[] }[];
  PaxSegmentList: NdcSegment[];
  PriceClassList: { PriceClassID: string; Name: string; Code: string; CabinTypeCode: string }[];
}

export interface AirShoppingRS {
  ShoppingResponseID: string;
  OffersGroup: { CarrierOffers: { CarrierCode: string; CarrierName: string; Offer: NdcOffer[] }[] };
  DataLists: NdcDataLists;
}

export interface OfferPriceRS {
  PricedOffer: NdcOffer;
  PriceChangeInd: boolean;
  PreviousTotalAmount: NdcMoney;
  Warning: { Code: string; DescText: string }[];
  DataLists: NdcDataLists;
}

export interface ServiceListRS {
  OfferID: string;
  ServiceDefinitionList: {
    ServiceDefinitionID: string;
    Name: string;
    RFIC: string;
    RFISC: string;
    BaggageWeightKg?: number;
  }[];
  ALaCarteOffer: {
    OfferItem: {
      OfferItemID: string;
      ServiceDefinitionRefID: string;
      PaxJourneyRefID: string;
      PaxSegmentRefID?: string;
      EligiblePTC: ('ADT' | 'CHD' | 'INF')[];
      UnitPrice: NdcMoney;
    }[];
  };
}

export interface SeatAvailabilityRS {
  OfferID: string;
  SeatMap: {
    PaxSegmentRefID: string;
    CabinCompartment: {
      CabinTypeCode: string;
      ColumnID: { ID: string; Position: string }[];
      SeatRow: {
        RowNumber: number;
        Seat: {
          ColumnID: string;
          OccupationStatusCode: 'F' | 'O';
          SeatCharacteristicCode: string[];
          Price?: NdcMoney;
        }[];
      }[];
    };
  }[];
}
