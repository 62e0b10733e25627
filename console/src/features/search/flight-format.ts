// Flight times are shown as the airline prints them: local at each airport. The API sends them
// with their offset (`2026-12-15T07:05:00+01:00`), so the local clock time is read from the text
// itself; converting through Date would show them in the browser's zone instead.
import { toIntlLocale, type Language } from '../../lib/i18n';

/** "07:05" from a local ISO time with offset. */
export function localTime(iso: string): string {
  return iso.slice(11, 16);
}

/** The local calendar date, "2026-12-15". */
export function localDate(iso: string): string {
  return iso.slice(0, 10);
}

/** Whole days between two local dates: the "+1" after an arrival the next day. */
export function dayShift(fromIso: string, toIso: string): number {
  const days = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;
  return days(localDate(toIso)) - days(localDate(fromIso));
}

/** "Tue, 15 Dec" for a local date, in the interface language. */
export function formatLocalDay(iso: string, language: Language): string {
  const [year, month, day] = localDate(iso).split('-').map(Number);
  const date = new Date(Date.UTC(year!, month! - 1, day));
  return new Intl.DateTimeFormat(toIntlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(date);
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
