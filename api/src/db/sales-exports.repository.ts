// The export outbox: a report too large to answer at once is a row here first, and the job that
// builds it only carries its id.
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from './database.js';
import { staleQueuedIds } from './outbox.js';
import type { SalesExportsTable } from './schema.js';

export type SalesExportRow = Omit<Selectable<SalesExportsTable>, 'date_from' | 'date_to'> & {
  date_from: string | null;
  date_to: string | null;
};

const columns = [
  'id',
  'account_id',
  'email',
  'language',
  'scope_kind',
  'scope_id',
  'status',
  'rows',
  'error',
  'mail_message_id',
  'created_at',
  'finished_at',
  sql<string | null>`date_from::text`.as('date_from'),
  sql<string | null>`date_to::text`.as('date_to'),
] as const;

export async function insertExport(
  db: Db,
  row: Pick<
    SalesExportRow,
    'id' | 'account_id' | 'email' | 'language' | 'scope_kind' | 'scope_id' | 'date_from' | 'date_to'
  >,
): Promise<void> {
  await db
    .insertInto('sales_exports')
    .values({ ...row, status: 'queued' })
    .execute();
}

export function findExport(db: Db, id: string): Promise<SalesExportRow | undefined> {
  return db.selectFrom('sales_exports').select(columns).where('id', '=', id).executeTakeFirst();
}

/** Takes a queued export, or one whose worker died mid-way; a finished one is left alone. */
export function claimExport(db: Db, id: string): Promise<SalesExportRow | undefined> {
  return db
    .updateTable('sales_exports')
    .set({ status: 'running' })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .returning(columns)
    .executeTakeFirst();
}

/** Locks the row for the final write; undefined when another attempt finished it already. */
export function lockUnfinished(db: Db, id: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('sales_exports')
    .select('id')
    .where('id', '=', id)
    .where('status', '!=', 'done')
    .forUpdate()
    .executeTakeFirst();
}

export async function finishExport(
  db: Db,
  id: string,
  outcome:
    { status: 'done'; rows: number; mailMessageId: string; at: Date } | { status: 'failed'; error: string; at: Date },
): Promise<void> {
  await db
    .updateTable('sales_exports')
    .set(
      outcome.status === 'done'
        ? { status: 'done', rows: outcome.rows, mail_message_id: outcome.mailMessageId, finished_at: outcome.at }
        : { status: 'failed', error: outcome.error, finished_at: outcome.at },
    )
    .where('id', '=', id)
    .execute();
}

/** Exports still queued after `olderThan`: their job was lost; the sweeper enqueues them again. */
export function findStaleExports(db: Db, olderThan: Date, limit: number): Promise<string[]> {
  return staleQueuedIds(db, 'sales_exports', olderThan, limit);
}
