// The platform-wide gates and the source channels' surfaces.
import type { Db } from '../../db/database.js';
import * as repo from '../../db/ticketing.repository.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import type { RecordChange } from './audit.js';

type Page = { page: number; perPage: number };
export type PlatformGate = 'main' | 'agency' | 'channel';
export type Surface = 'api' | 'web' | 'extension';

export function createGatesService(deps: { db: Db; clock: Clock; audit: RecordChange }) {
  const { db, clock, audit } = deps;
  return {
    gates: () => repo.gateStates(db),
    async setGate(principal: Principal, gate: PlatformGate, active: boolean) {
      return db.transaction().execute(async (trx) => {
        const before = await repo.gateStates(trx);
        await repo.setGate(trx, gate, active, clock.now());
        const after = await repo.gateStates(trx);
        await audit(trx, principal, {
          action: `set_${gate}_gate`,
          entityType: 'ticketing_gate',
          entityId: gate,
          agencyId: null,
          before,
          after,
        });
        return after;
      });
    },
    async listSources(page: Page) {
      const { rows, total } = await repo.findSourceChannels(db, {}, page);
      return { items: rows, total };
    },
    async setSurface(principal: Principal, id: string, surface: Surface, on: boolean) {
      return db.transaction().execute(async (trx) => {
        const before = (await repo.findSourceChannels(trx, { id })).rows[0];
        if (!before) throw notFound('source channel');
        await repo.setSurface(trx, id, surface, on);
        const after = (await repo.findSourceChannels(trx, { id })).rows[0]!;
        await audit(trx, principal, {
          action: 'setSourceChannelSurface',
          entityType: 'source_channel',
          entityId: id,
          agencyId: null,
          before,
          after,
        });
        return after;
      });
    },
  };
}

export type GatesService = ReturnType<typeof createGatesService>;
