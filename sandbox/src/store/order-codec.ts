// An order as a JSON document and back. Orders are plain objects with Dates, a Map of reshop
// offers and a Set of applied events, and they point at the static carrier and airport records:
// those are written as their codes and read back as the same records, because the engine compares
// carriers by identity (a reshop keeps to flights of the order's own carrier).
import { airports, type Airport } from '../data/airports.data.js';
import { carrierByCode, carriers, type Carrier } from '../data/carriers.data.js';
import type { Order } from '../engine/order-model.js';

const carrierSet = new Set<unknown>(carriers);
const airportSet = new Set<unknown>(airports.values());

type Tagged =
  | { $date: string }
  | { $map: [unknown, unknown][] }
  | { $set: unknown[] }
  | { $carrier: string }
  | { $airport: string };

export function encodeOrder(order: Order): string {
  return JSON.stringify(order, function (this: Record<string, unknown>, key, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return { $date: raw.toISOString() } satisfies Tagged;
    if (raw instanceof Map) return { $map: [...raw.entries()] } satisfies Tagged;
    if (raw instanceof Set) return { $set: [...raw] } satisfies Tagged;
    if (carrierSet.has(raw)) return { $carrier: (raw as Carrier).code } satisfies Tagged;
    if (airportSet.has(raw)) return { $airport: (raw as Airport).code } satisfies Tagged;
    return value;
  });
}

export function decodeOrder(json: string): Order {
  return JSON.parse(json, (_key, value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const tagged = value as Partial<Record<string, unknown>>;
    if (typeof tagged.$date === 'string') return new Date(tagged.$date);
    if (Array.isArray(tagged.$map)) return new Map(tagged.$map as [unknown, unknown][]);
    if (Array.isArray(tagged.$set)) return new Set(tagged.$set);
    if (typeof tagged.$carrier === 'string') return known(carrierByCode(tagged.$carrier), tagged.$carrier);
    if (typeof tagged.$airport === 'string') return known(airports.get(tagged.$airport), tagged.$airport);
    return value;
  }) as Order;
}

function known<T>(record: T | undefined, code: string): T {
  if (!record) throw new Error(`a stored order names ${code}, which this sandbox does not know`);
  return record;
}
