// Airports and airlines by code or name, for search forms and developers: an exact code first,
// then codes and names that start with the query, then names that contain it.
import { airportRefs, type AirportRef } from './airports.data.js';
import { carrierRefs, type CarrierRef } from './carriers.data.js';

export interface Page {
  offset: number;
  limit: number;
}

function rank<T extends { code: string; name: string }>(
  items: readonly T[],
  query: string | undefined,
  extra: (t: T) => string[] = () => [],
) {
  const q = query?.trim().toLowerCase() ?? '';
  if (!q) return [...items].sort((a, b) => a.code.localeCompare(b.code));
  const scored: { item: T; score: number }[] = [];
  for (const item of items) {
    const code = item.code.toLowerCase();
    const words = [item.name, ...extra(item)].map((w) => w.toLowerCase());
    const score =
      code === q
        ? 0
        : code.startsWith(q)
          ? 1
          : words.some((w) => w.startsWith(q))
            ? 2
            : words.some((w) => w.includes(q))
              ? 3
              : -1;
    if (score >= 0) scored.push({ item, score });
  }
  return scored.sort((a, b) => a.score - b.score || a.item.code.localeCompare(b.item.code)).map((s) => s.item);
}

export function searchAirports(query: string | undefined, page: Page): { items: AirportRef[]; total: number } {
  const all = rank(airportRefs, query, (a) => [a.city]);
  return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
}

export function searchCarriers(query: string | undefined, page: Page): { items: CarrierRef[]; total: number } {
  const all = rank(carrierRefs, query);
  return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
}
