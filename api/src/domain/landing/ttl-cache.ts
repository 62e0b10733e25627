// A small bounded cache with a time to live. The landing page's operations are public and each
// costs the airline one or two messages; one answer per flight every few minutes is enough, and
// the bound keeps a visitor who invents keys from growing memory.
import type { Clock } from '../clock.js';

export interface TtlCache<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
}

export function createTtlCache<V>(clock: Clock, ttlMs: number, maxEntries: number): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= clock.now().getTime()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      // Maps iterate in insertion order, so the first key is the oldest.
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: clock.now().getTime() + ttlMs });
    },
  };
}
