// Airlines' own changes of bookings that ask for a decision before a deadline (schedule changes):
// one row per airline notice (channel_id + notif_id is unique, so a resent notice is the same
// change), with the flights as booked and as the airline has them now, side by side.
// - status: pending until someone decides or the deadline passes; `deciding` while a decision is
//   carried out (claimed under the booking's lock, so exactly one decision runs); superseded when a
//   newer change of the same booking replaced it undecided.
// - new_segments: the booking's whole flight list as the airline has it (accepting takes it over).
// - claimed_at: when the running decision was claimed, so a claim a dead process left is found.
// airline_notifications.notice: the notice as the airline pushed it (a full one carries the order; a
// light one does not, and the order is retrieved), so the job that takes it in reads what came.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE schedule_changes (
      id text PRIMARY KEY,
      booking_id text NOT NULL REFERENCES bookings(id),
      channel_id text NOT NULL,
      notif_id text NOT NULL,
      change_type text NOT NULL CHECK (change_type IN
        ('delay', 'retime', 'flight_number_change', 'cancellation', 'time_limit_change')),
      reason text NOT NULL,
      removed_segments jsonb NOT NULL,
      added_segments jsonb NOT NULL,
      new_segments jsonb NOT NULL,
      previous_time_limit timestamptz,
      new_time_limit timestamptz,
      action_deadline timestamptz NOT NULL,
      consequence text NOT NULL CHECK (consequence IN ('auto_accept', 'auto_cancel')),
      status text NOT NULL CHECK (status IN
        ('pending', 'deciding', 'accepted', 'cancelled', 'changed', 'auto_accepted', 'auto_cancelled', 'superseded')),
      action_taken text CHECK (action_taken IN ('accept', 'cancel', 'change')),
      action_taken_at timestamptz,
      action_taken_by text,
      by_deadline boolean NOT NULL DEFAULT false,
      claimed_at timestamptz,
      flights_change_request_id text,
      live_mode boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      UNIQUE (channel_id, notif_id)
    )`.execute(db);
  await sql`ALTER TABLE airline_notifications ADD COLUMN notice jsonb`.execute(db);
  await sql`CREATE INDEX schedule_changes_booking_idx ON schedule_changes (booking_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX schedule_changes_due_idx ON schedule_changes (action_deadline) WHERE status IN ('pending', 'deciding')`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE schedule_changes`.execute(db);
  await sql`ALTER TABLE airline_notifications DROP COLUMN notice`.execute(db);
}
