// Connection requests (product spec §4): a company asks to join a partner; the partner's
// supervisor answers (the request leaves the pending list: accepted it stays as the connection,
// declined it is gone); deleting one withdraws it or disconnects the company, which may then ask
// again. A company's agents follow it in and out of the partner.
import { findAgencyFacts } from '../../db/agencies.repository.js';
import { findCompanyFacts } from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import * as repo from '../../db/memberships.repository.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { isStaff, type Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { reaches } from './scope.js';

type Page = { page: number; perPage: number };
type View = ReturnType<typeof requestView>;

function requestView(r: repo.JoinRequestRow, status: 'pending' | 'accepted' | 'declined' = r.status) {
  return {
    id: r.id,
    agency_id: r.agency_id,
    agency_name: r.agency_name,
    company_id: r.company_id,
    company_name: r.company_name,
    status,
    created_at: r.created_at.toISOString(),
    answered_at: r.answered_at ? r.answered_at.toISOString() : null,
  };
}

/** Staff, a supervisor of the partner asked, or an agent of the asking company. */
function sees(principal: Principal, r: repo.JoinRequestRow): boolean {
  return reaches(principal, r.agency_id) || (principal.userType === 'Agent' && principal.companyId === r.company_id);
}

export function createJoinRequestsService(deps: { db: Db; clock: Clock; audit: RecordChange; auth: Authenticator }) {
  const { db, clock, audit, auth } = deps;

  async function found(trx: Db, principal: Principal, id: string, lock = false) {
    const row = lock ? await repo.lockJoinRequest(trx, id) : (await repo.findJoinRequests(trx, { id })).rows[0];
    if (!row || !sees(principal, row)) throw notFound('connection request');
    return row;
  }

  const record = (
    trx: Db,
    principal: Principal,
    action: string,
    r: repo.JoinRequestRow,
    before: View | null,
    after: View | null,
  ) =>
    audit(trx, principal, {
      action,
      entityType: 'join_agency_request',
      entityId: r.id,
      agencyId: r.agency_id,
      before,
      after,
    });

  return {
    async list(
      principal: Principal,
      status: 'pending' | 'accepted',
      page: Page,
      filter: { agencyId?: string; companyId?: string } = {},
    ) {
      const scope: { agencyId?: string; companyId?: string } = isStaff(principal)
        ? {}
        : principal.userType === 'Supervisor'
          ? { agencyId: principal.agencyId ?? '-' }
          : { companyId: principal.companyId ?? '-' };
      // A filter only narrows what the caller's role sees: one outside it finds nothing.
      if (
        (scope.agencyId && filter.agencyId && filter.agencyId !== scope.agencyId) ||
        (scope.companyId && filter.companyId && filter.companyId !== scope.companyId)
      )
        return { items: [], total: 0 };
      const { rows, total } = await repo.findJoinRequests(db, { status, ...filter, ...scope }, page);
      return { items: rows.map((r) => requestView(r)), total };
    },

    get: async (principal: Principal, id: string) => requestView(await found(db, principal, id)),

    async create(principal: Principal, input: { agency_id: string; company_id?: string }) {
      const companyId = isStaff(principal) ? input.company_id : (principal.companyId ?? undefined);
      if (!companyId) throw new DomainError('validation_failed', 'company_id is required.', { pointer: '/company_id' });
      if (!isStaff(principal) && input.company_id !== undefined && input.company_id !== companyId)
        throw notFound('company');
      return db.transaction().execute(async (trx) => {
        const agency = await findAgencyFacts(trx, input.agency_id);
        if (!agency || agency.status === 'archived') throw notFound('partner');
        const company = await findCompanyFacts(trx, companyId);
        if (!company) throw notFound('company');
        if (company.agency_id === input.agency_id) throw new DomainError('already_connected');
        const row: repo.JoinRequestRow = {
          id: newId('jar'),
          company_id: companyId,
          company_name: company.name,
          agency_id: input.agency_id,
          agency_name: agency.name,
          status: 'pending',
          requested_by: principal.accountId,
          answered_by: null,
          created_at: clock.now(),
          answered_at: null,
        };
        try {
          const { company_name: _company, agency_name: _agency, ...columns } = row;
          await repo.insertJoinRequest(trx, columns);
        } catch (error) {
          if ((error as { code?: string }).code === '23505') throw new DomainError('join_request_exists');
          throw error;
        }
        await record(trx, principal, 'createJoinAgencyRequest', row, null, requestView(row));
        return requestView(row);
      });
    },

    async answer(principal: Principal, id: string, answer: 'accept' | 'decline') {
      const { view, moved } = await db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id, true);
        // The company asks; only the partner (or staff) answers.
        if (!reaches(principal, row.agency_id)) throw notFound('connection request');
        if (row.status !== 'pending') throw new DomainError('join_request_answered');
        const before = requestView(row);
        const answered = { ...row, answered_by: principal.accountId, answered_at: clock.now() };
        if (answer === 'decline') {
          await repo.deleteJoinRequest(trx, id);
          const after = requestView(answered, 'declined');
          await record(trx, principal, 'answerJoinAgencyRequest', row, before, after);
          return { view: after, moved: [] };
        }
        await repo.updateJoinRequest(trx, id, {
          status: 'accepted',
          answered_by: principal.accountId,
          answered_at: answered.answered_at,
        });
        const moved = await repo.connectCompany(trx, row.company_id, row.agency_id);
        const after = requestView({ ...answered, status: 'accepted' });
        await record(trx, principal, 'answerJoinAgencyRequest', row, before, after);
        return { view: after, moved };
      });
      moved.forEach((accountId) => auth.forgetAccount(accountId));
      return view;
    },

    async remove(principal: Principal, id: string) {
      const moved = await db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id, true);
        await repo.deleteJoinRequest(trx, id);
        // Disconnecting an accepted request resets the company to no partner.
        const out = row.status === 'accepted' ? await repo.connectCompany(trx, row.company_id, null) : [];
        await record(trx, principal, 'deleteJoinAgencyRequest', row, requestView(row), null);
        return out;
      });
      moved.forEach((accountId) => auth.forgetAccount(accountId));
    },
  };
}

export type JoinRequestsService = ReturnType<typeof createJoinRequestsService>;
