// Mail attachments are finished files (an XLSX is already a zip): PostgreSQL's own TOAST
// compression cannot shrink them and, trying on every insert, doubled the time a 13 MB sales
// report took to store. EXTERNAL keeps them out of line, uncompressed.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_attachments ALTER COLUMN content SET STORAGE EXTERNAL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_attachments ALTER COLUMN content SET STORAGE EXTENDED`.execute(db);
}
