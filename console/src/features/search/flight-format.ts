// What the results need beyond the dates and times every screen formats (lib/i18n/format-date.ts):
// the "+1" of an arrival on a later day, durations, and the time-window slider's clock.
import { flightDate } from '../../lib/i18n';

/** Whole days between two local dates: the "+1" after an arrival the next day. */
export function dayShift(fromIso: string, toIso: string): number {
  const days = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;
  return days(flightDate(toIso)) - days(flightDate(fromIso));
}

/** "2h 05m"-style durations, with the unit letters of the language. */
export function formatDuration(minutes: number, units: { hours: string; minutes: string }): string {
  const hours = Math.floor(minutes / 60);
  const rest = String(minutes % 60).padStart(2, '0');
  return hours > 0 ? `${hours}${units.hours} ${rest}${units.minutes}` : `${minutes % 60}${units.minutes}`;
}

/** "HH:MM" for a slider's minute of the day; the day's last minute stands for its end. */
export function minuteToClock(minute: number): string {
  const clamped = Math.min(Math.max(minute, 0), 24 * 60 - 1);
  return `${String(Math.floor(clamped / 60)).padStart(2, '0')}:${String(clamped % 60).padStart(2, '0')}`;
}

export function clockToMinute(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}
