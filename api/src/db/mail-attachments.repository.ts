// Files that travel with a mail message (the emailed sales report).
import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import type { MailAttachmentsTable } from './schema.js';

export type MailAttachmentRow = Selectable<MailAttachmentsTable>;

export async function insertAttachment(db: Db, row: MailAttachmentRow): Promise<void> {
  await db.insertInto('mail_attachments').values(row).execute();
}

export function attachmentsOf(db: Db, messageId: string): Promise<MailAttachmentRow[]> {
  return db.selectFrom('mail_attachments').selectAll().where('message_id', '=', messageId).orderBy('id').execute();
}
