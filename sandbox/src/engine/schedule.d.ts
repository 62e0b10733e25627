import { type Airport } from '../data/airports.data.js';
import { type Carrier } from '../data/carriers.data.js';
export interface Flight {
    /** Stable across searches: carrier, number and local departure date, e.g. `LH1234/2025-06-01`. */
    readonly key: string;
    readonly carrier: Carrier;
    readonly number: number;
    readonly from: Airport;
    readonly to: Airport;
    /** Local departure date at `from`. */
    readonly date: string;
    readonly departure: Date;
    readonly arrival: Date;
    readonly departureLocal: string;
    readonly arrivalLocal: string;
    readonly minutes: number;
    readonly distanceKm: number;
    readonly aircraft: string;
}
export interface Schedule {
    readonly seed: string;
    departures(from: string, date: string): readonly Flight[];
    directFlights(from: string, to: string, date: string): readonly Flight[];
    flight(carrier: string, number: number, date: string): Flight | undefined;
}
export declare function createSchedule(seed: string): Schedule;
