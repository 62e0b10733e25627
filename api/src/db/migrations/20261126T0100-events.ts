// The event log (DESIGN §7): every change someone outside may care about appends a row here in the
// same transaction as the change, so there is never an event without its change nor a change
// without its event. The log is the outbox: a dispatcher claims undispatched rows (in `seq` order)
// and hands each to the consumers (webhook deliveries, notifications) in one transaction, then
// marks it dispatched. A commit also says `NOTIFY contrail_events`, so the worker hears of it at
// once; a periodic pass catches what nobody heard.
// - seq: the order of appends; the cursor of GET /events and the order of fan-out.
// - booking_id: the booking the event is about, so consumers keep one booking's events in order;
//   agent_id: its agent, who sees its events (an agent sees only their own bookings' events).
// - dedupe_key: events that must be raised once per fact (a time limit approaching, a notice
//   seen twice) carry one; the unique index turns a repeat into nothing.
// - request_id / idempotency_key: the API call that caused it, null for the worker's own changes.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE events (
      id text PRIMARY KEY,
      seq bigserial NOT NULL UNIQUE,
      type text NOT NULL,
      agency_id text REFERENCES agencies(id),
      company_id text,
      booking_id text,
      agent_id text,
      live_mode boolean NOT NULL,
      data jsonb NOT NULL,
      request_id text,
      idempotency_key text,
      dedupe_key text UNIQUE,
      created_at timestamptz NOT NULL,
      dispatched_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX events_agency_seq_idx ON events (agency_id, seq DESC)`.execute(db);
  await sql`CREATE INDEX events_type_seq_idx ON events (type, seq DESC)`.execute(db);
  await sql`CREATE INDEX events_undispatched_idx ON events (seq) WHERE dispatched_at IS NULL`.execute(db);

  // The balance below which a company hears `balance.low` (null: never).
  await sql`ALTER TABLE companies ADD COLUMN low_balance_threshold numeric(14, 2)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE companies DROP COLUMN low_balance_threshold`.execute(db);
  await sql`DROP TABLE events`.execute(db);
}
