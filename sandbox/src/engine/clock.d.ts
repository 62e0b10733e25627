export interface Clock {
    now(): Date;
}
export interface MovableClock extends Clock {
    advance(seconds: number): Date;
    set(at: Date): Date;
}
/** Starts at the real time (or `start`) and then runs with it, shifted by whatever tests moved. */
export declare function createMovableClock(start?: Date, realNow?: () => number): MovableClock;
/** A clock that stands still unless moved: deterministic tests compare answers byte for byte. */
export declare function createFixedClock(at: Date): MovableClock;
