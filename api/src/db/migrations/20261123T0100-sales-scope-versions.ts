// Sales and analytics: one version per rollup scope, moved on in the transaction that adds a
// document to the scope's rollups. A reader that finds the version it cached under reuses what it
// computed from the rollups; any new document gives the scope a new version. Versions come from one
// sequence, so a rebuild never hands out a version a reader has seen before.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SEQUENCE sales_scope_version_seq`.execute(db);
  await sql`
    CREATE TABLE sales_scope_versions (
      scope text PRIMARY KEY,
      version bigint NOT NULL DEFAULT nextval('sales_scope_version_seq')
    )`.execute(db);
  await sql`INSERT INTO sales_scope_versions (scope) SELECT DISTINCT scope FROM sales_rollups`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE sales_scope_versions`.execute(db);
  await sql`DROP SEQUENCE sales_scope_version_seq`.execute(db);
}
