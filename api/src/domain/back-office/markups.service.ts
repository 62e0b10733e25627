// Company markups: fixed (an amount in a currency) or a percentage, by carrier and cabin.
import * as repo from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { reachableCompany } from './companies.service.js';
import { mustReach } from './scope.js';
import { markupView } from './views.js';

type Page = { page: number; perPage: number };
export interface MarkupInput {
  carrier?: string | null;
  cabin?: 'Y' | 'C' | null;
  kind?: 'fixed' | 'percentage';
  value?: string;
  currency?: string | null;
}

/** A fixed markup is an amount and needs its currency; a percentage has none and stays under 100. */
function checkMarkup(m: { kind: string; value: string; currency: string | null }): void {
  if (m.kind === 'fixed' && !m.currency)
    throw new DomainError('markup_invalid', 'A fixed markup needs a currency.', { pointer: '/currency' });
  if (m.kind === 'percentage' && m.currency)
    throw new DomainError('markup_invalid', 'A percentage markup has no currency.', { pointer: '/currency' });
  if (m.kind === 'percentage' && Number(m.value) >= 100)
    throw new DomainError('markup_invalid', 'A percentage markup must be under 100.', { pointer: '/value' });
}

export function createMarkupsService(deps: { db: Db; clock: Clock; audit: RecordChange }) {
  const { db, clock, audit } = deps;

  async function found(trx: Db, principal: Principal, id: string) {
    const row = (await repo.findMarkups(trx, { id })).rows[0];
    if (!row) throw notFound('markup');
    mustReach(principal, row.agency_id, 'markup');
    return row;
  }

  return {
    async list(principal: Principal, companyId: string, page: Page) {
      await reachableCompany(db, principal, companyId);
      const { rows, total } = await repo.findMarkups(db, { companyId }, page);
      return { items: rows.map(markupView), total };
    },
    get: async (principal: Principal, id: string) => markupView(await found(db, principal, id)),
    async create(
      principal: Principal,
      companyId: string,
      input: MarkupInput & { kind: 'fixed' | 'percentage'; value: string },
    ) {
      const company = await reachableCompany(db, principal, companyId);
      const values = {
        carrier: input.carrier ?? null,
        cabin: input.cabin ?? null,
        kind: input.kind,
        value: input.value,
        currency: input.currency ?? null,
      };
      checkMarkup(values);
      const id = newId('mku');
      return db.transaction().execute(async (trx) => {
        await repo.insertMarkup(trx, {
          id,
          company_id: companyId,
          ...values,
          created_at: clock.now(),
          updated_at: clock.now(),
        });
        const after = markupView(await found(trx, principal, id));
        await audit(trx, principal, {
          action: 'createMarkup',
          entityType: 'markup',
          entityId: id,
          agencyId: company.agency_id,
          before: null,
          after,
        });
        return after;
      });
    },
    async update(principal: Principal, id: string, input: MarkupInput) {
      return db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id);
        const before = markupView(row);
        const next = { ...before, ...input };
        checkMarkup({ kind: next.kind, value: next.value, currency: next.currency ?? null });
        await repo.updateMarkup(trx, id, { ...input, updated_at: clock.now() });
        const after = markupView(await found(trx, principal, id));
        await audit(trx, principal, {
          action: 'updateMarkup',
          entityType: 'markup',
          entityId: id,
          agencyId: row.agency_id,
          before,
          after,
        });
        return after;
      });
    },
    async remove(principal: Principal, id: string) {
      await db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id);
        await repo.deleteMarkup(trx, id);
        await audit(trx, principal, {
          action: 'deleteMarkup',
          entityType: 'markup',
          entityId: id,
          agencyId: row.agency_id,
          before: markupView(row),
          after: null,
        });
      });
    },
  };
}

export type MarkupsService = ReturnType<typeof createMarkupsService>;
