// Per-user access inside an agency: the permission set a supervisor gave (NULL: the role's preset),
// the user's own booking visibility (NULL: the company's shared_bookings switch decides), and
// suspension (a suspended account has no live session or token and cannot sign in). Invites are
// kept as a hash of their link's secret, like API tokens.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE accounts
      ADD COLUMN agency_permissions text[]
        CHECK (agency_permissions <@ ARRAY['search','book','issue','service','balance','users']::text[]),
      ADD COLUMN booking_visibility text CHECK (booking_visibility IN ('own','company','agency')),
      ADD COLUMN suspended_at timestamptz`.execute(db);
  await sql`
    CREATE TABLE agency_invites (
      id text PRIMARY KEY,
      agency_id text NOT NULL REFERENCES agencies (id) ON DELETE CASCADE,
      company_id text REFERENCES companies (id) ON DELETE CASCADE,
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      user_type text NOT NULL CHECK (user_type IN ('Agent','Supervisor')),
      agency_permissions text[] NOT NULL
        CHECK (agency_permissions <@ ARRAY['search','book','issue','service','balance','users']::text[]),
      booking_visibility text CHECK (booking_visibility IN ('own','company','agency')),
      token_hash text NOT NULL UNIQUE,
      invited_by text REFERENCES accounts (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      account_id text REFERENCES accounts (id) ON DELETE SET NULL
    )`.execute(db);
  await sql`CREATE INDEX agency_invites_agency ON agency_invites (agency_id, created_at DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE agency_invites`.execute(db);
  await sql`
    ALTER TABLE accounts DROP COLUMN agency_permissions, DROP COLUMN booking_visibility,
      DROP COLUMN suspended_at`.execute(db);
}
