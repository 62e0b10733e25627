// Stored search results. The offers are one jsonb document: written once, read whole, never
// queried inside, so a document store is the right shape and PostgreSQL is already here.
import { sql } from 'kysely';
import { commitWithoutFlush, type Db } from './database.js';

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

/**
 * Stores a search's result. Its commit does not wait for the WAL flush (`commitWithoutFlush`): a
 * result is a cache of the airlines' answers that expires within the hour (the table is unlogged,
 * so a crash empties it anyway); a booking names it only to find the fare, and one lost is a
 * search to make again. Its foreign keys' row locks are what it writes to the log.
 */
export async function insertSearchResult(db: Db, row: SearchResultRow & { agency_id: string | null }): Promise<void> {
  await sql`
    INSERT INTO search_results (id, account_id, agency_id, request, offers, channels, filters, created_at, expires_at)
    SELECT ${row.id}, ${row.account_id}, ${row.agency_id}, ${JSON.stringify(row.request)}::jsonb,
      ${JSON.stringify(row.offers)}::json, ${JSON.stringify(row.channels)}::jsonb, ${JSON.stringify(row.filters)}::jsonb,
      ${row.created_at}::timestamptz, ${row.expires_at}::timestamptz
    FROM ${commitWithoutFlush}`.execute(db);
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
