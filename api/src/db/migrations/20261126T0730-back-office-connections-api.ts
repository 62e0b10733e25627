// Back-office connections managed over the API:
// - one backfill batch per range of a connection: asking for the same range again answers the
//   batch that exists (queued again), so concurrent backfills of one range never make two batches;
//   the connection's row lock serialises them, and this index is the backstop;
// - `failing_alerted_at`: when the connection's 24-hour failure was announced (event and
//   notification), so a connection failing for days is announced once, not on every pass; cleared
//   with `failing_since` by the next delivery that succeeds.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE UNIQUE INDEX back_office_deliveries_backfill_range_idx
    ON back_office_deliveries (connection_id, first_sequence, last_sequence) WHERE reason = 'backfill'`.execute(db);
  await sql`ALTER TABLE back_office_connections ADD COLUMN failing_alerted_at timestamptz`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE back_office_connections DROP COLUMN failing_alerted_at`.execute(db);
  await sql`DROP INDEX back_office_deliveries_backfill_range_idx`.execute(db);
}
