// Reads a fare calculation entry as a GDS prints it (the linear "fare calc" line of a ticket):
//   WAW LO X/FRA LH LIS Q10.00 215.40NUC225.40END ROE0.920000
// The origin city, then for each flown segment the carrier and the next city (X/ marks a
// connection, not a stopover), `/-` for a surface sector, Q surcharges and each fare component's
// amount in NUC after its last city; the NUC total, END and the rate of exchange close it. A tax
// breakdown (XT ...) may follow and is not needed here. Anything else is named in the error, with
// the character where reading stopped, so the visitor can fix the entry.
import { DomainError } from '../errors.js';

export interface FareSegment {
  from: string;
  to: string;
  /** null for a surface sector (`/-`), which nobody flies. */
  carrier: string | null;
  /** The arrival city is a connection (X/), not a stopover. */
  connection: boolean;
}

export interface FareComponent {
  from: string;
  to: string;
  /** NUC, in hundredths. */
  nucCents: number;
}

export interface FareCalculation {
  origin: string;
  segments: FareSegment[];
  components: FareComponent[];
  /** Sum of the Q surcharges, NUC hundredths. */
  surchargesNucCents: number;
  totalNucCents: number;
  /** The rate of exchange as written (ROE), or null when the entry has none. */
  roe: string | null;
}

/** A journey between stopovers: what a shopping request asks for, one origin-destination. */
export interface FareJourney {
  origin: string;
  destination: string;
  segments: FareSegment[];
}

export const maxEntryLength = 500;

class Reader {
  pos = 0;
  constructor(readonly text: string) {}
  skipSpaces(): void {
    while (this.text[this.pos] === ' ') this.pos++;
  }
  /** Matches at the cursor (after spaces); advances past the match. */
  take(pattern: RegExp): RegExpExecArray | null {
    this.skipSpaces();
    const sticky = new RegExp(pattern.source, 'y');
    sticky.lastIndex = this.pos;
    const match = sticky.exec(this.text);
    if (match) this.pos = sticky.lastIndex;
    return match;
  }
  peek(pattern: RegExp): boolean {
    const at = this.pos;
    const match = this.take(pattern);
    this.pos = at;
    return match !== null;
  }
  atEnd(): boolean {
    this.skipSpaces();
    return this.pos >= this.text.length;
  }
  fail(expected: string): never {
    this.skipSpaces();
    const rest = this.text.slice(this.pos);
    const found = rest ? `"${rest.split(' ')[0]}"` : 'the end of the entry';
    throw unreadable(`Could not read ${found} at character ${this.pos + 1}: expected ${expected}.`);
  }
}

function unreadable(detail: string): DomainError {
  return new DomainError('fare_calculation_unreadable', detail, { pointer: '/entry' });
}

const city = /[A-Z]{3}(?![A-Z])/;
const carrier = /(?:[A-Z][A-Z0-9]|[0-9][A-Z])(?![A-Z0-9])/;
const amount = /(\d{1,7})(?:\.(\d{1,2}))?/;
const cents = (m: RegExpExecArray, at = 1): number =>
  Number(m[at]) * 100 + Number((m[at + 1] ?? '').padEnd(2, '0') || 0);

export function parseFareCalculation(entry: string): FareCalculation {
  const text = entry.toUpperCase().replace(/\s+/g, ' ').trim();
  if (!text) throw unreadable('Enter a fare calculation, for example WAW LO KBP 120.00NUC120.00END ROE1.00.');
  if (text.length > maxEntryLength) throw unreadable(`The entry is longer than ${maxEntryLength} characters.`);
  const r = new Reader(text);

  const origin = r.take(city)?.[0] ?? r.fail('the three-letter city or airport code where the journey starts');
  const segments: FareSegment[] = [];
  const components: FareComponent[] = [];
  let surchargesNucCents = 0;
  let here = origin;
  let componentStart = origin;

  while (!r.peek(/NUC/)) {
    if (r.atEnd()) r.fail('the NUC total, as in NUC120.00END');
    if (r.take(/\/-/)) {
      const to = r.take(city)?.[0] ?? r.fail('a city code after the surface sector /-');
      segments.push({ from: here, to, carrier: null, connection: false });
      here = to;
      continue;
    }
    const airline = r.take(carrier)?.[0] ?? r.fail('a two-character airline code, /- or the NUC total');
    const connection = r.take(/X\//) !== null;
    r.take(/E\//); // an "E/" (extra-mileage exempt) prefix changes nothing here
    const to = r.take(city)?.[0] ?? r.fail(`the city ${airline} flies to, after ${airline}`);
    segments.push({ from: here, to, carrier: airline, connection });
    here = to;
    // After a city: any Q surcharges (Q10.00 or QWAWKBP10.00), an M (mileage) mark, the amount.
    for (;;) {
      const q = r.take(/Q(?:[A-Z]{6})? ?(\d{1,7})(?:\.(\d{1,2}))?(?![0-9])/);
      if (q) {
        surchargesNucCents += cents(q);
        continue;
      }
      if (r.take(/M(?= |\d)/)) continue;
      break;
    }
    const fare = r.take(amount);
    if (fare) {
      if (connection) throw unreadable(`A fare component cannot end at the connection X/${to}.`);
      components.push({ from: componentStart, to, nucCents: cents(fare) });
      componentStart = to;
    }
  }

  if (segments.every((s) => s.carrier === null)) throw unreadable('The entry has no flown segment (carrier and city).');
  if (componentStart !== here) {
    throw unreadable(`The fare component from ${componentStart} to ${here} has no amount before the NUC total.`);
  }
  r.take(/NUC/);
  const total = r.take(amount) ?? r.fail('the NUC total amount, as in NUC120.00');
  const totalNucCents = cents(total);
  if (!r.take(/END/)) r.fail('END after the NUC total');
  const roeMatch = r.take(/ROE(\d{1,6}(?:\.\d{1,6})?)/);
  const roe = roeMatch ? roeMatch[1]! : null;
  if (roe !== null && Number(roe) <= 0) throw unreadable('The rate of exchange (ROE) must be above zero.');
  if (!r.atEnd() && !r.take(/XT(?: \d{1,7}\.\d{2}[A-Z0-9]{2})+$/))
    r.fail('nothing after the rate of exchange, or an XT tax breakdown');

  const sum = components.reduce((s, c) => s + c.nucCents, 0) + surchargesNucCents;
  if (sum !== totalNucCents) {
    throw unreadable(
      `The fare components and surcharges add up to NUC ${(sum / 100).toFixed(2)}, but the total says NUC ${(totalNucCents / 100).toFixed(2)}.`,
    );
  }
  return { origin, segments, components, surchargesNucCents, totalNucCents, roe };
}

/** Splits the flown segments into journeys at every stopover and surface sector. */
export function journeysOf(calculation: FareCalculation): FareJourney[] {
  const journeys: FareJourney[] = [];
  let current: FareSegment[] = [];
  for (const segment of calculation.segments) {
    if (segment.carrier === null) {
      if (current.length) journeys.push(journeyOf(current));
      current = [];
      continue;
    }
    current.push(segment);
    if (!segment.connection) {
      journeys.push(journeyOf(current));
      current = [];
    }
  }
  if (current.length) journeys.push(journeyOf(current));
  return journeys;
}

function journeyOf(segments: FareSegment[]): FareJourney {
  return { origin: segments[0]!.from, destination: segments[segments.length - 1]!.to, segments };
}
