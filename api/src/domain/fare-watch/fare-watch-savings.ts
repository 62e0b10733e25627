// Fare Watch's savings over a range (GET /analytics/fare_watch): opportunities found, captured
// (accepted, their savings summed per currency), declined by reason and expired, in total and for
// every calendar month the range touches. Each opportunity counts once, in the month it was found,
// so a month's figures never change because a decision came later in another month.
import { savingsRows, type SavingsRow } from '../../db/fare-watch-savings.repository.js';
import type { VisibilityScope } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import { money, toMinor, type Money } from '../../money.js';
import { analyticsRange } from '../sales/analytics.service.js';
import type { Clock } from '../clock.js';

export const declineReasons = ['traveller_wants_original', 'conditions', 'timing', 'other'] as const;
type DeclineReason = (typeof declineReasons)[number];

export interface SavingsFigures {
  found: number;
  captured: number;
  savings: Money[];
  declined: number;
  declined_by_reason: Record<DeclineReason, number>;
  expired: number;
}

export interface FareWatchSavings {
  date_from: string;
  date_to: string;
  totals: SavingsFigures;
  by_month: { month: string; figures: SavingsFigures }[];
}

const dayMs = 86_400_000;

/** Without dates: the last twelve months, from the first day of the month eleven months before `to`. */
export function savingsRange(range: { from?: string; to?: string }, clock: Clock): { from: string; to: string } {
  const to = range.to ?? clock.now().toISOString().slice(0, 10);
  const toDay = new Date(`${to}T00:00:00Z`);
  const from =
    range.from ?? new Date(Date.UTC(toDay.getUTCFullYear(), toDay.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  return analyticsRange({ from, to }, clock);
}

export async function fareWatchSavings(
  db: Db,
  filter: { scope: VisibilityScope; liveMode?: boolean },
  range: { from: string; to: string },
  now: Date,
): Promise<FareWatchSavings> {
  const rows = await savingsRows(db, {
    ...filter,
    now,
    from: new Date(`${range.from}T00:00:00Z`),
    until: new Date(Date.parse(`${range.to}T00:00:00Z`) + dayMs),
  });
  const perMonth = new Map<string, SavingsRow[]>();
  for (const row of rows) perMonth.set(row.month, [...(perMonth.get(row.month) ?? []), row]);
  return {
    date_from: range.from,
    date_to: range.to,
    totals: figuresOf(rows),
    by_month: monthsOf(range).map((month) => ({ month, figures: figuresOf(perMonth.get(month) ?? []) })),
  };
}

/** Every month from the range's first day to its last, as YYYY-MM. */
function monthsOf(range: { from: string; to: string }): string[] {
  const months: string[] = [];
  const last = range.to.slice(0, 7);
  let [year, month] = range.from.split('-').map(Number) as [number, number];
  for (let m = range.from.slice(0, 7); m <= last; m = `${year}-${String(month).padStart(2, '0')}`) {
    months.push(m);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

function figuresOf(rows: readonly SavingsRow[]): SavingsFigures {
  const figures: SavingsFigures = {
    found: 0,
    captured: 0,
    savings: [],
    declined: 0,
    declined_by_reason: { traveller_wants_original: 0, conditions: 0, timing: 0, other: 0 },
    expired: 0,
  };
  // Sums in minor units per currency until the end, so no float rounds a saving.
  const saved = new Map<string, number>();
  for (const row of rows) {
    const n = Number(row.opportunities);
    figures.found += n;
    if (row.status === 'accepted') {
      figures.captured += n;
      saved.set(row.currency, (saved.get(row.currency) ?? 0) + toMinor(row.saving));
    } else if (row.status === 'declined') {
      figures.declined += n;
      const reason = (declineReasons as readonly string[]).includes(row.decline_reason ?? '')
        ? (row.decline_reason as DeclineReason)
        : 'other';
      figures.declined_by_reason[reason] += n;
    } else if (row.status === 'expired') figures.expired += n;
  }
  figures.savings = [...saved]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, minor]) => money(minor, currency));
  return figures;
}
