// Foundation tables: tenancy (agencies, companies), accounts and API tokens, the mail outbox and
// idempotency records. Migrations use Kysely<any> and never import app code.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);

  await db.schema
    .createTable('agencies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('production_api_on', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('companies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agency_id', 'text', (c) => c.references('agencies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('balance_amount', 'numeric(14, 2)', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_currency', 'char(3)', (c) => c.notNull().defaultTo('EUR'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', sql`citext`, (c) => c.notNull().unique())
    .addColumn('phone', 'text', (c) => c.unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('user_type', 'text', (c) =>
      c.notNull().check(sql`user_type IN ('Admin', 'Support', 'Agent', 'Supervisor')`),
    )
    .addColumn('password_hash', 'text')
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`language IN ('en', 'ua', 'pl')`),
    )
    .addColumn('agency_id', 'text', (c) => c.references('agencies.id'))
    .addColumn('company_id', 'text', (c) => c.references('companies.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('mode', 'text', (c) => c.notNull().check(sql`mode IN ('test', 'live')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('api_tokens_account_idx').on('api_tokens').column('account_id').execute();

  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel IN ('email', 'sms', 'voice')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('queued', 'delivered', 'sent', 'failed')`))
    .addColumn('read', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('mail_messages_created_idx').on('mail_messages').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('mail_messages_recipient_idx').on('mail_messages').column('recipient').execute();
  await sql`CREATE INDEX mail_messages_queued_idx ON mail_messages (created_at) WHERE status = 'queued'`.execute(db);

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state IN ('running', 'done')`))
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('locked_until', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_idx').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['idempotency_keys', 'mail_messages', 'api_tokens', 'accounts', 'companies', 'agencies']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
