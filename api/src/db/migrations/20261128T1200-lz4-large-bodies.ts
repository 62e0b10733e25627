// The largest texts written on a search's path are compressed with lz4 instead of PostgreSQL's
// default pglz: a search's stored offers (about 50 KB of JSON, written before the search answers)
// and the airline message log's bodies (a search's 13 AirShoppingRS weigh over 100 KB in XML).
// PostgreSQL shares the API's cores, and pglz is the slow part of these inserts: measured here,
// 3,000 AirShoppingRS bodies of 37 KB went in in 3.7–5.6 s with pglz and 0.85–1.05 s with lz4,
// 1,000 stored offers of 56 KB in 2.0–2.5 s and 0.85–1.45 s. lz4 stores the XML about a fifth
// larger and the offers a little smaller. Values already stored keep their compression until
// rewritten. A server built without lz4 keeps pglz.
import { sql, type Kysely } from 'kysely';

const columns = [
  ['search_results', 'offers'],
  ['airline_messages', 'request_body'],
  ['airline_messages', 'response_body'],
] as const;

export async function lz4Available(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ lz4: boolean }>`
    SELECT 'lz4' = ANY (enumvals) AS lz4 FROM pg_settings WHERE name = 'default_toast_compression'`.execute(db);
  return rows[0]?.lz4 === true;
}

export async function up(db: Kysely<any>): Promise<void> {
  if (!(await lz4Available(db))) return;
  for (const [table, column] of columns)
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} SET COMPRESSION lz4`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, column] of columns)
    await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN ${sql.ref(column)} SET COMPRESSION default`.execute(db);
}
