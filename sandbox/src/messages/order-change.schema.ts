// OrderChangeRQ: one change per message, named by the one key ChangeOrder carries:
// PaymentFunctions (pay and issue), AddServiceItem (services and seats; after issue with their own
// PaymentFunctions), UpdateContactInfo (email/phone), UpdatePax (title/birthdate corrections before
// issue), CancelOrder (before issue), VoidTickets (after issue, inside the void window),
// RequestRefundQuote / AcceptRefundQuote, AcceptReshopOffer (re-price or flight change; reissues
// when ticketed), AcknowledgeChange (the seller's answer to the airline's own change of the order,
// named by its notice's NotifID). The answer is an OrderViewRS.
import Type, { type Static } from 'typebox';
import { IsoDate } from './common.schema.js';
import { BookingRef, ContactInfo, OrderId, PaymentFunctions } from './order-common.schema.js';

const ServiceItemRQ = Type.Union([
  Type.Object(
    { ServiceID: Type.String({ minLength: 1, maxLength: 64 }), PaxRefID: Type.String() },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      SeatAssignment: Type.Object(
        {
          PaxSegmentRefID: Type.String(),
          RowNumber: Type.Integer({ minimum: 1 }),
          ColumnID: Type.String({ pattern: '^[A-K]$' }),
        },
        { additionalProperties: false },
      ),
      PaxRefID: Type.String(),
    },
    { additionalProperties: false },
  ),
]);

const strict = { additionalProperties: false } as const;

export const ChangeOrder = Type.Union([
  Type.Object({ PaymentFunctions }, strict),
  Type.Object(
    {
      AddServiceItem: Type.Array(ServiceItemRQ, { minItems: 1, maxItems: 40 }),
      PaymentFunctions: Type.Optional(PaymentFunctions),
    },
    strict,
  ),
  Type.Object(
    {
      UpdateContactInfo: Type.Object(
        {
          EmailAddress: Type.Optional(ContactInfo.properties.EmailAddress),
          Phone: Type.Optional(ContactInfo.properties.Phone),
        },
        { ...strict, minProperties: 1 },
      ),
    },
    strict,
  ),
  Type.Object(
    {
      UpdatePax: Type.Array(
        Type.Object(
          {
            PaxID: Type.String({ minLength: 1, maxLength: 20 }),
            TitleName: Type.Optional(Type.String({ minLength: 1, maxLength: 10 })),
            Birthdate: Type.Optional(IsoDate),
          },
          { ...strict, minProperties: 2 },
        ),
        { minItems: 1, maxItems: 9 },
      ),
    },
    strict,
  ),
  Type.Object({ CancelOrder: Type.Literal(true) }, strict),
  Type.Object({ VoidTickets: Type.Literal(true) }, strict),
  Type.Object({ RequestRefundQuote: Type.Literal(true) }, strict),
  Type.Object({ AcceptRefundQuote: Type.Object({ RefundQuoteID: Type.String() }, strict) }, strict),
  Type.Object(
    {
      AcknowledgeChange: Type.Object(
        {
          NotifID: Type.String({ minLength: 1, maxLength: 100 }),
          ActionCode: Type.Enum(['ACCEPT', 'CANCEL', 'CHANGE']),
        },
        strict,
      ),
    },
    strict,
  ),
  Type.Object(
    {
      AcceptReshopOffer: Type.Object({ ReshopOfferID: Type.String() }, strict),
      PaymentFunctions: Type.Optional(PaymentFunctions),
    },
    strict,
  ),
]);

export const OrderChangeRQ = Type.Object(
  { OrderID: OrderId, BookingRef: Type.Optional(BookingRef), ChangeOrder },
  { additionalProperties: false },
);
export type OrderChangeRQ = Static<typeof OrderChangeRQ>;
