// Support cases: an agent's conversation with platform staff, about a booking or on its own. The
// case keeps what the staff queue sorts and measures by (waiting_since: the agent's oldest message
// staff have not answered; first_response_at: staff's first message after creation), so the queue
// is one indexed read. Attachments live beside their message in PostgreSQL (bytea), bounded in size
// by the domain. An offer is staff acting on the booking (a refund quote, a change alternative)
// that runs only after the agent accepts it in the case: its status moves out of `open` once.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE support_cases (
      id text PRIMARY KEY,
      seq bigserial UNIQUE,
      agency_id text REFERENCES agencies (id) ON DELETE CASCADE,
      company_id text REFERENCES companies (id) ON DELETE SET NULL,
      opened_by text NOT NULL REFERENCES accounts (id),
      booking_id text REFERENCES bookings (id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('exchange', 'refund', 'schedule_change', 'other')),
      subject text NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
      assignee_id text REFERENCES accounts (id) ON DELETE SET NULL,
      waiting_since timestamptz,
      first_response_at timestamptz,
      last_message_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      closed_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX support_cases_queue_idx ON support_cases (waiting_since, seq) WHERE status = 'open'`.execute(
    db,
  );
  await sql`CREATE INDEX support_cases_agency_idx ON support_cases (agency_id, seq DESC)`.execute(db);
  await sql`CREATE INDEX support_cases_booking_idx ON support_cases (booking_id) WHERE booking_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX support_cases_first_response_idx ON support_cases (created_at)`.execute(db);
  await sql`
    CREATE TABLE support_case_messages (
      id text PRIMARY KEY,
      seq bigserial UNIQUE,
      case_id text NOT NULL REFERENCES support_cases (id) ON DELETE CASCADE,
      author_id text NOT NULL REFERENCES accounts (id),
      side text NOT NULL CHECK (side IN ('agent', 'staff')),
      body text NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX support_case_messages_case_idx ON support_case_messages (case_id, seq)`.execute(db);
  await sql`
    CREATE TABLE support_case_attachments (
      id text PRIMARY KEY,
      case_id text NOT NULL REFERENCES support_cases (id) ON DELETE CASCADE,
      message_id text NOT NULL REFERENCES support_case_messages (id) ON DELETE CASCADE,
      file_name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      content bytea NOT NULL,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX support_case_attachments_message_idx ON support_case_attachments (message_id)`.execute(db);
  await sql`
    CREATE TABLE support_case_offers (
      id text PRIMARY KEY,
      case_id text NOT NULL REFERENCES support_cases (id) ON DELETE CASCADE,
      booking_id text NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('refund', 'change')),
      booking_request_id text NOT NULL,
      alternative_id text,
      summary text NOT NULL,
      status text NOT NULL DEFAULT 'open'
        CHECK (status IN ('open', 'accepted', 'done', 'failed', 'withdrawn', 'expired', 'declined')),
      offered_by text NOT NULL REFERENCES accounts (id),
      expires_at timestamptz NOT NULL,
      consent_id text UNIQUE,
      decided_by text REFERENCES accounts (id),
      decided_at timestamptz,
      outcome text,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX support_case_offers_case_idx ON support_case_offers (case_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE support_case_offers, support_case_attachments, support_case_messages, support_cases`.execute(db);
}
