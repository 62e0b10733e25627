// Journeys for one leg of a search: the direct flights plus one-stop connections through a hub.
// A connection is sold by the first flight's carrier. When the onward flight belongs to an
// alliance partner it is sold as a codeshare (the seller's code and number, the partner operating);
// with an interline partner each flight keeps its own code on one ticket.
import { mayInterline, type Carrier } from '../data/carriers.data.js';
import type { Flight, Schedule } from './schedule.js';
import { addDays } from './local-time.js';

export interface SegmentSale {
  readonly flight: Flight;
  readonly marketingCarrier: Carrier;
  readonly marketingNumber: number;
}

export interface Journey {
  readonly owner: Carrier;
  readonly segments: readonly SegmentSale[];
  readonly minutes: number;
}

/** Minimum connecting time at the hub and the longest wait an airline would still sell. */
const minConnectMinutes = 50;
const maxConnectMinutes = 6 * 60;
/** Marketing numbers for codeshares sit in a band real carriers use for them (e.g. LH 5xxx-6xxx). */
const codeshareBase = 5000;

const own = (flight: Flight): SegmentSale => ({
  flight,
  marketingCarrier: flight.carrier,
  marketingNumber: flight.number,
});

function onward(first: Flight, second: Flight): SegmentSale | undefined {
  const seller = first.carrier;
  if (second.carrier === seller) return own(second);
  if (seller.alliance !== 'none' && seller.alliance === second.carrier.alliance) {
    return { flight: second, marketingCarrier: seller, marketingNumber: codeshareBase + (second.number % 1000) };
  }
  return mayInterline(seller, second.carrier) ? own(second) : undefined;
}

const journeyMinutes = (segments: readonly SegmentSale[]) =>
  Math.round((segments.at(-1)!.flight.arrival.getTime() - segments[0]!.flight.departure.getTime()) / 60_000);

// A day's journeys between two airports never change for a schedule (seats and prices are the
// inventory's business, asked later), and each search asks for them once per airline it shops.
const journeysMemo = new WeakMap<Schedule, Map<string, readonly Journey[]>>();
const journeysKept = 20_000;

/** Direct flights, then connections through a hub, shortest first; the same answer for the same day. */
export function journeysFor(schedule: Schedule, from: string, to: string, date: string): readonly Journey[] {
  let memo = journeysMemo.get(schedule);
  if (!memo) journeysMemo.set(schedule, (memo = new Map()));
  const key = `${from}|${to}|${date}`;
  let journeys = memo.get(key);
  if (!journeys) {
    journeys = Object.freeze(buildJourneys(schedule, from, to, date));
    if (memo.size >= journeysKept) memo.delete(memo.keys().next().value!);
    memo.set(key, journeys);
  }
  return journeys;
}

function buildJourneys(schedule: Schedule, from: string, to: string, date: string): Journey[] {
  const nextDay = addDays(date, 1);
  const direct = schedule.directFlights(from, to, date).map((f) => {
    const segments = [own(f)];
    return { owner: f.carrier, segments, minutes: journeyMinutes(segments) };
  });
  const connections: Journey[] = [];
  for (const first of schedule.departures(from, date)) {
    if (first.to.code === to || first.carrier.directOnly) continue;
    const hub = first.to.code;
    // The onward flight may leave the next local day at the hub (late arrivals, long-haul).
    const candidates = [...schedule.departures(hub, date), ...schedule.departures(hub, nextDay)];
    for (const second of candidates) {
      if (second.to.code !== to || second.carrier.directOnly) continue;
      const wait = (second.departure.getTime() - first.arrival.getTime()) / 60_000;
      if (wait < minConnectMinutes || wait > maxConnectMinutes) continue;
      if (!first.carrier.hubs.includes(hub) && !second.carrier.hubs.includes(hub)) continue;
      const sale = onward(first, second);
      if (!sale) continue;
      const segments = [own(first), sale];
      connections.push({ owner: first.carrier, segments, minutes: journeyMinutes(segments) });
    }
  }
  connections.sort((a, b) => a.minutes - b.minutes || keyOf(a).localeCompare(keyOf(b)));
  return [...direct, ...connections];
}

export function keyOf(journey: Journey): string {
  return journey.segments.map((s) => s.flight.key).join('+');
}
