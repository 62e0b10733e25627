// How each agency channel reaches its airline: adapter, transport, base URL and per-message paths,
// SOAP actions, timeouts and the non-secret half of its auth in `settings`; every secret (API key,
// client secret, password, client key) sealed together in `secrets_ciphertext`, never in plain text.
// No row means the channel's default: the NDC-shaped JSON adapter (test channels to the sandbox).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE channel_endpoints (
      agency_channel_id text PRIMARY KEY REFERENCES agency_channels (id) ON DELETE CASCADE,
      adapter text NOT NULL CHECK (adapter IN ('sandbox-json', 'ndc-xml')),
      settings jsonb NOT NULL,
      secrets_ciphertext text,
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE channel_endpoints`.execute(db);
}
