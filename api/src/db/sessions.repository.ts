// Console sessions, stored by the hash of the cookie's token, read together with their account.
import { principalAccountColumns } from './principal-account.js';
import type { Db } from './database.js';

export interface SessionPrincipalRow {
  session_id: string;
  csrf_token: string;
  last_seen_at: Date;
  absolute_expires_at: Date;
  account_id: string;
  user_type: 'Admin' | 'Support' | 'Agent' | 'Supervisor';
  agency_id: string | null;
  company_id: string | null;
  onboarding_state: 'initial' | 'privacy' | 'complete';
  language: 'en' | 'ua' | 'pl';
  agency_permissions: string[] | null;
  booking_visibility: string | null;
}

export async function insertSession(
  db: Db,
  session: { id: string; account_id: string; csrf_token: string; absolute_expires_at: Date; created_at: Date },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ ...session, last_seen_at: session.created_at })
    .execute();
}

export function findLiveSession(db: Db, id: string): Promise<SessionPrincipalRow | undefined> {
  return (
    db
      .selectFrom('sessions as s')
      .innerJoin('accounts as a', 'a.id', 's.account_id')
      .select([
        's.id as session_id',
        's.csrf_token',
        's.last_seen_at',
        's.absolute_expires_at',
        ...principalAccountColumns,
      ])
      .where('s.id', '=', id)
      .where('s.revoked_at', 'is', null)
      // A suspended account's session is dead even before its revocation is seen.
      .where('a.suspended_at', 'is', null)
      .executeTakeFirst()
  );
}

export async function revokeSession(db: Db, id: string, at: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function touchSessions(db: Db, ids: string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', 'in', ids).execute();
}
