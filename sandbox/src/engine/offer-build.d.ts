import type { Carrier } from '../data/carriers.data.js';
import type { Clock } from './clock.js';
import { type FamilyRules, type FareType, type PassengerType } from './fares.js';
import { type Tax } from './fares-taxes.js';
import type { CabinCode, FamilyIndex, SeatRequest } from './inventory.js';
import type { RouteScenario } from './scenarios.js';
import { type Journey } from './schedule-connections.js';
export type PaxCounts = Readonly<Record<PassengerType, number>>;
export interface OfferItem {
    readonly ptc: PassengerType;
    readonly count: number;
    /** Per passenger of this type, in the offer's currency minor units. */
    readonly baseMinor: number;
    readonly taxes: readonly Tax[];
    readonly totalMinor: number;
    readonly fareBasis: readonly string[];
    readonly fareCalculation: string;
}
export interface Offer {
    readonly id: string;
    readonly seed: string;
    readonly owner: Carrier;
    readonly currency: string;
    readonly cabin: CabinCode;
    readonly family: FamilyIndex;
    readonly fareType: FareType;
    readonly journeys: readonly Journey[];
    /** Booking class per segment, per journey. */
    readonly rbds: readonly (readonly string[])[];
    readonly pax: PaxCounts;
    readonly items: readonly OfferItem[];
    readonly totalMinor: number;
    readonly rules: FamilyRules;
    readonly createdAt: Date;
    readonly expiresAt: Date;
    readonly paymentTimeLimit: Date | null;
    readonly instantPayment: boolean;
    readonly scenarios: readonly RouteScenario[];
    /** Set once OfferPrice has re-quoted it, so a price change happens once per offer. */
    readonly repriced: boolean;
}
export interface OfferInputs {
    readonly seed: string;
    readonly owner: Carrier;
    readonly cabin: CabinCode;
    readonly family: FamilyIndex;
    readonly fareType: FareType;
    readonly journeys: readonly Journey[];
    readonly rbds: readonly (readonly string[])[];
    readonly pax: PaxCounts;
    readonly scenarios: readonly RouteScenario[];
}
export declare function buildOffer(input: OfferInputs, clock: Clock, priceFactor?: number): Offer;
/** The seats an order for this offer takes: one per seated passenger (infants sit on a lap). */
export declare function seatRequestsOf(offer: Offer): SeatRequest[];
