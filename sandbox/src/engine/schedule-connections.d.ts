import { type Carrier } from '../data/carriers.data.js';
import type { Flight, Schedule } from './schedule.js';
export interface SegmentSale {
    readonly flight: Flight;
    readonly marketingCarrier: Carrier;
    readonly marketingNumber: number;
}
export interface Journey {
    readonly owner: Carrier;
    readonly segments: readonly SegmentSale[];
    readonly minutes: number;
}
export declare function journeysFor(schedule: Schedule, from: string, to: string, date: string): Journey[];
export declare function keyOf(journey: Journey): string;
