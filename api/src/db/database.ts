// The one Kysely instance of a process, made at the edge and handed down.
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export function createDb(connectionString: string, poolSize = 10): Db {
  const options = { connectionString, max: poolSize, connectionTimeoutMillis: 5_000 };
  const pool = new pg.Pool(options);
  // Connections for stable-plan reads (see `stablePlan`), opened only when one runs.
  const stablePool = new pg.Pool({ ...options, options: '-c plan_cache_mode=force_generic_plan' });
  // An idle client that dies (PostgreSQL restarted) must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  stablePool.on('error', () => undefined);
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatements(pool, stablePool) }) });
}

const stableMarker = '/* stable plan */';

/**
 * Marks a read whose best plan is the same whatever its values, `query.modifyFront(stablePlan)`:
 * a page of a scope along the index that leads with it, a row by key. PostgreSQL keeps re-planning
 * a prepared page read on every call, because with LIMIT and OFFSET as parameters its one generic
 * plan looks dearer than each custom one, and planning a four-table read costs more than running
 * it. Outside a transaction such a read runs on a connection that plans it once
 * (plan_cache_mode=force_generic_plan); inside one, like any other statement. Never for reads whose
 * plan should follow their values (a text search, a range whose size varies widely).
 */
export const stablePlan = sql.raw(stableMarker);
const stableRead = `select ${stableMarker}`;

const preparable = /^\s*(select|insert|update|delete|with)\b/i;
const names = new Map<string, string>();
const maxNames = 2_000;

/**
 * Runs Kysely's queries as named prepared statements, so PostgreSQL plans each query shape once per
 * connection instead of on every call: on a three-table read by key that halves the database time
 * (`npm run bench`). Query texts are Kysely's compiled SQL, with values always bound apart, so the
 * set of shapes is small; past `maxNames` new shapes run unnamed. A connection is taken from the
 * pool at its first statement, so a stable-plan read holds only its own.
 */
function preparedStatements(pool: pg.Pool, stablePool: pg.Pool): PostgresPool {
  return {
    async connect() {
      let client: pg.PoolClient | undefined;
      let inTransaction = false;
      const wrapped: PostgresPoolClient = {
        query: (async (text: string, values: unknown[]) => {
          if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
          else if (/^\s*(commit|rollback)\s*$/i.test(text)) inTransaction = false;
          const config = { name: statementName(text), text, values };
          if (!inTransaction && text.startsWith(stableRead)) return stablePool.query(config);
          client ??= await pool.connect();
          return client.query(config);
        }) as unknown as PostgresPoolClient['query'],
        release: () => client?.release(),
      };
      return wrapped;
    },
    end: async () => {
      await Promise.all([pool.end(), stablePool.end()]);
    },
  };
}

function statementName(text: string): string | undefined {
  if (!preparable.test(text)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < maxNames) {
    name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/** The cheapest statement that proves the database answers (readiness). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
