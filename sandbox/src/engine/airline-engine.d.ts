import type { Clock } from './clock.js';
import { type Service } from './ancillaries.js';
import { type HoldResult, type Inventory } from './inventory.js';
import { type Offer } from './offer-build.js';
import { type ShopRequest } from './offer-shop.js';
import { type Schedule } from './schedule.js';
import { type SeatMap } from './seat-map.js';
export type OfferLookup = {
    ok: true;
    offer: Offer;
} | {
    ok: false;
    reason: 'OFFER_NOT_FOUND' | 'OFFER_EXPIRED';
};
export interface PriceResult {
    readonly offer: Offer;
    readonly previousTotalMinor: number;
    readonly priceChanged: boolean;
}
export interface AirlineEngine {
    readonly seed: string;
    readonly clock: Clock;
    readonly schedule: Schedule;
    readonly inventory: Inventory;
    shop(request: ShopRequest): Offer[];
    findOffer(offerId: string): OfferLookup;
    price(offer: Offer): PriceResult;
    services(offer: Offer): Service[];
    seatMaps(offer: Offer): SeatMap[];
    /** For the order half's OrderCreate: takes the offer's seats, or says which classes sold out. */
    holdOffer(offer: Offer): HoldResult;
}
export declare function createAirlineEngine(seed: string, clock: Clock): AirlineEngine;
