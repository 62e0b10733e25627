// Money crosses the wire as decimal strings (DESIGN.md §3); inside, amounts are integer minor units
// so sums never drift.
export interface Money {
  readonly amount: string;
  readonly currency: string;
}

export const decimal = (minor: number): string => (minor / 100).toFixed(2);

export const money = (minor: number, currency: string): Money => ({ amount: decimal(minor), currency });

/** Rates of exchange from NUC, as a fare calculation line states them (ROE). */
const roes: Readonly<Record<string, number>> = { EUR: 0.92, CHF: 0.88, GBP: 0.78, PLN: 3.98 };

export function roeFor(currency: string): number {
  return roes[currency] ?? 1;
}
