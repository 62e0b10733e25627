// Sales rollups in slots: a document adds to its rollup rows in one of several slots (chosen per
// transaction) instead of to one row per scope, dimension, day, key and currency, so concurrent
// sales of one agency (or of the whole platform, scope 'all') no longer queue on the same rows
// until each commits. Readers already sum rows; they now also sum over slots. Slot 0 is the
// compacted slot: the bulk rebuild writes it, and the worker folds the writers' slots of past days
// into it, so a long range reads about one row per key per day. The scopes' versions are kept per
// slot for the same reason; a scope's version is the sum over its slots (each write only raises it).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sales_rollups ADD COLUMN slot smallint NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE sales_rollups DROP CONSTRAINT sales_rollups_pkey`.execute(db);
  await sql`ALTER TABLE sales_rollups ADD PRIMARY KEY (scope, dimension, day, key, currency, slot)`.execute(db);
  // What the compaction looks for: the rows writers left outside slot 0.
  await sql`CREATE INDEX sales_rollups_slotted_idx ON sales_rollups (day) WHERE slot > 0`.execute(db);

  await sql`ALTER TABLE sales_scope_versions ADD COLUMN slot smallint NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE sales_scope_versions DROP CONSTRAINT sales_scope_versions_pkey`.execute(db);
  await sql`ALTER TABLE sales_scope_versions ADD PRIMARY KEY (scope, slot)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    INSERT INTO sales_scope_versions (scope, slot, version)
    SELECT scope, 0, max(version) FROM sales_scope_versions GROUP BY scope
    ON CONFLICT (scope, slot) DO UPDATE SET version = EXCLUDED.version`.execute(db);
  await sql`DELETE FROM sales_scope_versions WHERE slot > 0`.execute(db);
  await sql`ALTER TABLE sales_scope_versions DROP CONSTRAINT sales_scope_versions_pkey`.execute(db);
  await sql`ALTER TABLE sales_scope_versions DROP COLUMN slot`.execute(db);
  await sql`ALTER TABLE sales_scope_versions ADD PRIMARY KEY (scope)`.execute(db);

  await sql`DROP INDEX sales_rollups_slotted_idx`.execute(db);
  await sql`
    INSERT INTO sales_rollups (scope, dimension, day, key, currency, slot, documents, passengers, revenue, fees, markups, refunds)
    SELECT scope, dimension, day, key, currency, -1, sum(documents), sum(passengers), sum(revenue), sum(fees), sum(markups), sum(refunds)
    FROM sales_rollups GROUP BY scope, dimension, day, key, currency`.execute(db);
  await sql`DELETE FROM sales_rollups WHERE slot >= 0`.execute(db);
  await sql`ALTER TABLE sales_rollups DROP CONSTRAINT sales_rollups_pkey`.execute(db);
  await sql`ALTER TABLE sales_rollups DROP COLUMN slot`.execute(db);
  await sql`ALTER TABLE sales_rollups ADD PRIMARY KEY (scope, dimension, day, key, currency)`.execute(db);
}
