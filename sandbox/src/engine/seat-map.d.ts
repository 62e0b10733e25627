import type { CabinCode } from './inventory.js';
import type { Flight } from './schedule.js';
export type SeatCharacteristic = 'W' | 'A' | '9' | 'E' | 'L';
export interface SeatColumn {
    readonly id: string;
    readonly position: 'W' | 'A' | 'C';
}
export interface Seat {
    readonly column: string;
    readonly occupied: boolean;
    readonly characteristics: readonly SeatCharacteristic[];
    /** `undefined` when the seat is free of charge. */
    readonly priceMinor?: number;
}
export interface SeatRow {
    readonly number: number;
    readonly seats: readonly Seat[];
}
export interface SeatMap {
    readonly flight: Flight;
    readonly cabin: CabinCode;
    readonly columns: readonly SeatColumn[];
    readonly rows: readonly SeatRow[];
}
export declare function seatMapFor(seed: string, flight: Flight, cabin: CabinCode, freeSeats: boolean, roe: number): SeatMap;
