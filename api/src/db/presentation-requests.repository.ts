// Airlines' requests for an API presentation, sent from the landing page.
import type { Selectable } from 'kysely';
import type { Db } from './database.js';
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

export async function listPresentationRequests(
  db: Db,
  query: { page: number; perPage: number },
): Promise<{ rows: PresentationRequestRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('presentation_requests')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    db
      .selectFrom('presentation_requests')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
