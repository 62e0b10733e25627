// Bookings: the airline order Contrail holds for an agency, and its history. The issue
// claim lives here: status moves new -> issuing in one conditional UPDATE, so only one request (or
// job) ever pays and tickets a booking; `issue_attempt_id` names the attempt that holds the claim.
//
// Our locator is our own (six letters and digits, unique here) and the airline's is kept beside it:
// two airlines, or two sandbox processes with the same seed, may hand out the same locator.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE bookings (
      id text PRIMARY KEY,
      locator text NOT NULL UNIQUE CHECK (locator ~ '^[A-Z0-9]{6}$'),
      agency_id text NOT NULL REFERENCES agencies (id),
      company_id text REFERENCES companies (id),
      agent_id text NOT NULL REFERENCES accounts (id),
      channel_id text NOT NULL,
      carrier text NOT NULL,
      airline_locator text NOT NULL,
      status text NOT NULL CHECK (status IN ('new', 'issuing', 'issued', 'cancelled', 'voided', 'expired')),
      provider_status text NOT NULL,
      fake_booking boolean NOT NULL,
      time_limit timestamptz,
      void_deadline timestamptz,
      -- What the airline charges, and the company's markup on top: price = airline + markup.
      airline_total numeric(14, 2) NOT NULL,
      markup_total numeric(14, 2) NOT NULL,
      currency char(3) NOT NULL,
      form_of_payment text CHECK (form_of_payment IN ('bsp_cash', 'credit_card', 'company_balance')),
      -- What the company balance was debited for this booking (tickets and fee), for the void.
      balance_debit numeric(14, 2),
      passengers jsonb NOT NULL,
      contacts jsonb NOT NULL,
      segments jsonb NOT NULL,
      fares jsonb NOT NULL,
      documents jsonb NOT NULL DEFAULT '[]',
      async_emd_issue boolean NOT NULL DEFAULT false,
      error text,
      issue_attempt_id text,
      issuing_started_at timestamptz,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      issued_at timestamptz,
      ended_at timestamptz,
      -- What the list's search matches: both locators and the passengers' names, lower-cased.
      search_text text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX bookings_agency_idx ON bookings (agency_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX bookings_company_idx ON bookings (company_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX bookings_agent_idx ON bookings (agent_id, created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX bookings_created_idx ON bookings (created_at DESC, id)`.execute(db);
  await sql`CREATE INDEX bookings_search_idx ON bookings USING gin (search_text gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE booking_history (
      id text PRIMARY KEY,
      booking_id text NOT NULL REFERENCES bookings (id),
      action text NOT NULL,
      actor_account_id text,
      detail text,
      airline_answer text,
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX booking_history_booking_idx ON booking_history (booking_id, created_at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('booking_history').execute();
  await db.schema.dropTable('bookings').execute();
}
