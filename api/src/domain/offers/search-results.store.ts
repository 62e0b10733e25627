// Stored search results with a small in-process cache in front: filters are applied many times
// to one result in quick succession, and reading a few hundred offers back out of jsonb each time
// would cost more than the filtering. The database stays the truth (any instance can answer).
import type { Db } from '../../db/database.js';
import { findSearchResult, insertSearchResult, updateSearchFilters } from '../../db/search-results.repository.js';
import type { ChannelOutcome } from './search-aggregate.js';
import type { StoredOffer } from './offer.js';
import { facetsOf, type Facets, type SearchFilters } from './search-filters.js';
import type { SearchRequest } from './search-request.js';

export interface StoredSearch {
  id: string;
  accountId: string;
  request: SearchRequest;
  offers: StoredOffer[];
  channels: ChannelOutcome[];
  filters: SearchFilters;
  createdAt: Date;
  expiresAt: Date;
  /** What the filters can choose from: over the unfiltered offers, so worked out once. */
  facets: Facets;
}

export interface SearchResultsStore {
  save(search: StoredSearch, agencyId: string | null): Promise<void>;
  find(id: string, accountId: string): Promise<StoredSearch | undefined>;
  setFilters(search: StoredSearch, filters: SearchFilters): Promise<void>;
}

export function createSearchResultsStore(db: Db, capacity = 64): SearchResultsStore {
  const cache = new Map<string, StoredSearch>();
  const remember = (search: StoredSearch) => {
    cache.delete(search.id);
    cache.set(search.id, search);
    if (cache.size > capacity) cache.delete(cache.keys().next().value!);
  };
  return {
    async save(search, agencyId) {
      await insertSearchResult(db, {
        id: search.id,
        account_id: search.accountId,
        agency_id: agencyId,
        request: search.request,
        offers: search.offers,
        channels: search.channels,
        filters: search.filters,
        created_at: search.createdAt,
        expires_at: search.expiresAt,
      });
      remember(search);
    },
    async find(id, accountId) {
      const cached = cache.get(id);
      if (cached) return cached.accountId === accountId ? cached : undefined;
      const row = await findSearchResult(db, id, accountId);
      if (!row) return undefined;
      const search: StoredSearch = {
        id: row.id,
        accountId: row.account_id,
        request: row.request as SearchRequest,
        offers: row.offers as StoredOffer[],
        channels: row.channels as ChannelOutcome[],
        filters: row.filters as SearchFilters,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        facets: facetsOf(row.offers as StoredOffer[]),
      };
      remember(search);
      return search;
    },
    async setFilters(search, filters) {
      await updateSearchFilters(db, search.id, filters);
      remember({ ...search, filters });
    },
  };
}
