// Flight search: the caller's channels, shopped at once, normalised with the company's markups,
// stored, then filtered on request. The result is what the console and the API both show.
import type { Db } from '../../db/database.js';
import { listCompanyMarkups } from '../../db/markups.repository.js';
import type { AirlineProvider } from '../../providers/airline-provider.js';
import type { ChannelsService } from '../channels/channels.service.js';
import type { Surface } from '../channels/channel-state.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import { rateBookAt } from '../exchange-rates.js';
import { normaliseOffers } from './offer-normalise.js';
import type { Fare, Offer } from './offer.js';
import { shopAll, type ChannelOutcome } from './search-aggregate.js';
import {
  applyFilters,
  facetsOf,
  mergeFilters,
  withoutFilter,
  type Facets,
  type SearchFilterKey,
  type SearchFilters,
} from './search-filters.js';
import { checkSearchRequest, shopRequestOf, type SearchRequest } from './search-request.js';
import { createSearchResultsStore, type StoredSearch } from './search-results.store.js';

export interface SearchResultView {
  id: string;
  created_at: string;
  expires_at: string;
  request: SearchRequest;
  filters: SearchFilters;
  offers: Offer[];
  facets: Facets;
  meta: { total_offers: number; shown_offers: number; complete: boolean; channels: ChannelOutcome[] };
}

export interface SearchService {
  search(
    principal: Principal,
    surface: Surface,
    request: SearchRequest,
  ): Promise<{ result: SearchResultView; timing: { airlinesMs: number; totalMs: number } }>;
  get(principal: Principal, id: string): Promise<SearchResultView>;
  filter(principal: Principal, id: string, filters: SearchFilters): Promise<SearchResultView>;
  removeFilter(principal: Principal, id: string, key: SearchFilterKey): Promise<SearchResultView>;
  /** A fare of a live result and its offer, whatever the filters hide. */
  findFare(principal: Principal, id: string, fareId: string): Promise<{ offer: Offer; fare: Fare }>;
}

/** When the airlines give no expiry at all, a result is kept this long. */
const fallbackLifetimeMs = 30 * 60_000;

export function createSearchService(deps: {
  db: Db;
  clock: Clock;
  provider: AirlineProvider;
  channels: ChannelsService;
  deadlineMs: number;
}): SearchService {
  const store = createSearchResultsStore(deps.db);

  const live = async (principal: Principal, id: string): Promise<StoredSearch> => {
    const search = await store.find(id, principal.accountId);
    if (!search) throw notFound('search result');
    if (search.expiresAt <= deps.clock.now())
      throw new DomainError('offer_expired', 'These offers have expired; search again.');
    return search;
  };

  return {
    async search(principal, surface, request) {
      const started = performance.now();
      const now = deps.clock.now();
      checkSearchRequest(request, now.toISOString().slice(0, 10));
      let channels = await deps.channels.forSearch(principal, surface, request.carriers);
      if (request.carriers?.length) channels = channels.filter((c) => request.carriers!.includes(c.carrier));
      if (channels.length === 0)
        throw new DomainError(
          'no_active_channels',
          request.carriers?.length ? `None of ${request.carriers.join(', ')} is active for you.` : undefined,
        );
      const [aggregate, markups, rates] = await Promise.all([
        shopAll(deps.provider, channels, shopRequestOf(request), deps.deadlineMs),
        principal.companyId ? listCompanyMarkups(deps.db, principal.companyId) : Promise.resolve([]),
        rateBookAt(deps.db, now),
      ]);
      if (aggregate.outcomes.every((o) => o.status !== 'ok')) {
        const timedOut = aggregate.outcomes.every((o) => o.status === 'timeout');
        throw new DomainError(timedOut ? 'airline_timeout' : 'airline_error', aggregate.outcomes[0]?.error);
      }
      const offers = normaliseOffers(aggregate.shopped, markups, rates);
      const expiries = offers.flatMap((o) => o.offer.fares.map((f) => Date.parse(f.expires_at)));
      const search: StoredSearch = {
        id: newId('srs'),
        accountId: principal.accountId,
        request,
        offers,
        channels: aggregate.outcomes,
        filters: {},
        createdAt: now,
        expiresAt: new Date(expiries.length ? Math.min(...expiries) : now.getTime() + fallbackLifetimeMs),
        facets: facetsOf(offers),
      };
      await store.save(search, principal.agencyId);
      return {
        result: viewOf(search),
        timing: { airlinesMs: aggregate.airlinesMs, totalMs: performance.now() - started },
      };
    },

    async get(principal, id) {
      return viewOf(await live(principal, id));
    },

    async filter(principal, id, filters) {
      const search = await live(principal, id);
      const merged = mergeFilters(search.filters, filters);
      await store.setFilters(search, merged);
      return viewOf({ ...search, filters: merged });
    },

    async removeFilter(principal, id, key) {
      const search = await live(principal, id);
      const filters = withoutFilter(search.filters, key);
      await store.setFilters(search, filters);
      return viewOf({ ...search, filters });
    },

    async findFare(principal, id, fareId) {
      const search = await live(principal, id);
      for (const { offer } of search.offers) {
        const fare = offer.fares.find((f) => f.fare_id === fareId);
        if (fare) return { offer, fare };
      }
      throw notFound('fare');
    },
  };
}

export function viewOf(search: StoredSearch): SearchResultView {
  const offers = applyFilters(search.offers, search.filters);
  return {
    id: search.id,
    created_at: search.createdAt.toISOString(),
    expires_at: search.expiresAt.toISOString(),
    request: search.request,
    filters: search.filters,
    offers,
    facets: search.facets,
    meta: {
      total_offers: search.offers.length,
      shown_offers: offers.length,
      complete: search.channels.every((c) => c.status === 'ok'),
      channels: search.channels,
    },
  };
}
