// The sandbox's own tables, in a schema of their own so they never meet the API's. The sandbox is a
// separate service (it imports nothing from api/), so it keeps its own short list of steps and
// applies the missing ones at start, under an advisory lock so two starting sandboxes take turns.
import type pg from 'pg';

/** Each step runs once, in order; never edit a step that has shipped, append a new one. */
const steps: readonly ((schema: string) => string)[] = [
  (s) => `
    CREATE TABLE ${s}.orders (
      id text PRIMARY KEY,
      credential text NOT NULL,
      data jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE ${s}.counters (
      name text PRIMARY KEY,
      value jsonb NOT NULL
    );`,
  // Each channel credential's own time (engine/channel-clocks.ts).
  (s) => `
    CREATE TABLE ${s}.channel_clocks (
      credential text PRIMARY KEY,
      offset_ms bigint NOT NULL,
      floor_ms bigint,
      version bigint NOT NULL
    );`,
];

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function migrateSandbox(pool: pg.Pool, schemaName: string): Promise<void> {
  const schema = quoteIdent(schemaName);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`contrail-sandbox:${schemaName}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.migrations (step integer PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ done: number }>(`SELECT count(*)::int AS done FROM ${schema}.migrations`);
    for (let step = rows[0]!.done; step < steps.length; step += 1) {
      await client.query(steps[step]!(schema));
      await client.query(`INSERT INTO ${schema}.migrations (step) VALUES ($1)`, [step]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
