// Agents of companies (agent_company_relationships). An agent may work for several companies;
// accounts.company_id is the one they book for now and is always one of these (or null).
import { findCompanyFacts } from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import * as repo from '../../db/memberships.repository.js';
import * as people from '../../db/people.repository.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { isStaff, type Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { reachableCompany } from './companies.service.js';
import { insertAccount, personView } from './people.service.js';
import { agencyFilter, mustReach } from './scope.js';

type Page = { page: number; perPage: number };

export interface AgentInput {
  company_id: string;
  account_id?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
}

export function createAgentsService(deps: { db: Db; clock: Clock; audit: RecordChange; auth: Authenticator }) {
  const { db, clock, audit, auth } = deps;

  async function view(trx: Db, r: repo.RelationshipRow) {
    const agent = (await people.findPerson(trx, r.account_id))!;
    return {
      id: r.id,
      company_id: r.company_id,
      agent: personView(agent),
      current: agent.company_id === r.company_id,
      created_at: r.created_at.toISOString(),
    };
  }

  async function found(trx: Db, principal: Principal, id: string) {
    const row = (await repo.findRelationships(trx, { id })).rows[0];
    if (!row) throw notFound('agent relationship');
    mustReach(principal, row.agency_id, 'agent relationship');
    return row;
  }

  async function agentFor(trx: Db, principal: Principal, input: AgentInput, agencyId: string | null): Promise<string> {
    if (input.account_id) {
      const account = await people.findPerson(trx, input.account_id);
      // A supervisor adds only agents of their own partner (or agents of no partner yet).
      const mine = isStaff(principal) || account?.agency_id === null || account?.agency_id === principal.agencyId;
      if (!account || account.user_type !== 'Agent' || !mine) throw notFound('agent');
      return account.id;
    }
    if (!input.email || !input.first_name || !input.last_name)
      throw new DomainError('validation_failed', 'Give account_id, or email, first_name and last_name.', {
        pointer: '/account_id',
      });
    return insertAccount(trx, clock, {
      email: input.email,
      first_name: input.first_name,
      last_name: input.last_name,
      userType: 'Agent',
      agencyId,
      companyId: input.company_id,
    });
  }

  return {
    async list(principal: Principal, companyId: string | undefined, page: Page) {
      const { rows, total } = await repo.findRelationships(
        db,
        { companyId, agencyId: agencyFilter(principal, undefined) },
        page,
      );
      return { items: await Promise.all(rows.map((r) => view(db, r))), total };
    },

    get: async (principal: Principal, id: string) => view(db, await found(db, principal, id)),

    async create(principal: Principal, input: AgentInput) {
      const company = await reachableCompany(db, principal, input.company_id);
      const { result, accountId } = await db.transaction().execute(async (trx) => {
        const accountId = await agentFor(trx, principal, input, company.agency_id);
        const id = newId('acr');
        try {
          await repo.insertRelationship(trx, {
            id,
            account_id: accountId,
            company_id: company.id,
            created_at: clock.now(),
          });
        } catch (error) {
          if ((error as { code?: string }).code === '23505')
            throw new DomainError('already_in_use', 'This agent already works for this company.');
          throw error;
        }
        // An agent without a current company books for the one just added.
        const agent = (await people.findPerson(trx, accountId))!;
        if (!agent.company_id)
          await people.updatePerson(trx, accountId, {
            company_id: company.id,
            agency_id: company.agency_id,
            updated_at: clock.now(),
          });
        const result = await view(trx, (await repo.findRelationships(trx, { id })).rows[0]!);
        await audit(trx, principal, {
          action: 'createAgentCompanyRelationship',
          entityType: 'agent_company_relationship',
          entityId: id,
          agencyId: company.agency_id,
          before: null,
          after: result,
        });
        return { result, accountId };
      });
      auth.forgetAccount(accountId);
      return result;
    },

    async remove(principal: Principal, id: string) {
      const accountId = await db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id);
        const before = await view(trx, row);
        await repo.deleteRelationship(trx, id);
        if (before.current) {
          // Another of the agent's companies becomes current, or none.
          const next = (await repo.findRelationships(trx, { accountId: row.account_id })).rows[0];
          const nextCompany = next ? await findCompanyFacts(trx, next.company_id) : undefined;
          await people.updatePerson(trx, row.account_id, {
            company_id: nextCompany?.id ?? null,
            agency_id: nextCompany ? nextCompany.agency_id : before.agent.agency_id,
            updated_at: clock.now(),
          });
        }
        await audit(trx, principal, {
          action: 'deleteAgentCompanyRelationship',
          entityType: 'agent_company_relationship',
          entityId: id,
          agencyId: row.agency_id,
          before,
          after: null,
        });
        return row.account_id;
      });
      auth.forgetAccount(accountId);
    },
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
