// Back-office connections of more kinds: besides an SFTP folder, an HTTPS endpoint (the batch POSTed,
// signed as webhooks are) and email (the batch attached). Only the kind's CHECK widens: the
// settings stay a jsonb the domain checks per kind, and the credentials stay sealed (an HTTPS
// connection's signing secret; an email connection seals an empty object).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE back_office_connections DROP CONSTRAINT back_office_connections_kind_check`.execute(db);
  await sql`ALTER TABLE back_office_connections
    ADD CONSTRAINT back_office_connections_kind_check CHECK (kind IN ('sftp', 'https', 'email'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE back_office_connections DROP CONSTRAINT back_office_connections_kind_check`.execute(db);
  await sql`ALTER TABLE back_office_connections
    ADD CONSTRAINT back_office_connections_kind_check CHECK (kind IN ('sftp'))`.execute(db);
}
