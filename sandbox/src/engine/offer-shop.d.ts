import type { Clock } from './clock.js';
import type { CabinCode, Inventory } from './inventory.js';
import { type Offer, type PaxCounts } from './offer-build.js';
import { type RouteScenario } from './scenarios.js';
import type { Schedule } from './schedule.js';
export interface ShopLeg {
    readonly origin: string;
    readonly destination: string;
    readonly date: string;
}
export interface ShopRequest {
    readonly legs: readonly ShopLeg[];
    readonly pax: PaxCounts;
    readonly cabin: CabinCode;
    readonly carriers?: readonly string[];
    readonly negoCode?: string;
    readonly residentCode?: string;
}
export interface ShopContext {
    readonly seed: string;
    readonly schedule: Schedule;
    readonly inventory: Inventory;
    readonly clock: Clock;
}
export declare function scenariosOf(request: ShopRequest): RouteScenario[];
export declare function shopOffers(context: ShopContext, request: ShopRequest): Offer[];
