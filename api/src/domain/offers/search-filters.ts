// Filters, sorting and facets over a stored search result. Pure and allocation-light: it runs on
// every filter change over results of hundreds of offers (bench: filtering a 500-offer result).
import { fromMinor, toMinor } from '../../money.js';
import type { Fare, Offer, StoredOffer } from './offer.js';

export interface TimeWindow {
  origin_destination: number;
  from: string;
  to: string;
}

export interface SearchFilters {
  carriers?: string[];
  max_stops?: number;
  departure_windows?: TimeWindow[];
  arrival_windows?: TimeWindow[];
  price?: { min?: string; max?: string };
  baggage_included?: boolean;
  fare_families?: string[];
  sort?: 'price' | 'duration' | 'departure';
}

export type SearchFilterKey = keyof SearchFilters;

export interface Facets {
  carriers: { code: string; name: string }[];
  stops: number[];
  fare_families: string[];
  price: { min: { amount: string; currency: string }; max: { amount: string; currency: string } } | null;
  baggage_available: boolean;
}

/** Local "HH:MM" of a time published with its offset (2026-12-15T07:05:00+01:00). */
const localTime = (at: string) => at.slice(11, 16);
const within = (time: string, w: TimeWindow) => time >= w.from && time <= w.to;

export function applyFilters(stored: readonly StoredOffer[], filters: SearchFilters): Offer[] {
  const carriers = filters.carriers ? new Set(filters.carriers) : null;
  const families = filters.fare_families ? new Set(filters.fare_families) : null;
  const min = filters.price?.min !== undefined ? toMinor(filters.price.min) : -Infinity;
  const max = filters.price?.max !== undefined ? toMinor(filters.price.max) : Infinity;
  const fareFilter = families !== null || filters.baggage_included === true || filters.price !== undefined;

  const kept: { offer: Offer; eur: number }[] = [];
  for (const { offer, fareEur } of stored) {
    if (carriers && !carriers.has(offer.owner.code)) continue;
    const ods = offer.origin_destinations;
    if (filters.max_stops !== undefined && ods.some((od) => od.stops > filters.max_stops!)) continue;
    if (
      filters.departure_windows?.some(
        (w) => ods[w.origin_destination] && !within(localTime(ods[w.origin_destination]!.departure_at), w),
      )
    )
      continue;
    if (
      filters.arrival_windows?.some(
        (w) => ods[w.origin_destination] && !within(localTime(ods[w.origin_destination]!.arrival_at), w),
      )
    )
      continue;
    if (!fareFilter) {
      kept.push({ offer, eur: fareEur[0]! });
      continue;
    }
    const fares: Fare[] = [];
    let cheapest = Infinity;
    offer.fares.forEach((fare, i) => {
      const eur = fareEur[i]!;
      if (eur < min || eur > max) return;
      if (families && !families.has(fare.fare_family.name)) return;
      if (filters.baggage_included && fare.baggage.checked.pieces < 1) return;
      fares.push(fare);
      cheapest = Math.min(cheapest, eur);
    });
    if (fares.length > 0)
      kept.push({ offer: fares.length === offer.fares.length ? offer : { ...offer, fares }, eur: cheapest });
  }

  const sort = filters.sort ?? 'price';
  if (sort === 'price') kept.sort((a, b) => a.eur - b.eur);
  else if (sort === 'duration') kept.sort((a, b) => totalMinutes(a.offer) - totalMinutes(b.offer) || a.eur - b.eur);
  else kept.sort((a, b) => departs(a.offer) - departs(b.offer) || a.eur - b.eur);
  return kept.map((k) => k.offer);
}

const totalMinutes = (offer: Offer) => offer.origin_destinations.reduce((sum, od) => sum + od.duration_minutes, 0);
const departs = (offer: Offer) => Date.parse(offer.origin_destinations[0]!.departure_at);

export function facetsOf(stored: readonly StoredOffer[]): Facets {
  const carriers = new Map<string, string>();
  const stops = new Set<number>();
  const families = new Set<string>();
  let low = Infinity;
  let high = -Infinity;
  let baggage = false;
  for (const { offer, fareEur } of stored) {
    carriers.set(offer.owner.code, offer.owner.name);
    for (const od of offer.origin_destinations) stops.add(od.stops);
    offer.fares.forEach((fare, i) => {
      families.add(fare.fare_family.name);
      baggage ||= fare.baggage.checked.pieces > 0;
      low = Math.min(low, fareEur[i]!);
      high = Math.max(high, fareEur[i]!);
    });
  }
  return {
    carriers: [...carriers].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name)),
    stops: [...stops].sort((a, b) => a - b),
    fare_families: [...families].sort(),
    price:
      low === Infinity
        ? null
        : { min: { amount: fromMinor(low), currency: 'EUR' }, max: { amount: fromMinor(high), currency: 'EUR' } },
    baggage_available: baggage,
  };
}

/** Each key sent replaces that filter; the others stay. */
export function mergeFilters(current: SearchFilters, change: SearchFilters): SearchFilters {
  return { ...current, ...change };
}

export function withoutFilter(current: SearchFilters, key: SearchFilterKey): SearchFilters {
  const { [key]: _removed, ...rest } = current;
  return rest;
}
