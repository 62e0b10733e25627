// Partners: create, change, archive, duplicate, their three flags, their gate and their fees.
import * as repo from '../../db/agencies.repository.js';
import type { Db } from '../../db/database.js';
import { copyAgencyChannels } from '../../db/ticketing.repository.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { agencyFilter, mustReach } from './scope.js';
import { expandAgencies, parseExpand, agencyExpansions } from './expansions.js';
import { agencyView, feeView, type AgencyView } from './views.js';

export type AgencyFlag = 'production_api_on' | 'corporate_number_on' | 'ghost_segments_remarks_on';
type Page = { page: number; perPage: number };

export function createAgenciesService(deps: { db: Db; clock: Clock; audit: RecordChange }) {
  const { db, clock, audit } = deps;

  async function view(dbOrTrx: Db, id: string): Promise<AgencyView> {
    const { rows } = await repo.findAgencies(dbOrTrx, { id });
    const row = rows[0];
    if (!row) throw notFound('partner');
    return agencyView(row, await repo.feesOf(dbOrTrx, [id]));
  }

  /** Changes a partner under a row lock and records before and after. */
  async function change(
    principal: Principal,
    id: string,
    action: string,
    apply: (trx: Db, before: AgencyView) => Promise<void>,
  ): Promise<AgencyView> {
    return db.transaction().execute(async (trx) => {
      if (!(await repo.lockAgency(trx, id))) throw notFound('partner');
      const before = await view(trx, id);
      await apply(trx, before);
      const after = await view(trx, id);
      await audit(trx, principal, { action, entityType: 'agency', entityId: id, agencyId: id, before, after });
      return after;
    });
  }

  return {
    async list(f: repo.AgencyFilter, page: Page, expand?: string) {
      const { rows, total } = await repo.findAgencies(db, f, page);
      const fees = await repo.feesOf(
        db,
        rows.map((r) => r.id),
      );
      const views = rows.map((r) => agencyView(r, fees));
      return { items: await expandAgencies(db, views, parseExpand(expand, agencyExpansions)), total };
    },

    async get(principal: Principal, id: string, expand?: string) {
      mustReach(principal, id, 'partner');
      const [expanded] = await expandAgencies(db, [await view(db, id)], parseExpand(expand, agencyExpansions));
      return expanded!;
    },

    async create(principal: Principal, input: { name: string } & Partial<Record<AgencyFlag, boolean>>) {
      const id = newId('agy');
      return db.transaction().execute(async (trx) => {
        await repo.insertAgency(trx, { id, status: 'active', created_at: clock.now(), ...input });
        const after = await view(trx, id);
        await audit(trx, principal, {
          action: 'createAgency',
          entityType: 'agency',
          entityId: id,
          agencyId: id,
          before: null,
          after,
        });
        return after;
      });
    },

    update: (principal: Principal, id: string, input: { name?: string; status?: 'active' | 'suspended' }) =>
      change(principal, id, 'updateAgency', async (trx, before) => {
        if (before.status === 'archived') throw notFound('partner');
        await repo.updateAgency(trx, id, input);
      }),

    setFlag: (principal: Principal, id: string, flag: AgencyFlag, on: boolean) =>
      change(principal, id, `set_${flag}`, (trx) => repo.updateAgency(trx, id, { [flag]: on })),

    setGate: (principal: Principal, id: string, open: boolean) =>
      change(principal, id, 'setPartnerGate', (trx) => repo.updateAgency(trx, id, { ticketing_active: open })),

    /**
     * A partner is archived, never removed (DESIGN §4): its companies' ledgers and bookings are
     * accounting records. Archiving closes its gate so nothing more is ticketed through it.
     */
    async archive(principal: Principal, id: string): Promise<void> {
      await change(principal, id, 'deleteAgency', async (trx, before) => {
        if (before.status === 'archived') return;
        await repo.updateAgency(trx, id, { status: 'archived', ticketing_active: false, archived_at: clock.now() });
      });
    },

    async duplicate(principal: Principal, id: string) {
      const source = await view(db, id);
      const copyId = newId('agy');
      return db.transaction().execute(async (trx) => {
        await repo.insertAgency(trx, {
          id: copyId,
          name: `${source.name} (copy)`,
          status: 'active',
          production_api_on: source.production_api_on,
          corporate_number_on: source.corporate_number_on,
          ghost_segments_remarks_on: source.ghost_segments_remarks_on,
          ticketing_active: source.ticketing_active,
          created_at: clock.now(),
        });
        const fees = await repo.feesOf(trx, [copyId]);
        for (const fee of source.agency_transaction_fees) {
          const target = fees.find((f) => f.kind === fee.kind);
          if (target) await repo.setFee(trx, target.id, fee.amount.amount, fee.amount.currency, clock.now());
        }
        await copyAgencyChannels(trx, id, copyId, () => newId('ach'));
        const after = await view(trx, copyId);
        await audit(trx, principal, {
          action: 'duplicateAgency',
          entityType: 'agency',
          entityId: copyId,
          agencyId: copyId,
          before: { duplicated_from: id },
          after,
        });
        return after;
      });
    },

    async listFees(principal: Principal, agencyId: string | undefined, page: Page) {
      const { rows, total } = await repo.findFees(db, { agencyId: agencyFilter(principal, agencyId) }, page);
      return { items: rows.map(feeView), total };
    },

    async getFee(principal: Principal, id: string) {
      const fee = (await repo.findFees(db, { id })).rows[0];
      if (!fee) throw notFound('transaction fee');
      mustReach(principal, fee.agency_id, 'transaction fee');
      return feeView(fee);
    },

    async setFee(principal: Principal, id: string, amount: { amount: string; currency: string }) {
      if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(amount.amount))
        throw new DomainError('validation_failed', 'A fee is zero or more, with at most two decimals.', {
          pointer: '/amount/amount',
        });
      return db.transaction().execute(async (trx) => {
        const fee = (await repo.findFees(trx, { id })).rows[0];
        if (!fee) throw notFound('transaction fee');
        await repo.setFee(trx, id, amount.amount, amount.currency, clock.now());
        const after = feeView((await repo.findFees(trx, { id })).rows[0]!);
        await audit(trx, principal, {
          action: 'updateAgencyTransactionFee',
          entityType: 'agency_transaction_fee',
          entityId: id,
          agencyId: fee.agency_id,
          before: feeView(fee),
          after,
        });
        return after;
      });
    },
  };
}

export type AgenciesService = ReturnType<typeof createAgenciesService>;
