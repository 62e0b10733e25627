// A database of the fuzz test's own, migrated and seeded like the run's, so that other test files
// running beside it cannot change what its fingerprint reads. The fingerprint hashes every row of
// every table, leaving out only what a refused request may rightly touch.
import pg from 'pg';
export { createScratchDatabase } from '../scratch-database.js';

/**
 * Tables a refused request may write: replayable answers, counters, the job queue's own tables,
 * and the request log (its day partitions too), which records every call, refused ones included.
 */
const changing = new Set(['idempotency_keys', 'kysely_migration', 'kysely_migration_lock']);
const changingFamilies = ['request_logs'];
const mayChange = (name: string) =>
  changing.has(name) || changingFamilies.some((family) => name === family || name.startsWith(`${family}_`));
/** Columns that record use, not change: a token's or a session's last use. */
const usage = ['last_used_at', 'last_seen_at'];

/** One hash per table of all its rows, in a stable order. */
export async function fingerprint(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
    );
    const out: Record<string, string> = {};
    for (const { schema, name } of tables.rows) {
      if (mayChange(name)) continue;
      const row = `(to_jsonb(t) - '${usage.join("' - '")}')::text`;
      const result = await client.query<{ hash: string | null; n: string }>(
        `SELECT md5(string_agg(${row}, ',' ORDER BY ${row})) AS hash, count(*) AS n FROM "${schema}"."${name}" t`,
      );
      out[`${schema}.${name}`] = `${result.rows[0]!.n}:${result.rows[0]!.hash ?? ''}`;
    }
    return out;
  } finally {
    await client.end();
  }
}
