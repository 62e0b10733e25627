// OrderViewRS: the airline's answer to OrderCreate, OrderRetrieve and OrderChange — the order with
// its items (the flights per passenger type, then each service or seat), the travel documents
// issued so far (TicketDocInfo: T = ticket, J = EMD, 13-digit numbers), payments, airline remarks,
// and DataLists with passengers, contacts and the flights as the airline flies them now.
import Type, { type Static } from 'typebox';
import { BaggageAllowance, DataLists, Penalties } from './air-shopping.schema.js';
import { DateTime, Money, PayloadAttributes, Warning } from './common.schema.js';
import { PaxType } from './air-shopping.schema.js';
import { IdentityDoc } from './order-common.schema.js';

export const OrderStatusCode = Type.Enum([
  'HELD',
  'ISSUED',
  'CANCELLED',
  'VOIDED',
  'REFUNDED',
  'EXPIRED',
  'AIRLINE_CANCELLED',
]);

const FlightItem = Type.Object({
  OrderItemID: Type.String(),
  TypeCode: Type.Literal('FLIGHT'),
  PTC: PaxType,
  PaxRefID: Type.Array(Type.String()),
  /**
   * Per passenger. TaxSummary keeps the taxes by code of the fare the order holds now (the priced
   * offer's, or the reissued one's after an exchange); its Tax amounts add up to TotalTaxAmount.
   */
  Price: Type.Object({
    BaseAmount: Money,
    TaxSummary: Type.Object({
      Tax: Type.Array(Type.Object({ TaxCode: Type.String(), Amount: Money })),
      TotalTaxAmount: Money,
    }),
    TotalTaxAmount: Money,
    TotalAmount: Money,
  }),
  FareDetail: Type.Object({
    FareComponent: Type.Array(Type.Object({ PaxJourneyRefID: Type.String(), FareBasisCode: Type.String() })),
    FareCalculation: Type.String(),
  }),
});

const ServiceItem = Type.Object({
  OrderItemID: Type.String(),
  TypeCode: Type.Union([Type.Literal('SERVICE'), Type.Literal('SEAT')]),
  ServiceDefinitionRefID: Type.String(),
  Name: Type.String(),
  PaxRefID: Type.Array(Type.String()),
  PaxJourneyRefID: Type.String(),
  PaxSegmentRefID: Type.Optional(Type.String()),
  Seat: Type.Optional(Type.Object({ RowNumber: Type.Integer(), ColumnID: Type.String() })),
  Price: Type.Object({ TotalAmount: Money }),
  StatusCode: Type.Enum(['PRICED', 'PENDING', 'ISSUED', 'VOIDED', 'REFUNDED']),
  /** Set while a slow EMD is pending: when the airline will issue it (sandbox clock). */
  EmdDueDateTime: Type.Optional(DateTime),
});

