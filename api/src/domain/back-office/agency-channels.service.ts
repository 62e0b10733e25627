// Agency channels: a partner's airline connections with credential, form of payment, card and
// fare codes. Their derived flags come from channel-state.ts, the one decision shared with
// shopping and bookings. The credential is sealed and reported only as active.
import { findAgencyFacts } from '../../db/agencies.repository.js';
import type { Db } from '../../db/database.js';
import * as repo from '../../db/ticketing.repository.js';
import { channelFlags, type GateStates } from '../channels/channel-state.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { isStaff, type Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { cardView, type CardInput, type CreditCardsService } from './credit-cards.service.js';
import { agencyFilter, mustReach } from './scope.js';

type Page = { page: number; perPage: number };
type FormOfPayment = repo.AgencyChannelRow['form_of_payment'];

export interface ChannelUpdate {
  on_by_admin?: boolean;
  active_by_supervisor?: boolean;
  form_of_payment?: FormOfPayment;
  ticketing_credit_card_id?: string | null;
  nego_code?: string | null;
  resident_fares_code?: string | null;
  credential?: { secret: string };
}

/** What a supervisor may change on their own partner's channels (product spec §6). */
const supervisorFields = new Set([
  'active_by_supervisor',
  'form_of_payment',
  'ticketing_credit_card_id',
  'nego_code',
  'resident_fares_code',
]);

export function agencyChannelView(r: repo.AgencyChannelRow, gates: GateStates, card: repo.CardRow | undefined) {
  const flags = channelFlags(
    {
      onByAdmin: r.on_by_admin,
      activeBySupervisor: r.active_by_supervisor,
      activeForCompany: undefined,
      credentialActive: r.credential_active,
      surfaces: { api: r.api, web: r.web, extension: r.extension },
    },
    gates,
  );
  return {
    id: r.id,
    agency_id: r.agency_id,
    source_channel_id: r.source_channel_id,
    carrier: r.carrier,
    title: r.title,
    on_by_admin: r.on_by_admin,
    ...flags,
    form_of_payment: r.form_of_payment,
    ticketing_credit_card_id: r.ticketing_credit_card_id,
    credit_card: card ? cardView(card) : null,
    nego_code: r.nego_code,
    resident_fares_code: r.resident_fares_code,
    credential: { active: r.credential_active },
    api: r.api,
    web: r.web,
    extension: r.extension,
    updated_at: r.updated_at.toISOString(),
  };
}

