// Taxes and the GDS-style fare calculation line. YQ is the carrier's surcharge (by distance);
// each departure country levies its own airport tax, coded by its country as many ticket taxes
// are. Infants without a seat pay neither, which is the common airline practice.
import type { FareComponent, PassengerType } from './fares.js';
import { greatCircleKm } from './geo.js';
import { decimal, roeFor } from './money.js';
import { hashOf } from './prng.js';
import type { Journey } from './schedule-connections.js';

export interface Tax {
  readonly code: string;
  readonly minor: number;
}

export function taxesFor(journeys: readonly Journey[], ptc: PassengerType, currency: string): Tax[] {
  if (ptc === 'INF') return [];
  const roe = roeFor(currency);
  const byCode = new Map<string, number>();
  const add = (code: string, nuc: number) => byCode.set(code, (byCode.get(code) ?? 0) + Math.round(nuc * roe * 100));
  for (const journey of journeys) {
    const first = journey.segments[0]!.flight;
    const last = journey.segments.at(-1)!.flight;
    add('YQ', 8 + greatCircleKm(first.from, last.to) * 0.012);
    for (const { flight } of journey.segments) add(flight.from.country, 5 + (hashOf('tax', flight.from.country) % 25));
  }
  return [...byCode].map(([code, minor]) => ({ code, minor }));
}

/**
 * E.g. `WAW LO X/FRA LH LIS 215.40NUC215.40END ROE0.920000`: each fare component lists its
 * cities and carriers (X/ marks a connection point), then its amount; the total and ROE close it.
 */
export function fareCalculation(journeys: readonly Journey[], components: readonly FareComponent[], currency: string) {
  const parts = journeys.map((journey, i) => {
    const cities = journey.segments.map(
      (s, j) => `${j === 0 ? '' : 'X/'}${s.flight.from.code} ${s.marketingCarrier.code}`,
    );
    return `${cities.join(' ')} ${journey.segments.at(-1)!.flight.to.code} ${decimal(components[i]!.nucMinor)}`;
  });
  // A return or multi-city trip repeats the origin city only when the previous leg did not end there.
  const line = parts.reduce((acc, part) => {
    if (!acc) return part;
    const lastCity = acc.split(' ').at(-2);
    const firstCity = part.split(' ')[0];
    return lastCity === firstCity ? `${acc} ${part.slice(4)}` : `${acc} // ${part}`;
  }, '');
  const total = components.reduce((sum, c) => sum + c.nucMinor, 0);
  return `${line}NUC${decimal(total)}END ROE${roeFor(currency).toFixed(6)}`;
}
