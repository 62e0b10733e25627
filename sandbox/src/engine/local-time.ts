// Airline schedules are published in local time at each airport. These helpers turn a local wall
// clock time into an instant and back with the Intl API, so DST changes are honoured per zone.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockFromParts(instant: Date, timeZone: string): WallClock {
  const parts = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

// Intl's formatToParts costs microseconds per call and a search makes thousands, so each zone's
// offset is asked once per hour of time: zones change offset only on the hour.
const hourMs = 3_600_000;
const offsets = new Map<string, Map<number, number>>();

/** Minutes the zone is ahead of UTC at that instant (e.g. 120 for Warsaw in summer). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const hour = Math.floor(instant.getTime() / hourMs);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(hour);
  if (offset === undefined) {
    const at = new Date(hour * hourMs);
    const w = wallClockFromParts(at, timeZone);
    offset = Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - at.getTime()) / 60000);
    if (zone.size > 50_000) zone.clear();
    zone.set(hour, offset);
  }
  return offset;
}

function wallClockAt(instant: Date, timeZone: string): WallClock {
  const local = new Date(Math.floor(instant.getTime() / 1000) * 1000 + offsetMinutes(instant, timeZone) * 60000);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The instant at which the local date (YYYY-MM-DD) and minute of day happen in the zone. */
export function zonedTimeToInstant(date: string, minuteOfDay: number, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d, 0, minuteOfDay);
  // Two passes settle the offset even next to a DST switch.
  let guess = naive - offsetMinutes(new Date(naive), timeZone) * 60000;
  guess = naive - offsetMinutes(new Date(guess), timeZone) * 60000;
  return new Date(guess);
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** ISO 8601 local time with its offset, as NDC's AircraftScheduledDateTime carries it. */
export function toLocalIso(instant: Date, timeZone: string): string {
  const w = wallClockAt(instant, timeZone);
  const off = offsetMinutes(instant, timeZone);
  const sign = off < 0 ? '-' : '+';
  return (
    `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}` +
    `${sign}${pad(Math.trunc(off / 60))}:${pad(off % 60)}`
  );
}

export function localDate(instant: Date, timeZone: string): string {
  return toLocalIso(instant, timeZone).slice(0, 10);
}

/** ISO 8601 duration such as PT2H05M. */
export function isoDuration(minutes: number): string {
  return `PT${Math.floor(minutes / 60)}H${pad(minutes % 60)}M`;
}

export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}
