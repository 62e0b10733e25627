// Supervisors of a partner and platform support users. Both are accounts; a new one signs in by a
// one-time code sent to their email, so no password ever passes through the back office.
import { findAgencyFacts } from '../../db/agencies.repository.js';
import type { Db } from '../../db/database.js';
import * as repo from '../../db/people.repository.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { mustReach } from './scope.js';

export interface PersonInput {
  email: string;
  first_name: string;
  last_name: string;
  phone?: string;
}
type Page = { page: number; perPage: number };

export function personView(r: repo.PersonRow) {
  return {
    id: r.id,
    email: r.email,
    phone: r.phone,
    first_name: r.first_name,
    last_name: r.last_name,
    user_type: r.user_type,
    agency_id: r.agency_id,
    company_id: r.company_id,
    created_at: r.created_at.toISOString(),
  };
}

/** Inserts an account that signs in by code; a taken email or phone is `already_in_use`. */
export async function insertAccount(
  trx: Db,
  clock: Clock,
  input: PersonInput & { userType: repo.PersonRow['user_type']; agencyId: string | null; companyId: string | null },
): Promise<string> {
  const id = newId('acc');
  try {
    await repo.insertPerson(trx, {
      id,
      email: input.email,
      phone: input.phone ?? null,
      first_name: input.first_name,
      last_name: input.last_name,
      user_type: input.userType,
      agency_id: input.agencyId,
      company_id: input.companyId,
      auth_method: 'otp',
      created_at: clock.now(),
      updated_at: clock.now(),
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new DomainError('already_in_use', 'Another account already uses this email or phone.');
    throw error;
  }
  return id;
}

export function createPeopleService(deps: { db: Db; clock: Clock; audit: RecordChange; auth: Authenticator }) {
  const { db, clock, audit, auth } = deps;

  /** A supervisor of the partner, or (when a role is being given) one of its agents too. */
  async function personOf(trx: Db, principal: Principal, agencyId: string, id: string, agentsToo = false) {
    mustReach(principal, agencyId, 'supervisor');
    const row = await repo.findPerson(trx, id);
    const roleOk = row?.user_type === 'Supervisor' || (agentsToo && row?.user_type === 'Agent');
    if (!row || !roleOk || row.agency_id !== agencyId) throw notFound('supervisor');
    return row;
  }
  const supervisorOf = (trx: Db, principal: Principal, agencyId: string, id: string) =>
    personOf(trx, principal, agencyId, id);

  async function agencyExists(trx: Db, agencyId: string) {
    const found = await findAgencyFacts(trx, agencyId);
    if (!found) throw notFound('partner');
  }

  async function create(
    principal: Principal,
    userType: 'Supervisor' | 'Support',
    agencyId: string | null,
    input: PersonInput,
  ) {
    return db.transaction().execute(async (trx) => {
      if (agencyId) await agencyExists(trx, agencyId);
      const id = await insertAccount(trx, clock, { ...input, userType, agencyId, companyId: null });
      const after = personView((await repo.findPerson(trx, id))!);
      await audit(trx, principal, {
        action: userType === 'Support' ? 'createSupport' : 'createSupervisor',
        entityType: 'account',
        entityId: id,
        agencyId,
        before: null,
        after,
      });
      return after;
    });
  }

  return {
    async listSupervisors(principal: Principal, agencyId: string, page: Page) {
      mustReach(principal, agencyId, 'partner');
      const { rows, total } = await repo.findPeople(db, { userType: 'Supervisor', agencyId }, page);
      return { items: rows.map(personView), total };
    },
    async getSupervisor(principal: Principal, agencyId: string, id: string) {
      return personView(await supervisorOf(db, principal, agencyId, id));
    },
    createSupervisor(principal: Principal, agencyId: string, input: PersonInput) {
      mustReach(principal, agencyId, 'partner');
      return create(principal, 'Supervisor', agencyId, input);
    },
    /** Changes fields, or a role (product spec §1: supervisors set roles in their own partner). */
    async updateSupervisor(
      principal: Principal,
      agencyId: string,
      id: string,
      input: Partial<PersonInput> & { user_type?: 'Agent' | 'Supervisor' },
    ) {
      const after = await db.transaction().execute(async (trx) => {
        const row = await personOf(trx, principal, agencyId, id, input.user_type === 'Supervisor');
        const before = personView(row);
        if (input.user_type === 'Agent' && principal.accountId === id) throw new DomainError('cannot_remove_self');
        const { user_type: role, ...fields } = input;
        try {
          await repo.updatePerson(trx, id, {
            ...fields,
            // A new supervisor books for no company; a new agent is given one by a relationship.
            ...(role && role !== row.user_type ? { user_type: role, company_id: null } : {}),
            updated_at: clock.now(),
          });
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw new DomainError('already_in_use');
          throw error;
        }
        const after = personView((await repo.findPerson(trx, id))!);
        await audit(trx, principal, {
          action: 'updateSupervisor',
          entityType: 'account',
          entityId: id,
          agencyId,
          before,
          after,
        });
        return after;
      });
      auth.forgetAccount(id);
      return after;
    },
    async deleteSupervisor(principal: Principal, agencyId: string, id: string) {
      // A partner is never left without the supervisor who is removing the others.
      if (principal.accountId === id) throw new DomainError('cannot_remove_self');
      await db.transaction().execute(async (trx) => {
        const before = personView(await supervisorOf(trx, principal, agencyId, id));
        await repo.deletePerson(trx, id);
        await audit(trx, principal, {
          action: 'deleteSupervisor',
          entityType: 'account',
          entityId: id,
          agencyId,
          before,
          after: null,
        });
      });
      auth.forgetAccount(id);
    },
    async listSupports(page: Page) {
      const { rows, total } = await repo.findPeople(db, { userType: 'Support' }, page);
      return { items: rows.map(personView), total };
    },
    async getSupport(id: string) {
      const row = await repo.findPerson(db, id);
      if (!row || row.user_type !== 'Support') throw notFound('support user');
      return personView(row);
    },
    createSupport: (principal: Principal, input: PersonInput) => create(principal, 'Support', null, input),
  };
}

export type PeopleService = ReturnType<typeof createPeopleService>;
