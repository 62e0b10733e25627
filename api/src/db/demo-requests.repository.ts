// Demo requests from the marketing airlines page.
import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import type { DemoRequestsTable } from './schema.js';

export type DemoRequestRow = Selectable<DemoRequestsTable>;

export function insertDemoRequest(
  db: Db,
  row: Pick<DemoRequestRow, 'id' | 'email' | 'language'>,
): Promise<DemoRequestRow> {
  return db.insertInto('demo_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listDemoRequests(
  db: Db,
  query: { page: number; perPage: number },
): Promise<{ rows: DemoRequestRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('demo_requests')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    db
      .selectFrom('demo_requests')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
