// API tokens, looked up by the hash of the presented token together with their account, so that
// finding the caller is one primary-key-like read.
import type { Db } from './database.js';

export interface TokenPrincipalRow {
  token_id: string;
  mode: 'test' | 'live';
  account_id: string;
  user_type: 'Admin' | 'Support' | 'Agent' | 'Supervisor';
  agency_id: string | null;
  company_id: string | null;
}

export function findActiveTokenByHash(db: Db, tokenHash: string): Promise<TokenPrincipalRow | undefined> {
  return db
    .selectFrom('api_tokens as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .select(['t.id as token_id', 't.mode', 'a.id as account_id', 'a.user_type', 'a.agency_id', 'a.company_id'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function insertToken(
  db: Db,
  token: { id: string; account_id: string; prefix: string; token_hash: string; mode: 'test' | 'live' },
): Promise<void> {
  await db.insertInto('api_tokens').values(token).execute();
}

export async function touchTokens(db: Db, tokenIds: string[], at: Date): Promise<void> {
  if (tokenIds.length === 0) return;
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', 'in', tokenIds).execute();
}
