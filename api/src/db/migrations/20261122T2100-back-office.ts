// The back office: transaction fees per agency, the company balance ledger, join
// requests, agents' company relationships and the audit log. Supervisors and support users are
// accounts (user_type Supervisor with agency_id, Support without), so they need no table.
//
// accounts.company_id vs agent_company_relationships: an agent may work for several companies
// (product spec §3 Account: company, companies); the relationships are that list and
// accounts.company_id is the one the agent currently books for, always one of them (or null).
import { sql, type Kysely } from 'kysely';

const feeKinds = ['issue', 'void', 'refund', 'exchange', 'emd'];

export async function up(db: Kysely<any>): Promise<void> {
  // A deleted partner is archived, never removed: its companies' ledgers and (later) bookings are
  // accounting records that must outlive it.
  await db.schema.alterTable('agencies').addColumn('archived_at', 'timestamptz').execute();

  await db.schema
    .createTable('agency_transaction_fees')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agency_id', 'text', (c) => c.notNull().references('agencies.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN (${sql.join(feeKinds.map((k) => sql.lit(k)))})`))
    .addColumn('amount', 'numeric(12, 2)', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`amount >= 0`),
    )
    .addColumn('currency', 'char(3)', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('agency_transaction_fees_unique', ['agency_id', 'kind'])
    .execute();
  // Every agency has one fee row per kind, however it was inserted (API, seed, test factory).
  await sql`
    CREATE FUNCTION agency_default_fees() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO agency_transaction_fees (id, agency_id, kind)
      SELECT 'fee_' || NEW.id || '_' || k, NEW.id, k FROM unnest(${sql.raw(`ARRAY['${feeKinds.join("','")}']`)}) AS k
      ON CONFLICT DO NOTHING;
      RETURN NEW;
    END $$`.execute(db);
  await sql`CREATE TRIGGER agency_default_fees AFTER INSERT ON agencies
    FOR EACH ROW EXECUTE FUNCTION agency_default_fees()`.execute(db);
  await sql`INSERT INTO agency_transaction_fees (id, agency_id, kind)
    SELECT 'fee_' || a.id || '_' || k, a.id, k FROM agencies a,
      unnest(${sql.raw(`ARRAY['${feeKinds.join("','")}']`)}) AS k ON CONFLICT DO NOTHING`.execute(db);

  // The balance ledger: append-only; balance_after is the company's balance right after the entry.
  await db.schema
    .createTable('transactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('amount', 'numeric(14, 2)', (c) => c.notNull())
    .addColumn('currency', 'char(3)', (c) => c.notNull())
    .addColumn('balance_after', 'numeric(14, 2)', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('actor_account_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('transactions_company_idx')
    .on('transactions')
    .columns(['company_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('join_agency_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('agency_id', 'text', (c) => c.notNull().references('agencies.id'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('pending', 'accepted')`))
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('answered_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('answered_at', 'timestamptz')
    .execute();
  // One open request or connection per company at a time.
  await sql`CREATE UNIQUE INDEX join_agency_requests_company_unique ON join_agency_requests (company_id)`.execute(db);

  await db.schema
    .createTable('agent_company_relationships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('agent_company_relationships_unique', ['account_id', 'company_id'])
    .execute();
  await sql`INSERT INTO agent_company_relationships (id, account_id, company_id)
    SELECT 'acr_' || id, id, company_id FROM accounts WHERE company_id IS NOT NULL`.execute(db);

  // Who changed what: actor, before and after. No foreign keys, so the record outlives its subjects.
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_account_id', 'text', (c) => c.notNull())
    .addColumn('actor_user_type', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('agency_id', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_log_entity_idx').on('audit_log').columns(['entity_type', 'entity_id']).execute();
  await db.schema.createIndex('audit_log_created_idx').on('audit_log').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['audit_log', 'agent_company_relationships', 'join_agency_requests', 'transactions'])
    await db.schema.dropTable(table).execute();
  await sql`DROP TRIGGER agency_default_fees ON agencies`.execute(db);
  await sql`DROP FUNCTION agency_default_fees()`.execute(db);
  await db.schema.dropTable('agency_transaction_fees').execute();
  await db.schema.alterTable('agencies').dropColumn('archived_at').execute();
}
