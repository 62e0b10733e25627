// Companies (subagents and branches): create, read, delete, their gate and booking visibility.
import { findAgencyFacts } from '../../db/agencies.repository.js';
import * as repo from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { isStaff, type Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { companyExpansions, expandCompanies, parseExpand } from './expansions.js';
import { agencyFilter, mustReach } from './scope.js';
import { companyView } from './views.js';

export { companyView, type CompanyView } from './views.js';

type Page = { page: number; perPage: number };

/** The company if the caller reaches it (staff: any; supervisor: their partner's), else `not_found`. */
export async function reachableCompany(db: Db, principal: Principal, id: string): Promise<repo.CompanyRow> {
  const row = (await repo.findCompanies(db, { id })).rows[0];
  if (!row) throw notFound('company');
  mustReach(principal, row.agency_id, 'company');
  return row;
}

export function createCompaniesService(deps: { db: Db; clock: Clock; audit: RecordChange }) {
  const { db, clock, audit } = deps;

  async function change(principal: Principal, id: string, action: string, apply: (trx: Db) => Promise<void>) {
    return db.transaction().execute(async (trx) => {
      const before = companyView(await reachableCompany(trx, principal, id));
      if (!(await repo.lockCompany(trx, id))) throw notFound('company');
      await apply(trx);
      const after = companyView((await repo.findCompanies(trx, { id })).rows[0]!);
      await audit(trx, principal, {
        action,
        entityType: 'company',
        entityId: id,
        agencyId: after.agency_id,
        before,
        after,
      });
      return after;
    });
  }

  return {
    async list(principal: Principal, f: repo.CompanyFilter, page: Page, expand?: string) {
      const { rows, total } = await repo.findCompanies(
        db,
        { ...f, agencyId: agencyFilter(principal, f.agencyId) },
        page,
      );
      const views = rows.map(companyView);
      return { items: await expandCompanies(db, views, parseExpand(expand, companyExpansions)), total };
    },

    async get(principal: Principal, id: string, expand?: string) {
      const view = companyView(await reachableCompany(db, principal, id));
      const [expanded] = await expandCompanies(db, [view], parseExpand(expand, companyExpansions));
      return expanded!;
    },

    async create(principal: Principal, input: { name: string; agency_id?: string; currency?: string }) {
      // A supervisor adds subagents to their own partner only.
      const agencyId = isStaff(principal) ? (input.agency_id ?? null) : principal.agencyId;
      if (!isStaff(principal) && input.agency_id !== undefined && input.agency_id !== agencyId)
        throw notFound('partner');
      const id = newId('cmp');
      return db.transaction().execute(async (trx) => {
        if (agencyId) {
          const agency = await findAgencyFacts(trx, agencyId);
          if (!agency || agency.status === 'archived') throw notFound('partner');
        }
        await repo.insertCompany(trx, {
          id,
          name: input.name,
          agency_id: agencyId,
          balance_amount: '0',
          balance_currency: input.currency ?? 'EUR',
          created_at: clock.now(),
        });
        const after = companyView((await repo.findCompanies(trx, { id })).rows[0]!);
        await audit(trx, principal, {
          action: 'createCompany',
          entityType: 'company',
          entityId: id,
          agencyId,
          before: null,
          after,
        });
        return after;
      });
    },

    /** Refused while the company holds records to keep (ledger entries, agents). */
    async remove(principal: Principal, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = companyView(await reachableCompany(trx, principal, id));
        await repo.lockCompany(trx, id);
        if (await repo.companyHasRecords(trx, id)) throw new DomainError('company_has_records');
        await repo.deleteCompany(trx, id);
        await audit(trx, principal, {
          action: 'deleteCompany',
          entityType: 'company',
          entityId: id,
          agencyId: before.agency_id,
          before,
          after: null,
        });
      });
    },

    setGate: (principal: Principal, id: string, open: boolean) =>
      change(principal, id, 'setCompanyGate', (trx) => repo.updateCompany(trx, id, { ticketing_active: open })),

    /** The settings a company keeps for itself (today the low-balance threshold). */
    update: (principal: Principal, id: string, input: { low_balance_threshold?: string | null }) =>
      change(principal, id, 'updateCompany', (trx) =>
        repo.updateCompany(trx, id, { low_balance_threshold: input.low_balance_threshold }),
      ),

    setSharedBookings: (principal: Principal, id: string, shared: boolean) =>
      change(principal, id, 'setCompanySharedBookings', (trx) =>
        repo.updateCompany(trx, id, { shared_bookings: shared }),
      ),
  };
}

export type CompaniesService = ReturnType<typeof createCompaniesService>;
