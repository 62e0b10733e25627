// Airlines' requests for an API presentation, sent from the landing page.
import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import { newestFirst } from './newest-first.js';
import type { PresentationRequestsTable } from './schema.js';

export type PresentationRequestRow = Selectable<PresentationRequestsTable>;

export function insertPresentationRequest(
  db: Db,
  row: Pick<PresentationRequestRow, 'id' | 'language' | 'email' | 'type' | 'created_at'>,
): Promise<PresentationRequestRow> {
  return db
    .insertInto('presentation_requests')
    .values({ ...row, mail_message_id: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function linkMailMessage(db: Db, id: string, mailMessageId: string): Promise<void> {
  await db.updateTable('presentation_requests').set({ mail_message_id: mailMessageId }).where('id', '=', id).execute();
}

export function listPresentationRequests(
  db: Db,
  query: { page: number; perPage: number },
): Promise<{ rows: PresentationRequestRow[]; total: number }> {
  return newestFirst(db, 'presentation_requests', query);
}
