// Test events for the event stream (`POST /events/test_events`, `contrail trigger`): copies the event
// log must not keep (it holds only changes that happened), kept here an hour so that a `listen`
// that reconnects still gets the ones it missed. Ordered by `seq`, as the log is. The body is `json`,
// not `jsonb`: it is sent as it was written, its fields in the envelope's order.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE stream_test_events (
    seq bigserial PRIMARY KEY,
    id text NOT NULL UNIQUE,
    agency_id text NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
    live_mode boolean NOT NULL,
    type text NOT NULL,
    body json NOT NULL,
    created_at timestamptz NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX stream_test_events_agency_seq ON stream_test_events (agency_id, live_mode, seq)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE stream_test_events`.execute(db);
}