export function createAgencyChannelsService(deps: {
  db: Db;
  clock: Clock;
  audit: RecordChange;
  box: SecretBox;
  cards: CreditCardsService;
}) {
  const { db, clock, audit, box, cards } = deps;

  async function views(trx: Db, rows: repo.AgencyChannelRow[]) {
    const gates = await repo.gateStates(trx);
    const cardIds = new Set(rows.map((r) => r.ticketing_credit_card_id).filter((id): id is string => id !== null));
    const cardRows = await Promise.all([...cardIds].map(async (id) => (await repo.findCards(trx, { id })).rows[0]));
    return rows.map((r) =>
      agencyChannelView(
        r,
        gates,
        cardRows.find((c) => c?.id === r.ticketing_credit_card_id),
      ),
    );
  }

  async function found(trx: Db, principal: Principal, id: string) {
    const row = (await repo.findAgencyChannels(trx, { id })).rows[0];
    if (!row) throw notFound('channel');
    mustReach(principal, row.agency_id, 'channel');
    return row;
  }

  async function view(trx: Db, principal: Principal, id: string) {
    return (await views(trx, [await found(trx, principal, id)]))[0]!;
  }

  async function change(
    principal: Principal,
    id: string,
    action: string,
    apply: (trx: Db, row: repo.AgencyChannelRow) => Promise<void>,
  ) {
    return db.transaction().execute(async (trx) => {
      const row = await found(trx, principal, id);
      const before = (await views(trx, [row]))[0]!;
      await apply(trx, row);
      const after = await view(trx, principal, id);
      await audit(trx, principal, {
        action,
        entityType: 'agency_channel',
        entityId: id,
        agencyId: row.agency_id,
        before,
        after,
      });
      return after;
    });
  }

  return {
    async list(principal: Principal, agencyId: string | undefined, page: Page) {
      const { rows, total } = await repo.findAgencyChannels(db, { agencyId: agencyFilter(principal, agencyId) }, page);
      return { items: await views(db, rows), total };
    },

    get: (principal: Principal, id: string) => view(db, principal, id),

    async create(
      principal: Principal,
      input: {
        agency_id: string;
        name: string;
        source_channel_id: string;
        on_by_admin?: boolean;
        credential?: { secret: string };
      },
    ) {
      return db.transaction().execute(async (trx) => {
        const agency = await findAgencyFacts(trx, input.agency_id);
        if (!agency) throw notFound('partner');
        if ((await repo.findSourceChannels(trx, { id: input.source_channel_id })).rows.length === 0)
          throw notFound('source channel');
        const id = newId('ach');
        await repo.insertAgencyChannel(trx, {
          id,
          agency_id: agency.id,
          source_channel_id: input.source_channel_id,
          title: input.name,
          on_by_admin: input.on_by_admin ?? true,
          credential_ciphertext: input.credential ? box.seal(input.credential.secret) : null,
          credential_active: input.credential !== undefined,
          created_at: clock.now(),
          updated_at: clock.now(),
        });
        const after = await view(trx, principal, id);
        await audit(trx, principal, {
          action: 'createAgencyChannel',
          entityType: 'agency_channel',
          entityId: id,
          agencyId: agency.id,
          before: null,
          after,
        });
        return after;
      });
    },

    update: (principal: Principal, id: string, input: ChannelUpdate) =>
      change(principal, id, 'updateAgencyChannel', async (trx, row) => {
        if (!isStaff(principal)) {
          const refused = Object.keys(input).filter((k) => !supervisorFields.has(k));
          if (refused.length > 0)
            throw new DomainError('forbidden', `A supervisor may not change ${refused.join(', ')}.`, {
              pointer: `/${refused[0]}`,
            });
        }
        const cardId =
          input.ticketing_credit_card_id !== undefined ? input.ticketing_credit_card_id : row.ticketing_credit_card_id;
        if (input.ticketing_credit_card_id) {
          const card = (await repo.findCards(trx, { id: input.ticketing_credit_card_id })).rows[0];
          if (!card || card.agency_id !== row.agency_id)
            throw new DomainError('credit_card_invalid', "The card is not one of this partner's cards.", {
              pointer: '/ticketing_credit_card_id',
            });
        }
        if ((input.form_of_payment ?? row.form_of_payment) === 'credit_card' && !cardId)
          throw new DomainError('credit_card_required', undefined, { pointer: '/ticketing_credit_card_id' });
        const { credential, ...settings } = input;
        await repo.updateAgencyChannel(trx, id, {
          ...settings,
          ...(credential ? { credential_ciphertext: box.seal(credential.secret), credential_active: true } : {}),
          updated_at: clock.now(),
        });
      }),

    async remove(principal: Principal, id: string) {
      await db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id);
        const before = (await views(trx, [row]))[0]!;
        await repo.deleteAgencyChannel(trx, id);
        await audit(trx, principal, {
          action: 'deleteAgencyChannel',
          entityType: 'agency_channel',
          entityId: id,
          agencyId: row.agency_id,
          before,
          after: null,
        });
      });
    },

    addCard: (principal: Principal, id: string, input: CardInput) =>
      change(principal, id, 'addAgencyChannelCreditCard', async (trx, row) => {
        const card = await cards.add(trx, principal, row.agency_id, input);
        await repo.updateAgencyChannel(trx, id, { ticketing_credit_card_id: card.id, updated_at: clock.now() });
      }),

    async removeCard(principal: Principal, id: string, cardId: string) {
      await change(principal, id, 'removeAgencyChannelCreditCard', async (trx, row) => {
        if (row.ticketing_credit_card_id !== cardId) throw notFound('credit card');
        // A channel paying by card falls back to BSP cash when its card goes.
        await repo.updateAgencyChannel(trx, id, {
          ticketing_credit_card_id: null,
          ...(row.form_of_payment === 'credit_card' ? { form_of_payment: 'bsp_cash' as const } : {}),
          updated_at: clock.now(),
        });
      });
    },
  };
}

export type AgencyChannelsService = ReturnType<typeof createAgencyChannelsService>;
