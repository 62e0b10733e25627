// The ticketing model that shopping, bookings and the back office share: gates, source channels
// (the platform's airline connections), agency channels with their credentials and forms of payment,
// company channels, credit cards and company markups. Secrets (credentials, card numbers) are stored
// only as AES-256-GCM ciphertext; see domain/crypto/secret-box.ts.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('agencies')
    .addColumn('corporate_number_on', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ghost_segments_remarks_on', 'boolean', (c) => c.notNull().defaultTo(false))
    // The per-partner ticketing gate.
    .addColumn('ticketing_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  await db.schema
    .alterTable('companies')
    // Whether the company's agents see each other's bookings (and sales).
    .addColumn('shared_bookings', 'boolean', (c) => c.notNull().defaultTo(false))
    // The per-company ticketing gate.
    .addColumn('ticketing_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();

  // The platform-wide gates: main, agency (consolidator) and channel. One row each.
  await db.schema
    .createTable('ticketing_gates')
    .addColumn('gate', 'text', (c) => c.primaryKey().check(sql`gate IN ('main', 'agency', 'channel')`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('ticketing_gates')
    .values([{ gate: 'main' }, { gate: 'agency' }, { gate: 'channel' }])
    .execute();

  await db.schema
    .createTable('source_channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('carrier', 'char(2)', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('api', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('web', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('extension', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('credit_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agency_id', 'text', (c) => c.notNull().references('agencies.id'))
    .addColumn('brand', 'text', (c) => c.notNull())
    .addColumn('last4', 'char(4)', (c) => c.notNull())
    .addColumn('exp_month', 'integer', (c) => c.notNull().check(sql`exp_month BETWEEN 1 AND 12`))
    .addColumn('exp_year', 'integer', (c) => c.notNull())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('number_ciphertext', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('credit_cards_agency_idx').on('credit_cards').column('agency_id').execute();

  await db.schema
    .createTable('agency_channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('agency_id', 'text', (c) => c.notNull().references('agencies.id'))
    .addColumn('source_channel_id', 'text', (c) => c.notNull().references('source_channels.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('on_by_admin', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('active_by_supervisor', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('form_of_payment', 'text', (c) =>
      c
        .notNull()
        .defaultTo('bsp_cash')
        .check(sql`form_of_payment IN ('bsp_cash', 'credit_card', 'company_balance')`),
    )
    .addColumn('ticketing_credit_card_id', 'text', (c) => c.references('credit_cards.id').onDelete('set null'))
    .addColumn('nego_code', 'text')
    .addColumn('resident_fares_code', 'text')
    .addColumn('credential_ciphertext', 'text')
    .addColumn('credential_active', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('agency_channels_agency_idx').on('agency_channels').column('agency_id').execute();

  // A row switches one agency channel for one company; no row means the company uses it.
  await db.schema
    .createTable('company_channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    .addColumn('agency_channel_id', 'text', (c) => c.notNull().references('agency_channels.id').onDelete('cascade'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('company_channels_unique', ['company_id', 'agency_channel_id'])
    .execute();

  await db.schema
    .createTable('markups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'text', (c) => c.notNull().references('companies.id'))
    // null carrier or cabin: the markup applies to every carrier or cabin.
    .addColumn('carrier', 'char(2)')
    .addColumn('cabin', 'text', (c) => c.check(sql`cabin IN ('Y', 'C')`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('fixed', 'percentage')`))
    .addColumn('value', 'numeric(12, 2)', (c) => c.notNull().check(sql`value >= 0`))
    .addColumn('currency', 'char(3)')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('markups_fixed_has_currency', sql`kind <> 'fixed' OR currency IS NOT NULL`)
    .execute();
  await db.schema.createIndex('markups_company_idx').on('markups').column('company_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'markups',
    'company_channels',
    'agency_channels',
    'credit_cards',
    'source_channels',
    'ticketing_gates',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('companies').dropColumn('shared_bookings').dropColumn('ticketing_active').execute();
  await db.schema
    .alterTable('agencies')
    .dropColumn('corporate_number_on')
    .dropColumn('ghost_segments_remarks_on')
    .dropColumn('ticketing_active')
    .execute();
}
