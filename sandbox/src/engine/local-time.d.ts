/** Minutes the zone is ahead of UTC at that instant (e.g. 120 for Warsaw in summer). */
export declare function offsetMinutes(instant: Date, timeZone: string): number;
/** The instant at which the local date (YYYY-MM-DD) and minute of day happen in the zone. */
export declare function zonedTimeToInstant(date: string, minuteOfDay: number, timeZone: string): Date;
/** ISO 8601 local time with its offset, as NDC's AircraftScheduledDateTime carries it. */
export declare function toLocalIso(instant: Date, timeZone: string): string;
export declare function localDate(instant: Date, timeZone: string): string;
/** ISO 8601 duration such as PT2H05M. */
export declare function isoDuration(minutes: number): string;
export declare function addDays(date: string, days: number): string;
