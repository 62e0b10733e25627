// Accounts and access: sign-in method and onboarding on the account, one-time codes, server-side
// sessions, the record of accepted terms, sign-in failure counters (when Redis is absent) and
// token names.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('accounts')
    .addColumn('auth_method', 'text', (c) =>
      c
        .notNull()
        .defaultTo('otp')
        .check(sql`auth_method IN ('otp', 'password')`),
    )
    .addColumn('onboarding_state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('initial')
        .check(sql`onboarding_state IN ('initial', 'privacy', 'complete')`),
    )
    .addColumn('terms_version', 'text')
    .addColumn('privacy_version', 'text')
    .addColumn('terms_accepted_at', 'timestamptz')
    .execute();

  // Accounts that already have a password keep signing in with it.
  await sql`UPDATE accounts SET auth_method = 'password' WHERE password_hash IS NOT NULL`.execute(db);

  await db.schema.alterTable('api_tokens').addColumn('name', 'text').execute();

  await db.schema
    .createTable('otp_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose IN ('sign_in', 'change_phone', 'change_email')`))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('otp_codes_account_purpose_idx')
    .on('otp_codes')
    .columns(['account_id', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('csrf_token', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('absolute_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('terms_version', 'text', (c) => c.notNull())
    .addColumn('privacy_version', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_until', 'timestamptz')
    .addColumn('lock_level', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sign_in_limits', 'terms_acceptances', 'sessions', 'otp_codes']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await db.schema.alterTable('api_tokens').dropColumn('name').execute();
  await db.schema
    .alterTable('accounts')
    .dropColumn('auth_method')
    .dropColumn('onboarding_state')
    .dropColumn('terms_version')
    .dropColumn('privacy_version')
    .dropColumn('terms_accepted_at')
    .execute();
}
