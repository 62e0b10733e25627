// Every date and time the console shows, one way per interface language (the only module that
// formats them; features do not call Intl.DateTimeFormat or toLocaleString themselves):
//   a moment (booked, issued, a time limit, an audit entry): "12 Mar 2026, 14:05", in the browser's zone;
//   a calendar day (a birth date, a travel date):             "12 Mar 2026";
//   a calendar month (analytics per month):                   "Nov 2026";
//   a flight's day and time, as the airline prints them:      "Tue 15 Dec" and "07:05", local at the
//     airport. The API sends flight times with their offset (`2026-12-15T07:05:00+01:00`), so the
//     clock time and day are read from the text itself: converting through Date would show them
//     in the browser's zone instead.
import type { Language } from './languages';

// English dates are written the British way (day before month, a 24-hour clock), as the airline
// prints a flight's times: "12 Mar 2026, 14:05", never "Mar 12, 2026, 2:05 PM" beside "07:05".
const dateLocales: Record<Language, string> = { en: 'en-GB', ua: 'uk', pl: 'pl' };

const formats = new Map<string, Intl.DateTimeFormat>();
function format(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}:${JSON.stringify(options)}`;
  let known = formats.get(key);
  if (!known) formats.set(key, (known = new Intl.DateTimeFormat(dateLocales[language], options)));
  return known;
}

/** A moment, "12 Mar 2026, 14:05" / "12 бер. 2026 р., 14:05"; a text that is no moment is shown as it is. */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return format(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** The calendar day an ISO text starts with ("2026-12-15", or a local time with offset), as a UTC midnight. */
function calendarDay(iso: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
}

/** A calendar day, "12 Mar 2026", the same in every zone. */
export function formatDate(day: string, language: Language): string {
  const date = calendarDay(day);
  return date ? format(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date) : day;
}

/** A calendar month "2026-11", as "Nov 2026" / "лист. 2026 р." / "lis 2026". */
export function formatMonth(month: string, language: Language): string {
  const date = calendarDay(`${month}-01`);
  return date ? format(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date) : month;
}

/** The local day of a flight, "Tue 15 Dec" (or of a travel date "2026-12-15"). */
export function formatFlightDay(iso: string, language: Language): string {
  const date = calendarDay(iso);
  return date
    ? format(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(date)
    : iso;
}

/** The local clock time of a flight, "07:05". */
export function flightTime(iso: string): string {
  return iso.slice(11, 16);
}

/** The local calendar date of a flight, "2026-12-15". */
export function flightDate(iso: string): string {
  return iso.slice(0, 10);
}

/** A flight's departure or arrival, "Tue 15 Dec 07:05". */
export function formatFlightMoment(iso: string, language: Language): string {
  return `${formatFlightDay(iso, language)} ${flightTime(iso)}`;
}

/** A flight from departure to arrival on its day, "Tue 15 Dec 07:05–09:10". */
export function formatFlightSpan(departure: string, arrival: string, language: Language): string {
  return `${formatFlightMoment(departure, language)}–${flightTime(arrival)}`;
}
