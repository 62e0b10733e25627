// Search results are a cache with a thirty-minute life: an agent whose result is gone searches
// again. Unlogged, their writes skip the WAL, which halved a search's slowest inserts; after a crash
// PostgreSQL empties the table, which for a cache is the right thing.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE search_results SET UNLOGGED`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE search_results SET LOGGED`.execute(db);
}
