// The outbox tables (mail messages, sales exports) are written first and their jobs are only the
// trigger; this finds the rows whose job was lost, for the sweeper to enqueue again.
import type { Db } from './database.js';

type Outbox = 'mail_messages' | 'sales_exports';

export async function staleQueuedIds(db: Db, table: Outbox, olderThan: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('status', '=', 'queued')
    .where('created_at', '<', olderThan)
    .orderBy('created_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
