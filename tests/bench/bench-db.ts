// The benchmarks' own database, migrated and seeded; kept between runs (its name is fixed).
import pg from 'pg';
import { createDb } from '../../api/src/db/database.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import { seed } from '../../api/src/db/seed.js';
import { localPostgresUrl } from '../../scripts/local-services.js';

export const benchSecretKey = 'bench-secret-key-that-is-long-enough-0123456789';

export async function benchDatabase(): Promise<string> {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? localPostgresUrl;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  // BENCH_DATABASE_NAME keeps a branch's migrations out of the shared benchmark database.
  const name = process.env.BENCH_DATABASE_NAME ?? 'contrail_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error('BENCH_DATABASE_NAME must be a plain identifier');
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 1);
  await migrateToLatest(db);
  await seed(db, benchSecretKey);
  await db.destroy();
  return url.toString();
}

export const percentile = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
