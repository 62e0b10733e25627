// A database of a test file's own, migrated and seeded like the run's, for tests that read or claim
// whole tables (the fuzz test's fingerprint, the event dispatcher's claims), so other test files
// running beside them cannot disturb what they see.
import { inject } from 'vitest';
import pg from 'pg';
import { createDb } from '../../api/src/db/database.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import { seed } from '../../api/src/scripts/seed.js';
import { testSecretKey } from './services.js';

export async function createScratchDatabase(suffix = 'fuzz'): Promise<{ url: string; drop(): Promise<void> }> {
  const runUrl = new URL(inject('databaseUrl'));
  const name = `${runUrl.pathname.slice(1)}_${suffix}`;
  const admin = new URL(runUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(runUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 1);
  await migrateToLatest(db);
  await seed(db, testSecretKey);
  await db.destroy();
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
