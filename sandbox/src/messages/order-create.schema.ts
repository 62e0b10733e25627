// OrderCreateRQ: book a shopped (and ideally priced) offer for named passengers. The answer is an
// OrderViewRS. PaymentFunctions is optional: with it the airline issues at once (the way an
// instant-payment fare is best sold); without it the order is held until its payment time limit.
import Type, { type Static } from 'typebox';
import { BookingRef, ContactInfo, PaxInput, PaymentFunctions } from './order-common.schema.js';

export const OrderCreateRQ = Type.Object(
  {
    OfferID: Type.String({ minLength: 1, maxLength: 64 }),
    PaxList: Type.Array(PaxInput, { minItems: 1, maxItems: 18 }),
    ContactInfoList: Type.Array(ContactInfo, { minItems: 1, maxItems: 9 }),
    PaymentFunctions: Type.Optional(PaymentFunctions),
    BookingRef: Type.Optional(BookingRef),
    /** The customer's corporate ID, for the airline's corporate deals; kept with the order. */
    CorporateID: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9-]{1,20}$' })),
    /** The seller's remarks (NDC's RemarkType), kept with the order apart from the airline's own. */
    Remark: Type.Optional(
      Type.Array(
        Type.Object({ RemarkText: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
        { maxItems: 30 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type OrderCreateRQ = Static<typeof OrderCreateRQ>;
