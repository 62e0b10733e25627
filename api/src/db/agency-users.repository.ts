// The users of an agency with their access (permission set, booking visibility, suspension), the
// revocation of an account's credentials, and invites (kept by the hash of their link's secret).
import { sql } from 'kysely';
import { compiledOnce } from './compiled-once.js';
import type { Db } from './database.js';

type Visibility = 'own' | 'company' | 'agency';

export interface AgencyUserRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: 'Admin' | 'Support' | 'Agent' | 'Supervisor';
  agency_id: string | null;
  company_id: string | null;
  agency_permissions: string[] | null;
  booking_visibility: Visibility | null;
  suspended_at: Date | null;
  created_at: Date;
}

const userColumns = [
  'id',
  'email',
  'first_name',
  'last_name',
  'user_type',
  'agency_id',
  'company_id',
  'agency_permissions',
  'booking_visibility',
  'suspended_at',
  'created_at',
] as const;

type Page = { page: number; perPage: number };

export async function findAgencyUsers(db: Db, agencyId: string, page: Page) {
  const base = db
    .selectFrom('accounts')
    .where('agency_id', '=', agencyId)
    .where('user_type', 'in', ['Agent', 'Supervisor']);
  const [rows, count] = await Promise.all([
    base
      .select(userColumns)
      .orderBy('last_name')
      .orderBy('id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as AgencyUserRow[], total: Number(count.n) };
}

/** With `lock`, the row stays locked until the transaction ends (suspension and access changes). */
export async function findAgencyUser(db: Db, id: string, lock = false): Promise<AgencyUserRow | undefined> {
  let query = db.selectFrom('accounts').select(userColumns).where('id', '=', id);
  if (lock) query = query.forUpdate();
  return await query.executeTakeFirst();
}

export async function updateAgencyAccess(
  db: Db,
  id: string,
  changes: {
    agency_permissions?: string[] | null;
    booking_visibility?: Visibility | null;
    user_type?: 'Agent' | 'Supervisor';
    company_id?: string | null;
    suspended_at?: Date | null;
    updated_at: Date;
  },
): Promise<void> {
  await db.updateTable('accounts').set(changes).where('id', '=', id).execute();
}

/** Ends every live session and API token of the account; returns how many ended. */
export async function revokeCredentials(db: Db, accountId: string, at: Date): Promise<number> {
  const [sessions, tokens] = await Promise.all([
    db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
    db
      .updateTable('api_tokens')
      .set({ revoked_at: at })
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return Number(sessions.numUpdatedRows) + Number(tokens.numUpdatedRows);
}

/** Whether the account is suspended (or gone): read on every write, never cached. */
// Read on every signed-in request.
const suspendedAt = compiledOnce((db: Db, accountId: string) =>
  db.selectFrom('accounts').select('suspended_at').where('id', '=', accountId),
);

export async function accountSuspended(db: Db, accountId: string): Promise<boolean> {
  const [row] = await suspendedAt(db, accountId);
  return !row || row.suspended_at !== null;
}

/**
 * accountSuspended as a column of another read, so a write's suspension check rides on a read it
 * makes anyway: whether the caller is suspended (or gone); false for a caller (null) no suspension
 * applies to.
 */
export const callerSuspended = (callerId: string | null) =>
  callerId === null
    ? sql<boolean>`false`
    : sql<boolean>`coalesce((SELECT a.suspended_at IS NOT NULL FROM accounts a WHERE a.id = ${callerId}), true)`;

export interface InviteRow {
  id: string;
  agency_id: string;
  company_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
  user_type: 'Agent' | 'Supervisor';
  agency_permissions: string[];
  booking_visibility: Visibility | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
}

const inviteColumns = [
  'id',
  'agency_id',
  'company_id',
  'email',
  'first_name',
  'last_name',
  'user_type',
  'agency_permissions',
  'booking_visibility',
  'created_at',
  'expires_at',
  'accepted_at',
] as const;

export async function insertInvite(
  db: Db,
  row: Omit<InviteRow, 'accepted_at'> & { token_hash: string; invited_by: string },
): Promise<void> {
  await db.insertInto('agency_invites').values(row).execute();
}

export async function findInvites(db: Db, agencyId: string, page: Page) {
  const base = db.selectFrom('agency_invites').where('agency_id', '=', agencyId);
  const [rows, count] = await Promise.all([
    base
      .select(inviteColumns)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as InviteRow[], total: Number(count.n) };
}

export async function findInvite(db: Db, id: string): Promise<InviteRow | undefined> {
  return await db.selectFrom('agency_invites').select(inviteColumns).where('id', '=', id).executeTakeFirst();
}

/** Locked, so two acceptances of one link make one account. */
export async function lockInviteByHash(db: Db, tokenHash: string): Promise<InviteRow | undefined> {
  return await db
    .selectFrom('agency_invites')
    .select(inviteColumns)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markInviteAccepted(db: Db, id: string, accountId: string, at: Date): Promise<void> {
  await db.updateTable('agency_invites').set({ accepted_at: at, account_id: accountId }).where('id', '=', id).execute();
}
