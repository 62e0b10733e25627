// Telling the airline a schedule change's decision until it has heard it: a decision is kept even
// when the airline cannot be reached at that moment, and the worker tells it again later.
// - acknowledged_at: when the airline took the decision (null until then);
// - ack_attempts / ack_next_at: the tries that failed and when the next is due (null: nothing due,
//   either told or refused for good). A try claims the row by moving ack_next_at forward.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE schedule_changes
      ADD COLUMN acknowledged_at timestamptz,
      ADD COLUMN ack_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN ack_next_at timestamptz`.execute(db);
  await sql`CREATE INDEX schedule_changes_ack_due_idx ON schedule_changes (ack_next_at) WHERE ack_next_at IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX schedule_changes_ack_due_idx`.execute(db);
  await sql`
    ALTER TABLE schedule_changes
      DROP COLUMN acknowledged_at, DROP COLUMN ack_attempts, DROP COLUMN ack_next_at`.execute(db);
}
