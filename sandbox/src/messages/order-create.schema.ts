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
  },
  { additionalProperties: false },
);
export type OrderCreateRQ = Static<typeof OrderCreateRQ>;
