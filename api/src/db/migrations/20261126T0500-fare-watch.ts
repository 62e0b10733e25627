// Fare Watch: cheaper booking classes found for held bookings.
// - fare_watch_settings: one row per agency (none: everything off).
// - fare_watch_bookings: the watch state of each booking the pass has met (opt-out, when it is next
//   due). A pass claims due bookings by moving next_check_at forward in the claiming statement, so
//   two workers never check one booking in the same round.
// - fare_watch_checks: the log of every check (what was found, why it was refused).
// - fare_watch_opportunities: a candidate worth a person's decision. At most one open (or
//   accepting) per booking; `accepting` is the claim of the one accept that runs (taken under the
//   booking's row lock), and claimed_at lets a claim a dead process left be found. While it runs,
//   `stage` says how far the rebook got (booking the new order; booked as new_airline_locator;
//   releasing the old hold), so the reconciler knows whether to finish or to undo it.
// airline_intents gains the `rebook` operation: book the new offer, then release the old hold.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE fare_watch_settings (
      agency_id text PRIMARY KEY,
      held_enabled boolean NOT NULL DEFAULT false,
      min_saving_amount numeric(12, 2) NOT NULL DEFAULT 0,
      min_saving_percent numeric(5, 2) NOT NULL DEFAULT 1,
      check_every_hours integer NOT NULL DEFAULT 6,
      stop_before_hours integer NOT NULL DEFAULT 2,
      auto_apply_held boolean NOT NULL DEFAULT false,
      channel_ids jsonb,
      updated_by text,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE fare_watch_bookings (
      booking_id text PRIMARY KEY REFERENCES bookings(id),
      opted_out boolean NOT NULL DEFAULT false,
      next_check_at timestamptz NOT NULL,
      last_checked_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX fare_watch_bookings_due_idx ON fare_watch_bookings (next_check_at) WHERE NOT opted_out`.execute(
    db,
  );
  await sql`
    CREATE TABLE fare_watch_checks (
      id text PRIMARY KEY,
      booking_id text NOT NULL REFERENCES bookings(id),
      checked_at timestamptz NOT NULL,
      outcome text NOT NULL CHECK (outcome IN ('found', 'not_cheaper', 'rejected', 'error')),
      reason text,
      candidate_total numeric(14, 2),
      saving numeric(14, 2),
      currency char(3),
      opportunity_id text
    )`.execute(db);
  await sql`CREATE INDEX fare_watch_checks_booking_idx ON fare_watch_checks (booking_id, checked_at DESC)`.execute(db);
  await sql`
    CREATE TABLE fare_watch_opportunities (
      id text PRIMARY KEY,
      booking_id text NOT NULL REFERENCES bookings(id),
      agency_id text NOT NULL,
      tier text NOT NULL CHECK (tier IN ('held')),
      status text NOT NULL CHECK (status IN
        ('open', 'accepting', 'accepted', 'declined', 'expired', 'failed', 'superseded')),
      airline_offer_id text NOT NULL,
      original jsonb NOT NULL,
      candidate jsonb NOT NULL,
      saving numeric(14, 2) NOT NULL,
      currency char(3) NOT NULL,
      expires_at timestamptz NOT NULL,
      decline_reason text CHECK (decline_reason IN ('traveller_wants_original', 'conditions', 'timing', 'other')),
      decline_note text,
      decided_by text,
      decided_at timestamptz,
      claimed_at timestamptz,
      stage text CHECK (stage IN ('booking', 'booked', 'releasing')),
      new_airline_locator text,
      detail text,
      live_mode boolean NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`.execute(db);
  // Reshop pacing without Redis: the next free slot per channel (one upsert reserves one).
  await sql`CREATE TABLE airline_pacing (key text PRIMARY KEY, next_at timestamptz NOT NULL)`.execute(db);
  await sql`
    CREATE UNIQUE INDEX fare_watch_opportunities_one_open_idx ON fare_watch_opportunities (booking_id)
    WHERE status IN ('open', 'accepting')`.execute(db);
  await sql`CREATE INDEX fare_watch_opportunities_expiry_idx ON fare_watch_opportunities (expires_at)`.execute(db);
  await sql`ALTER TABLE airline_intents DROP CONSTRAINT airline_intents_operation_check`.execute(db);
  await sql`
    ALTER TABLE airline_intents ADD CONSTRAINT airline_intents_operation_check
    CHECK (operation IN ('issue', 'void', 'cancel', 'refund', 'change', 'rebook'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE airline_pacing, fare_watch_opportunities, fare_watch_checks, fare_watch_bookings, fare_watch_settings`.execute(
    db,
  );
  await sql`ALTER TABLE airline_intents DROP CONSTRAINT airline_intents_operation_check`.execute(db);
  await sql`
    ALTER TABLE airline_intents ADD CONSTRAINT airline_intents_operation_check
    CHECK (operation IN ('issue', 'void', 'cancel', 'refund', 'change'))`.execute(db);
}
