// What a process computed from a scope's rollups, kept under the scope's version: a new document
// gives the scope a new version in the transaction that adds it to the rollups, so a reader that
// finds the version it cached under reuses the answer, and one that finds a newer version computes
// again. One indexed read of the version replaces the rollup reads (the list's day counts, a year
// of analytics) for every request that follows the same read. Concurrent misses share one load.
import type { Db } from '../../db/database.js';
import { scopeVersion } from '../../db/sales-rollups.repository.js';

export interface RollupCache {
  /** `load`'s answer for `what` in `rollupScope` at its current version. */
  read<T>(rollupScope: string, what: string, load: () => Promise<T>): Promise<T>;
}

export function createRollupCache(db: Db, maxEntries = 512): RollupCache {
  // Insertion order is recency: a hit moves its entry to the end, and the oldest go first.
  const entries = new Map<string, Promise<unknown>>();
  return {
    async read<T>(rollupScope: string, what: string, load: () => Promise<T>): Promise<T> {
      const key = `${rollupScope}\u0000${await scopeVersion(db, rollupScope)}\u0000${what}`;
      const cached = entries.get(key) as Promise<T> | undefined;
      if (cached) {
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      // Loaded after the version was read, so never older than the version it is kept under.
      const loading = load();
      entries.set(key, loading);
      loading.catch(() => entries.delete(key));
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      return loading;
    },
  };
}
