// Stored searches: what was asked, the normalised offers with markups, how each channel answered
// and the filters the searcher applied. A result lives as long as its offers (the airline's
// expiry); expired rows are no longer served and are swept.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_results')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('agency_id', 'text', (c) => c.references('agencies.id'))
    .addColumn('request', 'jsonb', (c) => c.notNull())
    // json, not jsonb: written once and read back whole, never queried inside, so PostgreSQL need
    // not parse it on the way in.
    .addColumn('offers', 'json', (c) => c.notNull())
    .addColumn('channels', 'jsonb', (c) => c.notNull())
    .addColumn('filters', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_results_expires_idx').on('search_results').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('search_results').execute();
}
