// Dates and times as cryptic entries type them. A travel date is day and month (`15DEC`), with an
// optional two-digit year (`15DEC27`); without a year it is the next such day on or after today,
// as every GDS reads it. A birth date (`01JAN18`) always has its year and lies in the past. Times
// come as 24-hour `1200`/`0800` or 12-hour `8A`, `12P`, `1230P`, `12N` (noon), `12M` (midnight).
// Anything that is not a real calendar day or clock time gives undefined, never an exception.

const months = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

export const dayMonthPattern = '\\d{1,2}(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC)(?:\\d{2})?';
const dayMonth = /^(\d{1,2})([A-Z]{3})(\d{2})?$/;

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month && date.getUTCDate() === day;
}

/** `15DEC` → the next 15 December on or after `today` (UTC day); `15DEC27` → 2027-12-15. */
export function travelDate(text: string, today: Date): string | undefined {
  const match = dayMonth.exec(text);
  if (!match) return undefined;
  const day = Number(match[1]);
  const month = months.indexOf(match[2]!);
  if (month < 0 || day < 1) return undefined;
  if (match[3] !== undefined) {
    const year = 2000 + Number(match[3]);
    return isRealDay(year, month, day) ? iso(year, month, day) : undefined;
  }
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  // 29FEB waits for the next leap year; eight years always hold one.
  for (let year = today.getUTCFullYear(); year <= today.getUTCFullYear() + 8; year++) {
    if (isRealDay(year, month, day) && Date.UTC(year, month, day) >= base) return iso(year, month, day);
  }
  return undefined;
}

/** `01JAN18` → 2018-01-01: the latest such day not after `today` (a birth date is never future). */
export function birthDate(text: string, today: Date): string | undefined {
  const match = dayMonth.exec(text);
  if (!match || match[3] === undefined) return undefined;
  const day = Number(match[1]);
  const month = months.indexOf(match[2]!);
  if (month < 0) return undefined;
  const yy = Number(match[3]);
  const century = 2000 + yy <= today.getUTCFullYear() ? 2000 : 1900;
  const year = century + yy;
  return isRealDay(year, month, day) ? iso(year, month, day) : undefined;
}

/** `1200` → 12:00, `8A` → 08:00, `12P` → 12:00, `1230P` → 12:30, `12N` → 12:00, `12M` → 00:00. */
export function clockTime(text: string): string | undefined {
  const match = /^(\d{1,4})([APNM])?$/.exec(text);
  if (!match) return undefined;
  const digits = match[1]!;
  const suffix = match[2];
  let hours: number;
  let minutes: number;
  if (digits.length <= 2) {
    hours = Number(digits);
    minutes = 0;
  } else {
    hours = Number(digits.slice(0, -2));
    minutes = Number(digits.slice(-2));
  }
  if (minutes > 59) return undefined;
  if (suffix === undefined) {
    if (digits.length < 3 || hours > 23) return undefined;
  } else {
    if (hours < 1 || hours > 12) return undefined;
    if (suffix === 'N' || suffix === 'M') {
      if (hours !== 12 || minutes !== 0) return undefined;
      hours = suffix === 'N' ? 12 : 0;
    } else if (suffix === 'A') hours = hours === 12 ? 0 : hours;
    else hours = hours === 12 ? 12 : hours + 12;
  }
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
