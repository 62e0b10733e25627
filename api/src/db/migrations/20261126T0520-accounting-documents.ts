// Accounting documents: the open feed a back or mid office ingests, one row per financial event
// (ticket, EMD, exchange, refund, void, agency fee, balance top-up or adjustment), numbered per
// agency without gaps.
// - accounting_sequences: one row per agency holding the last number given. A writer takes the next
//   number with an upsert on this row in the transaction of the financial change itself, so the row
//   stays locked until that transaction ends: a rollback gives the number back (no gap), and the next
//   writer of the agency waits, so numbers commit in order and a reader's cursor never skips one.
// - accounting_documents: written once, never changed. Names (agent, company, channel), the readable
//   form of payment and the agency's local date are kept as they were when the event happened, as
//   an accounting record must be. `source_id` names what produced the row (a sales document, a fee
//   on it, a ledger entry), so recording it twice is a no-op.
// - agencies.time_zone: the agency's local clock, for the local issue date and daily deliveries.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE agencies ADD COLUMN time_zone text NOT NULL DEFAULT 'Europe/Kyiv'`.execute(db);

  await sql`
    CREATE TABLE accounting_sequences (
      agency_id text PRIMARY KEY REFERENCES agencies (id),
      last_sequence bigint NOT NULL
    )`.execute(db);

  await sql`
    CREATE TABLE accounting_documents (
      id text PRIMARY KEY,
      agency_id text NOT NULL REFERENCES agencies (id),
      sequence bigint NOT NULL,
      source_id text NOT NULL UNIQUE,
      transaction_code text NOT NULL
        CHECK (transaction_code IN ('TKTT', 'EMDA', 'EMDS', 'EXCH', 'RFND', 'CANX', 'FEES', 'TOPU', 'ADJT')),
      document_number text NOT NULL,
      original_document_number text,
      locator text,
      airline_order_id text,
      issued_at timestamptz NOT NULL,
      local_date date NOT NULL,
      agent_id text NOT NULL,
      agent_name text NOT NULL,
      company_id text,
      company_name text,
      channel_id text,
      channel_name text,
      passenger_name text,
      passenger_type text,
      itinerary jsonb NOT NULL DEFAULT '[]',
      base_fare numeric(14, 2) NOT NULL,
      taxes jsonb NOT NULL DEFAULT '{}',
      tax_total numeric(14, 2) NOT NULL,
      commission numeric(14, 2) NOT NULL,
      markup numeric(14, 2) NOT NULL,
      service_fee numeric(14, 2) NOT NULL,
      total numeric(14, 2) NOT NULL,
      currency char(3) NOT NULL,
      balance_amount numeric(14, 2),
      balance_currency char(3),
      balance_rate numeric(18, 8),
      form_of_payment text NOT NULL,
      settlement text CHECK (settlement IN ('bsp', 'direct')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (agency_id, sequence)
    )`.execute(db);
  // The feed's date range and the delivery's cut by day read along the agency's issue times.
  await sql`CREATE INDEX accounting_documents_issued_idx ON accounting_documents (agency_id, issued_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE accounting_documents`.execute(db);
  await sql`DROP TABLE accounting_sequences`.execute(db);
  await sql`ALTER TABLE agencies DROP COLUMN time_zone`.execute(db);
}
