// An agency's logo (PNG or JPEG, shown in its users' console header) and which agencies and
// accounts are demo ones (the seeded demo tenancy: its accounts, staff included, are demo users). The logo sits in its own table so
// reading an agency never drags the image along. Scores read issued bookings per agent over the
// last 30 days, hence the partial index.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE agencies ADD COLUMN demo boolean NOT NULL DEFAULT false`.execute(db);
  // The demo tenancy `npm run db:seed` makes: the only demo agency that existed before the column.
  await sql`UPDATE agencies SET demo = true WHERE id = 'agy_demo'`.execute(db);
  await sql`ALTER TABLE accounts ADD COLUMN demo boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE accounts SET demo = true WHERE id LIKE 'acc\\_demo\\_%' OR agency_id = 'agy_demo'`.execute(db);
  await sql`CREATE TABLE agency_logos (
    agency_id text PRIMARY KEY REFERENCES agencies(id) ON DELETE CASCADE,
    content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
    content bytea NOT NULL,
    updated_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX bookings_agent_issued_idx ON bookings (agent_id, issued_at) WHERE issued_at IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX bookings_agent_issued_idx`.execute(db);
  await sql`DROP TABLE agency_logos`.execute(db);
  await sql`ALTER TABLE accounts DROP COLUMN demo`.execute(db);
  await sql`ALTER TABLE agencies DROP COLUMN demo`.execute(db);
}
