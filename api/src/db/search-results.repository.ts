// Stored search results. The offers are one jsonb document: written once, read whole, never
// queried inside, so a document store is the right shape and PostgreSQL is already here.
import type { Db } from './database.js';

export interface SearchResultRow {
  id: string;
  account_id: string;
  request: unknown;
  offers: unknown;
  channels: unknown;
  filters: unknown;
  created_at: Date;
  expires_at: Date;
}

export async function insertSearchResult(db: Db, row: SearchResultRow & { agency_id: string | null }): Promise<void> {
  await db
    .insertInto('search_results')
    .values({
      ...row,
      request: JSON.stringify(row.request),
      offers: JSON.stringify(row.offers),
      channels: JSON.stringify(row.channels),
      filters: JSON.stringify(row.filters),
    })
    .execute();
}

export function findSearchResult(db: Db, id: string, accountId: string): Promise<SearchResultRow | undefined> {
  return db
    .selectFrom('search_results')
    .select(['id', 'account_id', 'request', 'offers', 'channels', 'filters', 'created_at', 'expires_at'])
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

export async function updateSearchFilters(db: Db, id: string, filters: unknown): Promise<void> {
  await db
    .updateTable('search_results')
    .set({ filters: JSON.stringify(filters) })
    .where('id', '=', id)
    .execute();
}

export async function deleteExpiredSearchResults(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('search_results').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
