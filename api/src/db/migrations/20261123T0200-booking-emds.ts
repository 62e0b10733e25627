// Ancillaries and EMDs, hold expiry and airline notifications.
//
// `bookings.ancillaries` keeps the airline's services as last seen (like `documents`);
// `bookings.requested_ancillaries` the items of EMD requests the airline does not have yet (pending,
// or failed). An EMD request is one row written with the company balance debit; the worker's job
// claims it (status queued -> running with a fresh attempt id) and it ends done or failed. `checks`
// counts the jobs enqueued for it, so every re-enqueue has its own job id.
//
// Airline notifications are kept once per (channel, NotifID): airlines resend until answered.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE bookings
      ADD COLUMN ancillaries jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN requested_ancillaries jsonb NOT NULL DEFAULT '[]'`.execute(db);
  // The hold-expiry pass reads held bookings by time limit.
  await sql`CREATE INDEX bookings_held_time_limit_idx ON bookings (time_limit) WHERE status = 'new'`.execute(db);
  // Notifications name the airline's order on a channel.
  await sql`CREATE INDEX bookings_airline_locator_idx ON bookings (channel_id, airline_locator)`.execute(db);

  await sql`
    CREATE TABLE booking_emd_requests (
      id text PRIMARY KEY,
      booking_id text NOT NULL REFERENCES bookings (id),
      items jsonb NOT NULL,
      amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
      currency char(3) NOT NULL,
      -- What the company balance was debited for these EMDs (given back if the airline refuses).
      balance_debit numeric(14, 2),
      status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
      attempt_id text,
      attempts integer NOT NULL DEFAULT 0,
      checks integer NOT NULL DEFAULT 0,
      error text,
      requested_by text NOT NULL REFERENCES accounts (id),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      started_at timestamptz,
      next_check_at timestamptz NOT NULL,
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX booking_emd_requests_booking_idx ON booking_emd_requests (booking_id)`.execute(db);
  await sql`
    CREATE INDEX booking_emd_requests_open_idx ON booking_emd_requests (next_check_at)
    WHERE status IN ('queued', 'running')`.execute(db);

  await sql`
    CREATE TABLE airline_notifications (
      channel_id text NOT NULL,
      notif_id text NOT NULL,
      airline_locator text NOT NULL,
      booking_id text REFERENCES bookings (id),
      change_type text NOT NULL,
      description text,
      occurred_at text,
      received_at timestamptz NOT NULL,
      -- Set once the booking was refreshed from the airline (the sweeper re-enqueues the rest).
      refreshed_at timestamptz,
      PRIMARY KEY (channel_id, notif_id)
    )`.execute(db);
  await sql`
    CREATE INDEX airline_notifications_unrefreshed_idx ON airline_notifications (received_at)
    WHERE refreshed_at IS NULL AND booking_id IS NOT NULL`.execute(db);

  // Where each channel's airline was told to push notifications (registered once per URL).
  await sql`
    CREATE TABLE airline_notification_channels (
      channel_id text PRIMARY KEY REFERENCES agency_channels (id) ON DELETE CASCADE,
      url text NOT NULL,
      registered_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('airline_notification_channels').execute();
  await db.schema.dropTable('airline_notifications').execute();
  await db.schema.dropTable('booking_emd_requests').execute();
  await sql`DROP INDEX bookings_airline_locator_idx`.execute(db);
  await sql`DROP INDEX bookings_held_time_limit_idx`.execute(db);
  await sql`ALTER TABLE bookings DROP COLUMN requested_ancillaries, DROP COLUMN ancillaries`.execute(db);
}
