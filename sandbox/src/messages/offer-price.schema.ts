// OfferPriceRQ/RS: re-price one shopped offer. The answer may differ from the shopped price; then
// PriceChangeInd is true and a PRICE_CHANGED warning states the old total.
import Type, { type Static } from 'typebox';
import { DataLists, OfferSchema } from './air-shopping.schema.js';
import { Money, OfferRefRQ, PayloadAttributes, Warning } from './common.schema.js';

export const OfferPriceRQ = OfferRefRQ;
export type OfferPriceRQ = Static<typeof OfferPriceRQ>;

export const OfferPriceRS = Type.Object({
  PayloadAttributes,
  PricedOffer: OfferSchema,
  PriceChangeInd: Type.Boolean(),
  PreviousTotalAmount: Money,
  Warning: Type.Array(Warning),
  DataLists,
});
export type OfferPriceRS = Static<typeof OfferPriceRS>;