export const OrderSchema = Type.Object({
  OrderID: Type.String(),
  OwnerCode: Type.String(),
  /** The seller's booking reference given at OrderCreate, echoed as sent. */
  BookingRef: Type.Optional(Type.Object({ BookingID: Type.String() })),
  StatusCode: OrderStatusCode,
  CreationDateTime: DateTime,
  PaymentTimeLimitDateTime: Type.Union([DateTime, Type.Null()]),
  InstantPaymentRequired: Type.Boolean(),
  /** Null until issued; then the last moment the carrier accepts a void. */
  VoidDeadlineDateTime: Type.Union([DateTime, Type.Null()]),
  FareTypeCode: Type.String(),
  CabinTypeCode: Type.String(),
  PriceClassRefID: Type.String(),
  /** The conditions of the fare the order holds now. */
  BaggageAllowance: Type.Optional(BaggageAllowance),
  Penalties: Type.Optional(Penalties),
  TotalPrice: Type.Object({ TotalAmount: Money }),
  /** What paying now would cost: the total while held, services awaiting payment never (paid on add). */
  AmountDue: Money,
  JourneyOverview: Type.Array(
    Type.Object({
      PaxJourneyRefID: Type.String(),
      RBD: Type.Array(Type.Object({ PaxSegmentRefID: Type.String(), RBDCode: Type.String() })),
    }),
  ),
  OrderItem: Type.Array(Type.Union([FlightItem, ServiceItem])),
  Remark: Type.Array(Type.String()),
  /** What the seller sent with OrderCreate, kept as it came: the corporate ID and the seller's remarks. */
  CorporateID: Type.Optional(Type.String()),
  SellerRemark: Type.Optional(Type.Array(Type.String())),
  /** The airline's own changes of the order that asked for the seller's answer (newest last). */
  AirlineChange: Type.Optional(
    Type.Array(
      Type.Object({
        NotifID: Type.String(),
        KindCode: Type.Enum(['DELAY', 'RETIME', 'FLIGHT_NUMBER_CHANGE', 'CANCELLATION', 'TIME_LIMIT_CHANGE']),
        ReasonText: Type.String(),
        ActionDeadlineDateTime: DateTime,
        ConsequenceCode: Type.Enum(['AUTO_ACCEPT', 'AUTO_CANCEL']),
        StatusCode: Type.Enum(['PENDING', 'ACCEPTED', 'CANCELLED', 'CHANGED']),
        OccurredDateTime: DateTime,
      }),
    ),
  ),
});
export type OrderSchema = Static<typeof OrderSchema>;

export const TicketDocInfo = Type.Object({
  TicketNumber: Type.String({ pattern: '^[0-9]{13}$' }),
  TicketDocTypeCode: Type.Union([Type.Literal('T'), Type.Literal('J')]),
  PaxRefID: Type.String(),
  StatusCode: Type.Enum(['ISSUED', 'VOIDED', 'REFUNDED', 'EXCHANGED']),
  IssueDateTime: DateTime,
  TotalAmount: Money,
  OrderItemRefID: Type.Optional(Type.String()),
  ExchangedFromTicketNumber: Type.Optional(Type.String()),
});

export const PaymentInfo = Type.Object({
  PaymentID: Type.String(),
  TypeCode: Type.Union([Type.Literal('CA'), Type.Literal('CC'), Type.Literal('AGT')]),
  Amount: Money,
  PaymentDateTime: DateTime,
  PurposeCode: Type.Union([Type.Literal('TICKETS'), Type.Literal('SERVICES'), Type.Literal('REISSUE')]),
  MaskedCardID: Type.Optional(Type.String()),
});

export const RefundQuoteSchema = Type.Object({
  RefundQuoteID: Type.String(),
  RefundAmount: Money,
  PenaltyAmount: Money,
  ExpirationDateTime: DateTime,
});

export const OrderDataLists = Type.Intersect([
  DataLists,
  Type.Object({
    PaxList: Type.Array(
      Type.Object({
        PaxID: Type.String(),
        PTC: PaxType,
        Birthdate: Type.String(),
        GenderCode: Type.Optional(Type.Union([Type.Literal('F'), Type.Literal('M')])),
        Individual: Type.Object({
          GivenName: Type.String(),
          Surname: Type.String(),
          TitleName: Type.Optional(Type.String()),
        }),
        IdentityDoc: Type.Optional(Type.Array(IdentityDoc)),
        ContactInfoRefID: Type.String(),
      }),
    ),
    ContactInfoList: Type.Array(
      Type.Object({
        ContactInfoID: Type.String(),
        EmailAddress: Type.Object({ EmailAddressText: Type.String() }),
        Phone: Type.Object({ PhoneNumber: Type.String() }),
      }),
    ),
  }),
]);

export const OrderViewRS = Type.Object({
  PayloadAttributes,
  Order: OrderSchema,
  TicketDocInfo: Type.Array(TicketDocInfo),
  PaymentInfo: Type.Array(PaymentInfo),
  /** Present on the OrderChange answer that quoted or confirmed a refund. */
  RefundQuote: Type.Optional(RefundQuoteSchema),
  Warning: Type.Array(Warning),
  DataLists: OrderDataLists,
});
export type OrderViewRS = Static<typeof OrderViewRS>;
