// The users of an agency as its supervisors (and anyone given `users`) manage them: permissions by
// preset or custom set, booking visibility, suspension. Suspension locks the account row, marks it
// and revokes every session and token in one transaction, and the auth plugin reads the mark on every
// write (never cached): once the suspension commits, no request that starts after it changes anything,
// on any process. Only a supervisor (or staff) makes or unmakes a supervisor, and nobody changes
// their own access. Out-of-agency ids are `not_found`.
import * as repo from '../../db/agency-users.repository.js';
import type { Db } from '../../db/database.js';
import type { RecordChange } from '../back-office/audit.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { isStaff, type Principal } from '../principal.js';
import {
  heldPermissions,
  listed,
  presetOf,
  presets,
  type AgencyPermission,
  type BookingVisibility,
  type PresetName,
} from './agency-permissions.js';

export interface AccessInput {
  preset?: PresetName;
  permissions?: AgencyPermission[];
  booking_visibility?: BookingVisibility | null;
}
type Page = { page: number; perPage: number };

export function agencyUserView(r: repo.AgencyUserRow) {
  const held = heldPermissions(r.user_type, r.agency_permissions);
  return {
    id: r.id,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    user_type: r.user_type as 'Agent' | 'Supervisor',
    agency_id: r.agency_id!,
    company_id: r.company_id,
    preset: presetOf(r.user_type, held),
    permissions: listed(held),
    booking_visibility: r.booking_visibility,
    suspended_at: r.suspended_at?.toISOString() ?? null,
    created_at: r.created_at.toISOString(),
  };
}

/** The agency a caller manages users of: staff name it; anyone else has their own. */
export function managedAgency(principal: Principal, asked: string | undefined): string {
  if (isStaff(principal)) {
    if (!asked) throw new DomainError('validation_failed', 'Name the agency.', { pointer: '/agency_id' });
    return asked;
  }
  if (!principal.agencyId || (asked !== undefined && asked !== principal.agencyId)) throw notFound('agency');
  return principal.agencyId;
}

const managesSupervisors = (principal: Principal) => isStaff(principal) || principal.userType === 'Supervisor';

/** What an access input stores: the role, the permission set (null: the role's preset), the visibility. */
export function accessOf(input: AccessInput, currentType: 'Agent' | 'Supervisor') {
  if (input.preset !== undefined && input.permissions !== undefined)
    throw new DomainError('validation_failed', 'Give a preset or permissions, not both.', { pointer: '/permissions' });
  const type: 'Agent' | 'Supervisor' =
    input.preset === 'supervisor' ? 'Supervisor' : input.preset || input.permissions ? 'Agent' : currentType;
  const set = input.preset ? presets[input.preset] : input.permissions;
  return {
    user_type: type,
    agency_permissions: type === 'Supervisor' ? null : set ? listed(new Set(set)) : undefined,
    ...(input.booking_visibility !== undefined ? { booking_visibility: input.booking_visibility } : {}),
  };
}

export function createAgencyUsersService(deps: { db: Db; clock: Clock; audit: RecordChange; auth: Authenticator }) {
  const { db, clock, audit, auth } = deps;

  async function userOf(trx: Db, principal: Principal, id: string, lock = false) {
    const row = await repo.findAgencyUser(trx, id, lock);
    const inReach =
      row &&
      (row.user_type === 'Agent' || row.user_type === 'Supervisor') &&
      row.agency_id !== null &&
      (isStaff(principal) || row.agency_id === principal.agencyId);
    if (!inReach) throw notFound('user');
    return row;
  }

  /** A change of someone else's access, by someone allowed to make it, in one locked transaction. */
  async function change(
    principal: Principal,
    id: string,
    action: string,
    apply: (trx: Db, row: repo.AgencyUserRow) => Promise<void>,
  ) {
    if (principal.accountId === id) throw new DomainError('cannot_remove_self', 'You cannot change your own access.');
    const after = await db.transaction().execute(async (trx) => {
      const row = await userOf(trx, principal, id, true);
      if (row.user_type === 'Supervisor' && !managesSupervisors(principal)) throw notFound('user');
      const before = agencyUserView(row);
      await apply(trx, row);
      const after = agencyUserView((await repo.findAgencyUser(trx, id))!);
      await audit(trx, principal, {
        action,
        entityType: 'account',
        entityId: id,
        agencyId: row.agency_id,
        before,
        after,
      });
      return after;
    });
    auth.forgetAccount(id);
    return after;
  }

  return {
    async list(principal: Principal, agencyId: string | undefined, page: Page) {
      const { rows, total } = await repo.findAgencyUsers(db, managedAgency(principal, agencyId), page);
      return { items: rows.map(agencyUserView), total };
    },
    async get(principal: Principal, id: string) {
      return agencyUserView(await userOf(db, principal, id));
    },
    update(principal: Principal, id: string, input: AccessInput) {
      return change(principal, id, 'updateAgencyUser', async (trx, row) => {
        const access = accessOf(input, row.user_type as 'Agent' | 'Supervisor');
        if (access.user_type === 'Supervisor' && !managesSupervisors(principal))
          throw new DomainError('forbidden', 'Only a supervisor makes a supervisor.');
        const becomes = access.user_type !== row.user_type;
        await repo.updateAgencyAccess(trx, id, {
          ...access,
          // A new supervisor books for no company (as when a role is changed through supervisors).
          ...(becomes && access.user_type === 'Supervisor' ? { company_id: null } : {}),
          updated_at: clock.now(),
        });
      });
    },
    suspend(principal: Principal, id: string) {
      return change(principal, id, 'suspendAgencyUser', async (trx, row) => {
        if (row.suspended_at) return;
        const now = clock.now();
        await repo.updateAgencyAccess(trx, id, { suspended_at: now, updated_at: now });
        await repo.revokeCredentials(trx, id, now);
      });
    },
    reactivate(principal: Principal, id: string) {
      return change(principal, id, 'reactivateAgencyUser', async (trx, row) => {
        if (!row.suspended_at) return;
        await repo.updateAgencyAccess(trx, id, { suspended_at: null, updated_at: clock.now() });
      });
    },
  };
}

export type AgencyUsersService = ReturnType<typeof createAgencyUsersService>;
