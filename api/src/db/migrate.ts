// `npm run db:migrate`: applies every migration of db/migrations/index.ts, in name order.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, type Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import { createDb } from './database.js';
import { migrations } from './migrations/index.js';

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const db = createDb(loadConfig().DATABASE_URL, 1);
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `migrated: ${applied.join(', ')}` : 'migrations: up to date');
  await db.destroy();
}
