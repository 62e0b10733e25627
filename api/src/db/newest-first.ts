// A page of a whole table, newest first, with its total: the staff lists of the public pages'
// requests (demo requests, API presentation requests) read exactly this way.
import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

type Listed = 'demo_requests' | 'presentation_requests';

export async function newestFirst<T extends Listed>(
  db: Db,
  table: T,
  query: { page: number; perPage: number },
): Promise<{ rows: Selectable<Database[T]>[]; total: number }> {
  // Read as the union of the two tables (Kysely cannot build on a table name that is a type
  // parameter); both have id and created_at, and the rows are cast back to T's.
  const name: Listed = table;
  const from = db.selectFrom(name);
  const [rows, count] = await Promise.all([
    from
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    from.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as Selectable<Database[T]>[], total: Number(count.total) };
}
