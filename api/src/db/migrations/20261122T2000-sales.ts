// Sales: the one table of accounting documents (tickets, EMDs, refunds, exchanges, voids) that
// issuing writes and the sales list, analytics and the XLSX report read; the daily rollups that
// analytics and the list's page positions read instead of the documents; and the export outbox
// (a report too large to answer at once is built by the worker and mailed, with its file attached).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // Trigram indexes make "contains, any case" searches on numbers, locators and names index scans.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE sales_documents (
      id text PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('ticket', 'emd', 'refund', 'exchange', 'void')),
      number text NOT NULL,
      locator text NOT NULL,
      booking_id text,
      related_document_id text,
      passenger_name text NOT NULL,
      carrier text NOT NULL,
      route text NOT NULL,
      issued_at timestamptz NOT NULL,
      fare numeric(14, 2) NOT NULL,
      taxes numeric(14, 2) NOT NULL,
      fees numeric(14, 2) NOT NULL,
      markup numeric(14, 2) NOT NULL,
      commission numeric(14, 2) NOT NULL,
      total numeric(14, 2) NOT NULL,
      currency char(3) NOT NULL,
      form_of_payment text NOT NULL CHECK (form_of_payment IN ('bsp_cash', 'credit_card', 'company_balance')),
      agent_id text NOT NULL REFERENCES accounts (id),
      company_id text REFERENCES companies (id),
      agency_id text NOT NULL REFERENCES agencies (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      -- What the ticket search matches: number, locator and passenger, lower-cased once on write.
      search_text text GENERATED ALWAYS AS (lower(number || ' ' || locator || ' ' || passenger_name)) STORED
    )`.execute(db);
  await createSalesIndexes(db);

  // One row per scope, dimension, day, key and currency (see domain/sales/sales-rollups.ts).
  await sql`
    CREATE TABLE sales_rollups (
      scope text NOT NULL,
      dimension text NOT NULL CHECK (dimension IN ('total', 'carrier', 'agent', 'carrier_month', 'agent_month')),
      day date NOT NULL,
      key text NOT NULL,
      currency char(3) NOT NULL,
      documents integer NOT NULL,
      passengers integer NOT NULL,
      revenue numeric(16, 2) NOT NULL,
      fees numeric(16, 2) NOT NULL,
      markups numeric(16, 2) NOT NULL,
      refunds numeric(16, 2) NOT NULL,
      PRIMARY KEY (scope, dimension, day, key, currency)
    )`.execute(db);
  // The list's day counts (page positions and meta.total) read this index alone.
  await sql`CREATE INDEX sales_rollups_days_idx ON sales_rollups (scope, day) INCLUDE (documents) WHERE dimension = 'total'`.execute(
    db,
  );

  await sql`
    CREATE TABLE sales_exports (
      id text PRIMARY KEY,
      account_id text NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
      email text NOT NULL,
      language text NOT NULL,
      scope_kind text NOT NULL CHECK (scope_kind IN ('all', 'agency', 'company', 'agent')),
      scope_id text,
      date_from date,
      date_to date,
      status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
      rows integer,
      error text,
      mail_message_id text,
      created_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX sales_exports_status_idx ON sales_exports (status, created_at)`.execute(db);

  // Mail may carry files (the emailed sales report); the SMTP transport attaches them.
  await sql`
    CREATE TABLE mail_attachments (
      id text PRIMARY KEY,
      message_id text NOT NULL REFERENCES mail_messages (id) ON DELETE CASCADE,
      filename text NOT NULL,
      content_type text NOT NULL,
      content bytea NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX mail_attachments_message_idx ON mail_attachments (message_id)`.execute(db);
}

/**
 * The list's orderings for each visibility (staff, agency, company, agent: newest first, id to
 * break ties) and the trigram index for the ticket search. Exported so the bulk seed can drop them
 * before COPY and build them once afterwards.
 */
export async function createSalesIndexes(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS sales_documents_issued_idx ON sales_documents (issued_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS sales_documents_agency_idx ON sales_documents (agency_id, issued_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS sales_documents_company_idx ON sales_documents (company_id, issued_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS sales_documents_agent_idx ON sales_documents (agent_id, issued_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX IF NOT EXISTS sales_documents_search_idx ON sales_documents USING gin (search_text gin_trgm_ops)`.execute(
    db,
  );
}

export const salesIndexNames = [
  'sales_documents_issued_idx',
  'sales_documents_agency_idx',
  'sales_documents_company_idx',
  'sales_documents_agent_idx',
  'sales_documents_search_idx',
];

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_attachments').execute();
  await db.schema.dropTable('sales_exports').execute();
  await db.schema.dropTable('sales_rollups').execute();
  await db.schema.dropTable('sales_documents').execute();
}
