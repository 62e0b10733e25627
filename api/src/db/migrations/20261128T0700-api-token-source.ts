// What an API token is for: `api` (a developer's token) or `extension` (the browser extension's
// credential, made by the console's "Connect the extension"). Searches take the channels of the
// token's source, so the column is read with the token on every request.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE api_tokens
      ADD COLUMN source text NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'extension'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE api_tokens DROP COLUMN source`.execute(db);
}
