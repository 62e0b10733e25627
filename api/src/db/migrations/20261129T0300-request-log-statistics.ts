// The request log's headers and bodies are left out of ANALYZE's sample (statistics target 0), on
// the parent and on every day partition made so far: no read filters or sorts by them, and their
// statistics were most of the cost of analysing a day's partition, which autovacuum does again each
// tenth a busy day grows, on the cores the API runs on. Days made from now on get the same targets
// where they are made (db/request-logs.repository.ts ensureRequestLogDays).
import { sql, type Kysely, type RawBuilder } from 'kysely';

const columns = ['headers', 'request_body', 'response_body'];

/**
 * Alters the request log's parent (ONLY) and every day partition made so far, each named on its
 * own: a parent's ALTER of a column's settings does not reach the partitions that exist.
 */
export async function alterRequestLogTables(db: Kysely<any>, changes: RawBuilder<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname = 'request_logs' AND p.relnamespace = current_schema()::regnamespace`.execute(db);
  await sql`ALTER TABLE ONLY request_logs ${changes}`.execute(db);
  for (const { name } of rows) await sql`ALTER TABLE ${sql.id(name)} ${changes}`.execute(db);
}

async function setTargets(db: Kysely<any>, target: number): Promise<void> {
  await alterRequestLogTables(
    db,
    sql.join(columns.map((column) => sql`ALTER COLUMN ${sql.id(column)} SET STATISTICS ${sql.lit(target)}`)),
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await setTargets(db, 0);
}

export async function down(db: Kysely<any>): Promise<void> {
  await setTargets(db, -1);
}
