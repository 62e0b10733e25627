// A company's markups (DESIGN §4): fixed per passenger or a percentage of the airline's price, for
// one carrier, one cabin, both or all. The most specific markup that matches a fare applies —
// carrier and cabin, then carrier, then cabin, then the catch-all — so an agency can set a default
// and override it per airline without the two adding up.
import { toMinor } from '../../money.js';
import type { RateBook } from '../exchange-rates.js';

export interface Markup {
  readonly carrier: string | null;
  readonly cabin: 'Y' | 'C' | null;
  readonly kind: 'fixed' | 'percentage';
  readonly value: string;
  readonly currency: string | null;
}

export function markupFor(markups: readonly Markup[], carrier: string, cabin: string): Markup | null {
  const score = (m: Markup) => (m.carrier ? 2 : 0) + (m.cabin ? 1 : 0);
  let best: Markup | null = null;
  for (const m of markups) {
    if ((m.carrier && m.carrier !== carrier) || (m.cabin && m.cabin !== cabin)) continue;
    if (!best || score(m) > score(best)) best = m;
  }
  return best;
}

/** The markup, in the fare's minor units, on one passenger whose airline price is `totalMinor`. */
export function markupMinor(markup: Markup | null, totalMinor: number, currency: string, rates: RateBook): number {
  if (!markup) return 0;
  if (markup.kind === 'percentage') return Math.round((totalMinor * toMinor(markup.value)) / 10_000);
  const fixed = toMinor(markup.value);
  const from = markup.currency ?? currency;
  // A fixed markup set in another currency is converted at the rate in effect (exchange_rates).
  return rates.convertMinor(fixed, from, currency);
}
