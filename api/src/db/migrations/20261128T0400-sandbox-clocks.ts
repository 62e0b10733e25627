// Each agency's own sandbox time: how far its test-mode world runs ahead of real time, and the
// moment a reset holds it at (never earlier), so one developer moving time never moves another
// agency's. `version` orders the settings the sandbox airlines receive.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE sandbox_clocks (
      agency_id text PRIMARY KEY REFERENCES agencies (id) ON DELETE CASCADE,
      offset_ms bigint NOT NULL DEFAULT 0 CHECK (offset_ms >= 0),
      floor_at timestamptz,
      version bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE sandbox_clocks`.execute(db);
}
