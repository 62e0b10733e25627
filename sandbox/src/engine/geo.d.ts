import type { Airport } from '../data/airports.data.js';
export declare function greatCircleKm(a: Airport, b: Airport): number;
/** Block time: cruise at ~800 km/h plus 30 minutes of taxi, climb and approach, rounded to 5 minutes. */
export declare function blockMinutes(distanceKm: number): number;
/** IATA aircraft type codes: regional jets on short sectors, narrow-bodies in Europe, wide-bodies beyond. */
export declare function aircraftFor(distanceKm: number, pick: number): string;
