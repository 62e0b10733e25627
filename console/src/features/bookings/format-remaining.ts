// A time limit's countdown as a person reads it: the two largest units that matter ("2 d 03 h",
// "1 h 05 min", "4 min 12 s"), in the interface language's unit words.

export interface RemainingUnits {
  days: string;
  hours: string;
  minutes: string;
  seconds: string;
}

/** The time left until `deadline` at `now`, or `null` once it has passed. */
export function formatRemaining(deadline: string, now: number, units: RemainingUnits): string | null {
  const left = Math.floor((new Date(deadline).getTime() - now) / 1000);
  if (!Number.isFinite(left) || left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const hours = Math.floor((left % 86_400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = left % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days} ${units.days} ${two(hours)} ${units.hours}`;
  if (hours > 0) return `${hours} ${units.hours} ${two(minutes)} ${units.minutes}`;
  return `${minutes} ${units.minutes} ${two(seconds)} ${units.seconds}`;
}
