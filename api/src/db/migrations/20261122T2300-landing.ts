// The landing page: airlines' requests for an API presentation, kept exactly as sent (the email is
// not validated and may be empty, product spec §5) so sales can follow up and staff can list them.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('presentation_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('language', 'text', (c) => c.notNull().check(sql`language IN ('en', 'fr', 'es', 'ua', 'pl')`))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`length(email) <= 254`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('api')`))
    .addColumn('mail_message_id', 'text', (c) => c.references('mail_messages.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('presentation_requests_created_idx')
    .on('presentation_requests')
    .columns(['created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('presentation_requests').execute();
}
