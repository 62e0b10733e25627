// Company channels: each channel of a company's partner with the company's own switch, and the
// flags channel-state.ts derives for that company.
import type { Db } from '../../db/database.js';
import * as repo from '../../db/ticketing.repository.js';
import { channelFlags } from '../channels/channel-state.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { reachableCompany } from './companies.service.js';
import { mustReach } from './scope.js';

type Page = { page: number; perPage: number };

export function createCompanyChannelsService(deps: { db: Db; clock: Clock; audit: RecordChange }) {
  const { db, clock, audit } = deps;

  async function views(trx: Db, rows: repo.CompanyChannelRow[]) {
    const gates = await repo.gateStates(trx);
    return Promise.all(
      rows.map(async (r) => {
        const ch = (await repo.findAgencyChannels(trx, { id: r.agency_channel_id })).rows[0]!;
        const flags = channelFlags(
          {
            onByAdmin: ch.on_by_admin,
            activeBySupervisor: ch.active_by_supervisor,
            activeForCompany: r.active,
            credentialActive: ch.credential_active,
            surfaces: { api: ch.api, web: ch.web, extension: ch.extension },
          },
          gates,
        );
        return {
          id: r.id,
          company_id: r.company_id,
          agency_channel_id: ch.id,
          carrier: ch.carrier,
          title: ch.title,
          ...flags,
        };
      }),
    );
  }

  async function found(trx: Db, principal: Principal, id: string) {
    const row = (await repo.findCompanyChannels(trx, { id })).rows[0];
    if (!row) throw notFound('company channel');
    mustReach(principal, row.agency_id, 'company channel');
    return row;
  }

  return {
    async list(principal: Principal, companyId: string, page: Page) {
      await reachableCompany(db, principal, companyId);
      await repo.ensureCompanyChannels(db, companyId, () => newId('cch'));
      const { rows, total } = await repo.findCompanyChannels(db, { companyId }, page);
      return { items: await views(db, rows), total };
    },
    /** The channels of the caller's own company, for its settings: no back-office reach needed. */
    async ofOwnCompany(companyId: string) {
      await repo.ensureCompanyChannels(db, companyId, () => newId('cch'));
      const { rows } = await repo.findCompanyChannels(db, { companyId }, { page: 1, perPage: 100 });
      return views(db, rows);
    },
    get: async (principal: Principal, id: string) => (await views(db, [await found(db, principal, id)]))[0]!,
    async set(principal: Principal, id: string, active: boolean) {
      return db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id);
        const before = (await views(trx, [row]))[0]!;
        await repo.setCompanyChannel(trx, id, active, clock.now());
        const after = (await views(trx, [await found(trx, principal, id)]))[0]!;
        await audit(trx, principal, {
          action: 'updateCompanyChannel',
          entityType: 'company_channel',
          entityId: id,
          agencyId: row.agency_id,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type CompanyChannelsService = ReturnType<typeof createCompanyChannelsService>;
