// The airline message log: every exchange with an airline (both adapters), kept 30 days with its
// bodies redacted, for support and for an airline's certification desk. Written in batches off the
// call path (domain/airline-messages/airline-message-recorder.ts) and swept by the worker's sweeper
// in bounded deletes; read newest first per booking or per channel.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE airline_messages (
      id text PRIMARY KEY,
      at timestamptz NOT NULL,
      channel_id text NOT NULL,
      carrier text NOT NULL,
      message text NOT NULL,
      direction text NOT NULL CHECK (direction IN ('outbound', 'inbound')),
      booking_id text,
      format text NOT NULL CHECK (format IN ('xml', 'json')),
      url text NOT NULL,
      status smallint,
      duration_ms integer NOT NULL,
      request_bytes integer NOT NULL,
      response_bytes integer NOT NULL,
      request_body text NOT NULL,
      response_body text,
      error text
    )`.execute(db);
  await sql`CREATE INDEX airline_messages_at_idx ON airline_messages (at)`.execute(db);
  await sql`CREATE INDEX airline_messages_booking_idx ON airline_messages (booking_id, at DESC) WHERE booking_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX airline_messages_channel_idx ON airline_messages (channel_id, at DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE airline_messages`.execute(db);
}
