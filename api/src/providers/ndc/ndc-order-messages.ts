// The NDC 21.3 order messages the adapter reads and writes (OrderCreate, OrderRetrieve,
// OrderChange, OrderReshop answers), in the flattened JSON the sandbox airlines speak
// (docs/guides/sandbox.md, "The order half"). Declared here, not imported from the sandbox.
import type { NdcDataLists, NdcMoney, NdcOffer } from './ndc-messages.js';

type Ptc = 'ADT' | 'CHD' | 'INF';

export interface NdcPaymentFunctions {
  PaymentMethod: {
    TypeCode: 'CA' | 'CC' | 'AGT';
    PaymentCard?: { CardBrandCode: string; CardNumber: string; ExpirationDate: string };
  };
  Amount: NdcMoney;
}

/** NDC's identity document: PT a passport, NI a national identity card. */
export interface NdcIdentityDoc {
  IdentityDocTypeCode: 'PT' | 'NI';
  IdentityDocID: string;
  IssuingCountryCode: string;
  CitizenshipCountryCode: string;
  ExpiryDate: string;
}

export interface NdcPaxInput {
  PaxID: string;
  PTC: Ptc;
  Birthdate: string;
  GenderCode?: 'F' | 'M';
  Individual: { GivenName: string; Surname: string; TitleName?: string };
  IdentityDoc?: NdcIdentityDoc[];
  ContactInfoRefID?: string;
}

export interface NdcContactInfo {
  ContactInfoID: string;
  EmailAddress: { EmailAddressText: string };
  Phone: { PhoneNumber: string };
}

export interface OrderCreateRQ {
  OfferID: string;
  PaxList: NdcPaxInput[];
  ContactInfoList: NdcContactInfo[];
  PaymentFunctions?: NdcPaymentFunctions;
  BookingRef: NdcBookingRef;
  /** The customer's corporate ID for the airline's corporate deals. */
  CorporateID?: string;
  /** The seller's remarks for the order (NDC's RemarkType). */
  Remark?: { RemarkText: string }[];
}

/** The seller's booking reference: sent with OrderCreate and with every later message on the order. */
export interface NdcBookingRef {
  BookingID: string;
}

export type NdcServiceItemRQ =
  | { ServiceID: string; PaxRefID: string }
  | { SeatAssignment: { PaxSegmentRefID: string; RowNumber: number; ColumnID: string }; PaxRefID: string };

export type NdcChangeOrder =
  | { PaymentFunctions: NdcPaymentFunctions }
  | { AddServiceItem: NdcServiceItemRQ[]; PaymentFunctions?: NdcPaymentFunctions }
  | {
      UpdateContactInfo: {
        EmailAddress?: { EmailAddressText: string };
        Phone?: { PhoneNumber: string };
      };
    }
  | { UpdatePax: { PaxID: string; TitleName?: string; Birthdate?: string }[] }
  | { CancelOrder: true }
  | { VoidTickets: true }
  | { RequestRefundQuote: true }
  | { AcceptRefundQuote: { RefundQuoteID: string } }
  | { AcceptReshopOffer: { ReshopOfferID: string }; PaymentFunctions?: NdcPaymentFunctions };

export type OrderReshopRQ =
  | { OrderID: string; BookingRef: NdcBookingRef; Reprice: true }
  | { OrderID: string; BookingRef: NdcBookingRef; ChangeJourney: { PaxJourneyRefID: string; DepDate: string }[] };

export type NdcOrderStatus = 'HELD' | 'ISSUED' | 'CANCELLED' | 'VOIDED' | 'REFUNDED' | 'EXPIRED' | 'AIRLINE_CANCELLED';

export interface NdcFlightItem {
  OrderItemID: string;
  TypeCode: 'FLIGHT';
  PTC: Ptc;
  PaxRefID: string[];
  Price: {
    BaseAmount: NdcMoney;
    /** The taxes by code; an airline that gives only the total leaves it out. */
    TaxSummary?: { Tax: { TaxCode: string; Amount: NdcMoney }[]; TotalTaxAmount: NdcMoney };
    TotalTaxAmount: NdcMoney;
    TotalAmount: NdcMoney;
  };
  FareDetail: { FareComponent: { PaxJourneyRefID: string; FareBasisCode: string }[]; FareCalculation: string };
}

