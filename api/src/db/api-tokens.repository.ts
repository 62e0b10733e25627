// API tokens, looked up by the hash of the presented token together with their account, so that
// finding the caller is one primary-key-like read.
import type { Selectable } from 'kysely';
import { principalAccountColumns } from './principal-account.js';
import type { Db } from './database.js';
import type { ApiTokensTable } from './schema.js';

export interface TokenPrincipalRow {
  token_id: string;
  mode: 'test' | 'live';
  source: 'api' | 'extension';
  account_id: string;
  user_type: 'Admin' | 'Support' | 'Agent' | 'Supervisor';
  agency_id: string | null;
  company_id: string | null;
  onboarding_state: 'initial' | 'privacy' | 'complete';
  language: 'en' | 'ua' | 'pl';
  agency_permissions: string[] | null;
  booking_visibility: string | null;
}

export function findActiveTokenByHash(db: Db, tokenHash: string): Promise<TokenPrincipalRow | undefined> {
  return (
    db
      .selectFrom('api_tokens as t')
      .innerJoin('accounts as a', 'a.id', 't.account_id')
      .select(['t.id as token_id', 't.mode', 't.source', ...principalAccountColumns])
      .where('t.token_hash', '=', tokenHash)
      .where('t.revoked_at', 'is', null)
      // A suspended account's token is dead even before its revocation is seen.
      .where('a.suspended_at', 'is', null)
      .executeTakeFirst()
  );
}

export type TokenRow = Selectable<ApiTokensTable>;

export function insertToken(
  db: Db,
  token: {
    id: string;
    account_id: string;
    prefix: string;
    token_hash: string;
    mode: 'test' | 'live';
    source: 'api' | 'extension';
    name: string | null;
  },
): Promise<TokenRow> {
  return db.insertInto('api_tokens').values(token).returningAll().executeTakeFirstOrThrow();
}

export async function listTokens(
  db: Db,
  accountId: string,
  page: { page: number; perPage: number },
  source?: 'api' | 'extension',
): Promise<{ rows: TokenRow[]; total: number }> {
  let base = db.selectFrom('api_tokens').where('account_id', '=', accountId).where('revoked_at', 'is', null);
  if (source) base = base.where('source', '=', source);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Revokes one of the account's own tokens; false when it has no such live token. */
export async function revokeToken(db: Db, accountId: string, tokenId: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: at })
    .where('id', '=', tokenId)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function touchTokens(db: Db, tokenIds: string[], at: Date): Promise<void> {
  if (tokenIds.length === 0) return;
  await db.updateTable('api_tokens').set({ last_used_at: at }).where('id', 'in', tokenIds).execute();
}

/** Whether the agency's production API is on now (read on every live-token request, never cached). */
export async function productionApiOn(db: Db, agencyId: string): Promise<boolean> {
  const row = await db.selectFrom('agencies').select('production_api_on').where('id', '=', agencyId).executeTakeFirst();
  return row?.production_api_on ?? false;
}
