// Demo requests from the marketing airlines page.
import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import { newestFirst } from './newest-first.js';
import type { DemoRequestsTable } from './schema.js';

export type DemoRequestRow = Selectable<DemoRequestsTable>;

export function insertDemoRequest(
  db: Db,
  row: Pick<DemoRequestRow, 'id' | 'email' | 'language'>,
): Promise<DemoRequestRow> {
  return db.insertInto('demo_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

export function listDemoRequests(
  db: Db,
  query: { page: number; perPage: number },
): Promise<{ rows: DemoRequestRow[]; total: number }> {
  return newestFirst(db, 'demo_requests', query);
}
