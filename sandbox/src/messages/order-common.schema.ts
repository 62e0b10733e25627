// Pieces the order messages share: passengers and contacts as OrderCreate sends them, the payment
// (PaymentFunctions) that issues or pays for a change, and the order reference. Names follow NDC
// 21.3 (Pax, Individual, ContactInfo, PaymentMethod, PaymentCard) flattened to JSON.
import Type, { type Static } from 'typebox';
import { locatorPattern } from '../engine/order-store.js';
import { IsoDate, Money } from './common.schema.js';
import { PaxType } from './air-shopping.schema.js';

export const OrderId = Type.String({ pattern: locatorPattern, description: '6-character airline locator' });

/**
 * The seller's own reference for the booking the order belongs to (NDC BookingRef with the seller as
 * booking entity). Given at OrderCreate, echoed in every OrderView; given with a later message, the
 * airline answers only if the order was made for it, so a seller never changes another booking's order.
 */
export const BookingRef = Type.Object(
  { BookingID: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const OrderRefRQ = Type.Object(
  { OrderID: OrderId, BookingRef: Type.Optional(BookingRef) },
  { additionalProperties: false },
);
export type OrderRefRQ = Static<typeof OrderRefRQ>;

const Name = Type.String({ minLength: 1, maxLength: 60, pattern: "^[A-Za-z][A-Za-z' -]*$" });

const CountryCode = Type.String({ pattern: '^[A-Z]{2}$' });

/** A travel document: PT a passport, NI a national identity card. */
export const IdentityDoc = Type.Object(
  {
    IdentityDocTypeCode: Type.Union([Type.Literal('PT'), Type.Literal('NI')]),
    IdentityDocID: Type.String({ minLength: 1, maxLength: 20, pattern: '^[A-Za-z0-9]+$' }),
    IssuingCountryCode: CountryCode,
    CitizenshipCountryCode: CountryCode,
    ExpiryDate: IsoDate,
  },
  { additionalProperties: false },
);
export type IdentityDoc = Static<typeof IdentityDoc>;

export const PaxInput = Type.Object(
  {
    PaxID: Type.String({ minLength: 1, maxLength: 20 }),
    PTC: PaxType,
    Birthdate: IsoDate,
    GenderCode: Type.Optional(Type.Union([Type.Literal('F'), Type.Literal('M')])),
    Individual: Type.Object(
      { GivenName: Name, Surname: Name, TitleName: Type.Optional(Type.String({ maxLength: 10 })) },
      { additionalProperties: false },
    ),
    IdentityDoc: Type.Optional(Type.Array(IdentityDoc, { maxItems: 1 })),
    ContactInfoRefID: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/** Email and phone are both required: airlines charge agencies (ADM) for bookings without them. */
export const ContactInfo = Type.Object(
  {
    ContactInfoID: Type.String({ minLength: 1, maxLength: 20 }),
    EmailAddress: Type.Object({ EmailAddressText: Type.String({ format: 'email', maxLength: 200 }) }),
    Phone: Type.Object({ PhoneNumber: Type.String({ pattern: '^\\+?[0-9 ()-]{6,24}$' }) }),
  },
  { additionalProperties: false },
);

/** CA = cash (BSP), CC = card (PaymentCard required), AGT = the agency's account with the airline. */
export const PaymentFunctions = Type.Object(
  {
    PaymentMethod: Type.Object(
      {
        TypeCode: Type.Union([Type.Literal('CA'), Type.Literal('CC'), Type.Literal('AGT')]),
        PaymentCard: Type.Optional(
          Type.Object({
            CardBrandCode: Type.String({ pattern: '^[A-Z]{2}$' }),
            CardNumber: Type.String({ pattern: '^[0-9]{12,19}$' }),
            ExpirationDate: Type.String({ pattern: '^(0[1-9]|1[0-2])[0-9]{2}$', description: 'MMYY' }),
          }),
        ),
      },
      { additionalProperties: false },
    ),
    Amount: Money,
  },
  { additionalProperties: false },
);
export type PaymentFunctions = Static<typeof PaymentFunctions>;
