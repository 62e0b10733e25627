// The exchange rates admins keep (the one source of rates: issue conversions, search ranking and
// markups read them through domain/exchange-rates.ts). A rate is set for a pair from a moment on and
// never edited in place: a new moment adds a row, so a booking issued earlier still shows the rate
// it was issued at. Setting one moves money on later issues, so it is Admin's (the permission matrix).
import * as repo from '../../db/exchange-rates.repository.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import type { RecordChange } from './audit.js';

// ISO 4217 codes the runtime knows (Intl), so a typo such as EUU is refused, not stored.
const knownCurrencies = new Set(Intl.supportedValuesOf('currency'));

function rateView(r: repo.ExchangeRateRow) {
  return {
    id: r.id,
    base_currency: r.base_currency,
    quote_currency: r.quote_currency,
    rate: r.rate,
    effective_at: r.effective_at.toISOString(),
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
  };
}

export interface RateInput {
  base_currency: string;
  quote_currency: string;
  rate: string;
  effective_at?: string;
}

function checked(input: RateInput) {
  for (const field of ['base_currency', 'quote_currency'] as const)
    if (!knownCurrencies.has(input[field]))
      throw new DomainError('validation_failed', `${input[field]} is not an ISO 4217 currency.`, {
        pointer: `/${field}`,
      });
  if (input.base_currency === input.quote_currency)
    throw new DomainError('validation_failed', 'A rate converts between two different currencies.', {
      pointer: '/quote_currency',
    });
  if (!/^[0-9]{1,10}(\.[0-9]{1,8})?$/.test(input.rate) || !/[1-9]/.test(input.rate))
    throw new DomainError('validation_failed', 'rate must be above zero, with at most 8 decimal places.', {
      pointer: '/rate',
    });
}

export function createExchangeRatesService(deps: { db: Db; clock: Clock; audit: RecordChange }) {
  const { db, clock, audit } = deps;
  return {
    async list(query: { base?: string; quote?: string }, page: { page: number; perPage: number }) {
      const { rows, total } = await repo.findRates(db, query, page);
      return { items: rows.map(rateView), total };
    },

    async set(principal: Principal, input: RateInput) {
      checked(input);
      const now = clock.now();
      const effectiveAt = input.effective_at ? new Date(input.effective_at) : now;
      return db.transaction().execute(async (trx) => {
        const saved = await repo.upsertRate(trx, {
          id: newId('fxr'),
          base_currency: input.base_currency,
          quote_currency: input.quote_currency,
          rate: input.rate,
          effective_at: effectiveAt,
          created_by: principal.accountId,
          created_at: now,
        });
        const view = rateView(saved);
        await audit(trx, principal, {
          action: 'setExchangeRate',
          entityType: 'exchange_rate',
          entityId: saved.id,
          agencyId: null,
          before: null,
          after: view,
        });
        return view;
      });
    },
  };
}

export type ExchangeRatesService = ReturnType<typeof createExchangeRatesService>;
