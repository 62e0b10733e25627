import type { Offer } from '../engine/offer-build.js';
import type { Inventory } from '../engine/inventory.js';
import { type Journey, type SegmentSale } from '../engine/schedule-connections.js';
import type { DataLists, OfferSchema } from './air-shopping.schema.js';
export declare const segmentIdOf: (s: SegmentSale) => string;
export declare const journeyIdOf: (j: Journey) => string;
export declare const priceClassIdOf: (o: Offer) => string;
export declare function offerToNdc(offer: Offer, inventory: Inventory): OfferSchema;
export declare function dataListsOf(offers: readonly Offer[]): DataLists;
