// The mail outbox: every message the platform sends is written here first (the outbox row), and
// the email job only triggers its delivery.
import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import { staleQueuedIds } from './outbox.js';
import type { MailMessagesTable } from './schema.js';

export type MailRow = Selectable<MailMessagesTable>;

export async function insertMessage(
  db: Db,
  message: Pick<MailRow, 'id' | 'channel' | 'recipient' | 'subject' | 'body'> & { language?: string | null },
): Promise<MailRow> {
  return db
    .insertInto('mail_messages')
    .values({ ...message, status: 'queued', error: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A queued message, locked; undefined when it is delivered already or another worker holds it. */
export function claimQueued(trx: Db, id: string): Promise<MailRow | undefined> {
  return trx
    .selectFrom('mail_messages')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export async function listMessages(
  db: Db,
  query: { recipient?: string; page: number; perPage: number },
): Promise<{ rows: MailRow[]; total: number }> {
  let base = db.selectFrom('mail_messages');
  if (query.recipient) base = base.where('recipient', '=', query.recipient);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export function findMessage(db: Db, id: string): Promise<MailRow | undefined> {
  return db.selectFrom('mail_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

export function setMessageRead(db: Db, id: string, read: boolean): Promise<MailRow | undefined> {
  return db.updateTable('mail_messages').set({ read }).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteMessage(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('mail_messages').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function markMessage(
  db: Db,
  id: string,
  outcome: { status: 'delivered' | 'sent' | 'failed'; at: Date; error?: string },
): Promise<void> {
  await db
    .updateTable('mail_messages')
    .set({
      status: outcome.status,
      sent_at: outcome.status === 'failed' ? null : outcome.at,
      error: outcome.error ?? null,
    })
    .where('id', '=', id)
    .execute();
}

/** Messages still queued after `olderThan`: their job was lost, the sweeper enqueues them again. */
export function findStaleQueued(db: Db, olderThan: Date, limit: number): Promise<string[]> {
  return staleQueuedIds(db, 'mail_messages', olderThan, limit);
}
