// Shapes shared by every NDC-style message. Names follow IATA NDC 21.3 (CurCode, IATALocationCode,
// Error/DescText) in a flattened JSON form; docs/guides/sandbox.md shows them in full.
import Type, { type Static } from 'typebox';

export const IataLocationCode = Type.String({ pattern: '^[A-Za-z]{3}$', description: 'IATA airport code' });
export const CarrierCode = Type.String({ pattern: '^[A-Za-z0-9]{2}$', description: 'IATA airline designator' });
export const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
export const DateTime = Type.String({ description: 'ISO 8601 date-time' });

export const Money = Type.Object({
  Amount: Type.String({ pattern: '^-?\\d+\\.\\d{2}$' }),
  CurCode: Type.String({ pattern: '^[A-Z]{3}$' }),
});
export type Money = Static<typeof Money>;

export const PayloadAttributes = Type.Object({
  Version: Type.Literal('21.3'),
  Timestamp: DateTime,
});

export const NdcError = Type.Object({
  Code: Type.String(),
  TypeCode: Type.String(),
  DescText: Type.String(),
  TagText: Type.Optional(Type.String()),
  OwnerName: Type.Optional(Type.String()),
});
export const NdcErrors = Type.Object({ Errors: Type.Object({ Error: Type.Array(NdcError) }) });
export type NdcErrors = Static<typeof NdcErrors>;

export const Warning = Type.Object({ Code: Type.String(), DescText: Type.String() });

export const OfferRefRQ = Type.Object({ OfferID: Type.String({ minLength: 1, maxLength: 64 }) });
export type OfferRefRQ = Static<typeof OfferRefRQ>;
