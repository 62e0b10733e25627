// Airline notifications: a refresh whose job failed for good (the airline away through every
// attempt) is enqueued again by the sweeper under a new job id, one per try; the queue keeps a
// failed job's id for days and would take the same id again as a duplicate and drop it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE airline_notifications
      ADD COLUMN refresh_tries integer NOT NULL DEFAULT 0,
      ADD COLUMN next_refresh_at timestamptz`.execute(db);
  await sql`UPDATE airline_notifications SET next_refresh_at = received_at`.execute(db);
  await sql`ALTER TABLE airline_notifications ALTER COLUMN next_refresh_at SET NOT NULL`.execute(db);
  await sql`DROP INDEX airline_notifications_unrefreshed_idx`.execute(db);
  await sql`
    CREATE INDEX airline_notifications_unrefreshed_idx ON airline_notifications (next_refresh_at)
    WHERE refreshed_at IS NULL AND booking_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX airline_notifications_unrefreshed_idx`.execute(db);
  await sql`ALTER TABLE airline_notifications DROP COLUMN refresh_tries, DROP COLUMN next_refresh_at`.execute(db);
  await sql`
    CREATE INDEX airline_notifications_unrefreshed_idx ON airline_notifications (received_at)
    WHERE refreshed_at IS NULL AND booking_id IS NOT NULL`.execute(db);
}
