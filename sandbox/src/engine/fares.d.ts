import type { Carrier } from '../data/carriers.data.js';
import { type CabinCode, type FamilyIndex, type Inventory } from './inventory.js';
import type { Journey } from './schedule-connections.js';
export type PassengerType = 'ADT' | 'CHD' | 'INF';
/** PUBLIC for everyone; NEGO only with the channel's corporate code; RESIDENT only with a resident code. */
export type FareType = 'PUBLIC' | 'NEGO' | 'RESIDENT';
export interface FamilyRules {
    readonly checkedBags: {
        readonly pieces: number;
        readonly weightKg: number;
    };
    readonly carryOn: {
        readonly pieces: number;
        readonly weightKg: number;
    };
    /** Fees in NUC; `null` when the fare does not allow it at all. */
    readonly changeFeeNuc: number | null;
    readonly refundFeeNuc: number | null;
}
export declare function familyRules(family: FamilyIndex, cabin: CabinCode, noBaggage: boolean): FamilyRules;
/** Booking class per segment: the cheapest class of the family with seats for everyone who sits. */
export declare function pickClasses(inventory: Inventory, journey: Journey, cabin: CabinCode, family: FamilyIndex, seats: number): string[] | undefined;
export interface FareComponent {
    readonly nucMinor: number;
    readonly fareBasis: string;
}
export interface FareInputs {
    readonly seed: string;
    readonly owner: Carrier;
    readonly journey: Journey;
    readonly cabin: CabinCode;
    readonly family: FamilyIndex;
    readonly fareType: FareType;
    readonly rbds: readonly string[];
}
export declare function fareComponent(input: FareInputs, ptc: PassengerType): FareComponent;
/** NUC minor units to the carrier's currency minor units at its ROE. */
export declare function toLocalMinor(nucMinor: number, currency: string): number;
