// The direct-flight network: every carrier flies each hub to each of its spokes (both ways) and
// between its hubs, one to three times a day. Flight numbers, times and aircraft come from a PRNG
// seeded by (seed, carrier, route), so a schedule is stable across days the way a real one is.
import { airportByCode, type Airport } from '../data/airports.data.js';
import { carriers, type Carrier } from '../data/carriers.data.js';
import { aircraftFor, blockMinutes, greatCircleKm } from './geo.js';
import { toLocalIso, zonedTimeToInstant } from './local-time.js';
import { intBetween, randomFor } from './prng.js';

export interface Flight {
  /** Stable across searches: carrier, number and local departure date, e.g. `LH1234/2025-06-01`. */
  readonly key: string;
  readonly carrier: Carrier;
  readonly number: number;
  readonly from: Airport;
  readonly to: Airport;
  /** Local departure date at `from`. */
  readonly date: string;
  readonly departure: Date;
  readonly arrival: Date;
  readonly departureLocal: string;
  readonly arrivalLocal: string;
  readonly minutes: number;
  readonly distanceKm: number;
  readonly aircraft: string;
}

interface Rotation {
  readonly carrier: Carrier;
  readonly from: Airport;
  readonly to: Airport;
  readonly number: number;
  readonly minuteOfDay: number;
  readonly distanceKm: number;
  readonly aircraft: string;
}

export interface Schedule {
  readonly seed: string;
  departures(from: string, date: string): readonly Flight[];
  directFlights(from: string, to: string, date: string): readonly Flight[];
  flight(carrier: string, number: number, date: string): Flight | undefined;
}

function routesOf(carrier: Carrier): Array<[string, string]> {
  const pairs = new Set<string>();
  for (const hub of carrier.hubs) {
    for (const other of [...carrier.spokes, ...carrier.hubs]) {
      if (other === hub) continue;
      pairs.add(`${hub}-${other}`);
      pairs.add(`${other}-${hub}`);
    }
  }
  return [...pairs].sort().map((p) => p.split('-') as [string, string]);
}

function rotationsFor(seed: string): Rotation[] {
  const rotations: Rotation[] = [];
  for (const carrier of carriers) {
    routesOf(carrier).forEach(([fromCode, toCode], routeIndex) => {
      const from = airportByCode(fromCode)!;
      const to = airportByCode(toCode)!;
      const distanceKm = greatCircleKm(from, to);
      const random = randomFor(seed, carrier.code, fromCode, toCode);
      // Long-haul sectors fly once a day, as wide-body rotations do; short-haul up to three times.
      const frequency = distanceKm > 3500 ? 1 : intBetween(random, 1, 3);
      const window = (22 * 60 - 6 * 60) / frequency;
      const aircraft = aircraftFor(distanceKm, random());
      for (let f = 0; f < frequency; f += 1) {
        const jitter = Math.floor((random() * Math.max(window - 60, 0)) / 5) * 5;
        rotations.push({
          carrier,
          from,
          to,
          number: carrier.flightNumberBase + routeIndex * 3 + f + 1,
          minuteOfDay: 6 * 60 + Math.round(f * window) + jitter,
          distanceKm,
          aircraft,
        });
      }
    });
  }
  return rotations;
}

function flightOn(rotation: Rotation, date: string): Flight {
  const { carrier, from, to, number, distanceKm, aircraft } = rotation;
  const minutes = blockMinutes(distanceKm);
  const departure = zonedTimeToInstant(date, rotation.minuteOfDay, from.timeZone);
  const arrival = new Date(departure.getTime() + minutes * 60_000);
  return {
    key: `${carrier.code}${number}/${date}`,
    carrier,
    number,
    from,
    to,
    date,
    departure,
    arrival,
    departureLocal: toLocalIso(departure, from.timeZone),
    arrivalLocal: toLocalIso(arrival, to.timeZone),
    minutes,
    distanceKm,
    aircraft,
  };
}

const byDeparture = (a: Flight, b: Flight) =>
  a.departure.getTime() - b.departure.getTime() || a.key.localeCompare(b.key);

export function createSchedule(seed: string): Schedule {
  const rotations = rotationsFor(seed);
  const byOrigin = new Map<string, Rotation[]>();
  const byNumber = new Map<string, Rotation>();
  for (const r of rotations) {
    byOrigin.set(r.from.code, [...(byOrigin.get(r.from.code) ?? []), r]);
    byNumber.set(`${r.carrier.code}${r.number}`, r);
  }
  // A day's departures from an airport never change for a seed, and every search and order asks
  // for them again; building them (time zones, local times) is most of a search's cost.
  const memo = new Map<string, readonly Flight[]>();
  const departures = (from: string, date: string): Flight[] => {
    const key = `${from.toUpperCase()}|${date}`;
    let flights = memo.get(key);
    if (!flights) {
      flights = Object.freeze((byOrigin.get(from.toUpperCase()) ?? []).map((r) => flightOn(r, date)).sort(byDeparture));
      if (memo.size >= 20_000) memo.delete(memo.keys().next().value!);
      memo.set(key, flights);
    }
    return [...flights];
  };
  return {
    seed,
    departures,
    directFlights: (from, to, date) => departures(from, date).filter((f) => f.to.code === to.toUpperCase()),
    flight(carrier, number, date) {
      const rotation = byNumber.get(`${carrier.toUpperCase()}${number}`);
      return rotation ? flightOn(rotation, date) : undefined;
    },
  };
}
