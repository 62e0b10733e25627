import type { FareComponent, PassengerType } from './fares.js';
import type { Journey } from './schedule-connections.js';
export interface Tax {
    readonly code: string;
    readonly minor: number;
}
export declare function taxesFor(journeys: readonly Journey[], ptc: PassengerType, currency: string): Tax[];
/**
 * E.g. `WAW LO X/FRA LH LIS 215.40NUC215.40END ROE0.920000`: each fare component lists its
 * cities and carriers (X/ marks a connection point), then its amount; the total and ROE close it.
 */
export declare function fareCalculation(journeys: readonly Journey[], components: readonly FareComponent[], currency: string): string;
