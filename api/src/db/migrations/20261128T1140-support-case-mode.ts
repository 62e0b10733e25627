// Support cases in test or live mode, as bookings and events are: a case about a booking takes the
// booking's mode, one on its own the mode of the token that opened it (a console session's is live).
// The queue reads one mode at a time, hence the mode leads its index.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE support_cases ADD COLUMN live boolean NOT NULL DEFAULT true`.execute(db);
  await sql`UPDATE support_cases c SET live = NOT b.fake_booking FROM bookings b WHERE b.id = c.booking_id`.execute(db);
  await sql`ALTER TABLE support_cases ALTER COLUMN live DROP DEFAULT`.execute(db);
  await sql`DROP INDEX support_cases_queue_idx`.execute(db);
  await sql`CREATE INDEX support_cases_queue_idx ON support_cases (live, waiting_since, seq) WHERE status = 'open'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX support_cases_queue_idx`.execute(db);
  await sql`CREATE INDEX support_cases_queue_idx ON support_cases (waiting_since, seq) WHERE status = 'open'`.execute(
    db,
  );
  await sql`ALTER TABLE support_cases DROP COLUMN live`.execute(db);
}