export interface NdcServiceItem {
  OrderItemID: string;
  TypeCode: 'SERVICE' | 'SEAT';
  ServiceDefinitionRefID: string;
  Name: string;
  PaxRefID: string[];
  PaxJourneyRefID: string;
  PaxSegmentRefID?: string;
  Seat?: { RowNumber: number; ColumnID: string };
  Price: { TotalAmount: NdcMoney };
  StatusCode: 'PRICED' | 'PENDING' | 'ISSUED' | 'VOIDED' | 'REFUNDED';
  EmdDueDateTime?: string;
}

export interface NdcJourneyOverview {
  PaxJourneyRefID: string;
  RBD: { PaxSegmentRefID: string; RBDCode: string }[];
}

export interface NdcOrder {
  OrderID: string;
  OwnerCode: string;
  BookingRef?: NdcBookingRef;
  StatusCode: NdcOrderStatus;
  CreationDateTime: string;
  PaymentTimeLimitDateTime: string | null;
  InstantPaymentRequired: boolean;
  VoidDeadlineDateTime: string | null;
  FareTypeCode: string;
  CabinTypeCode: string;
  PriceClassRefID: string;
  BaggageAllowance?: NdcOffer['BaggageAllowance'];
  Penalties?: NdcOffer['Penalties'];
  TotalPrice: { TotalAmount: NdcMoney };
  AmountDue: NdcMoney;
  JourneyOverview: NdcJourneyOverview[];
  OrderItem: (NdcFlightItem | NdcServiceItem)[];
  Remark: string[];
  /** What the seller sent with OrderCreate, as the airline keeps it. */
  CorporateID?: string;
  SellerRemark?: string[];
  AirlineChange?: NdcAirlineChange[];
}

export interface NdcAirlineChange {
  NotifID: string;
  KindCode: 'DELAY' | 'RETIME' | 'FLIGHT_NUMBER_CHANGE' | 'CANCELLATION' | 'TIME_LIMIT_CHANGE';
  ReasonText: string;
  ActionDeadlineDateTime: string;
  ConsequenceCode: 'AUTO_ACCEPT' | 'AUTO_CANCEL';
  StatusCode: 'PENDING' | 'ACCEPTED' | 'CANCELLED' | 'CHANGED';
  OccurredDateTime: string;
}

export interface NdcTicketDocInfo {
  TicketNumber: string;
  TicketDocTypeCode: 'T' | 'J';
  PaxRefID: string;
  StatusCode: 'ISSUED' | 'VOIDED' | 'REFUNDED' | 'EXCHANGED';
  IssueDateTime: string;
  TotalAmount: NdcMoney;
  OrderItemRefID?: string;
  ExchangedFromTicketNumber?: string;
}

export interface NdcPaymentInfo {
  PaymentID: string;
  TypeCode: 'CA' | 'CC' | 'AGT';
  Amount: NdcMoney;
  PaymentDateTime: string;
  PurposeCode: 'TICKETS' | 'SERVICES' | 'REISSUE';
  MaskedCardID?: string;
}

export interface NdcRefundQuote {
  RefundQuoteID: string;
  RefundAmount: NdcMoney;
  PenaltyAmount: NdcMoney;
  ExpirationDateTime: string;
}

export interface OrderViewRS {
  Order: NdcOrder;
  TicketDocInfo: NdcTicketDocInfo[];
  PaymentInfo: NdcPaymentInfo[];
  RefundQuote?: NdcRefundQuote;
  Warning: { Code: string; DescText: string }[];
  DataLists: NdcDataLists & {
    PaxList: (Omit<NdcPaxInput, 'ContactInfoRefID'> & { ContactInfoRefID: string })[];
    ContactInfoList: NdcContactInfo[];
  };
}

export interface OrderReshopRS {
  OrderID: string;
  ReshopOffers: {
    ReshopOfferID: string;
    TypeCode: 'REPRICE' | 'CHANGE';
    OfferExpirationDateTime: string;
    JourneyOverview: NdcJourneyOverview[];
    NewTotalAmount: NdcMoney;
    PriceDifferenceAmount: NdcMoney;
    PenaltyAmount: NdcMoney;
    TotalDueAmount: NdcMoney;
    PriceClassRefID?: string;
    FareBasisCode?: string[];
    BaggageAllowance?: NdcOffer['BaggageAllowance'];
    Penalties?: NdcOffer['Penalties'];
  }[];
  DataLists: NdcDataLists;
}
