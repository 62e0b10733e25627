// A company's ledger as its supervisors read it: entries in the order the balance moved (`seq`,
// written under the company's row lock), filtered by day, kind and booking, cut by keyset on `seq`
// along the (company_id, seq) index, never by offset.
import type { Db } from './database.js';
import type { LedgerKind, TransactionRow } from './companies.repository.js';

export interface LedgerFilter {
  companyId: string;
  /** Entries at or after this instant. */
  from?: Date;
  /** Entries before this instant. */
  before?: Date;
  kind?: LedgerKind;
  bookingLocator?: string;
}

export type LedgerRow = TransactionRow & { seq: string; booking_locator: string | null };

function filtered(db: Db, f: LedgerFilter) {
  let query = db
    .selectFrom('transactions as t')
    .leftJoin('bookings as b', 'b.id', 't.booking_id')
    .selectAll('t')
    .select('b.locator as booking_locator')
    .where('t.company_id', '=', f.companyId);
  if (f.from) query = query.where('t.created_at', '>=', f.from);
  if (f.before) query = query.where('t.created_at', '<', f.before);
  if (f.kind) query = query.where('t.kind', '=', f.kind);
  if (f.bookingLocator) query = query.where('b.locator', '=', f.bookingLocator);
  return query;
}

/** Newest first: `limit` entries older than `beforeSeq` when given. */
export async function findLedgerPage(
  db: Db,
  f: LedgerFilter,
  page: { limit: number; beforeSeq?: string },
): Promise<LedgerRow[]> {
  let query = filtered(db, f);
  if (page.beforeSeq) query = query.where('t.seq', '<', page.beforeSeq);
  return await query.orderBy('t.seq', 'desc').limit(page.limit).execute();
}

/** Oldest first: `limit` entries newer than `afterSeq` (the export reads the ledger in these batches). */
export async function findLedgerBatch(db: Db, f: LedgerFilter, page: { limit: number; afterSeq: string }) {
  return (await filtered(db, f)
    .where('t.seq', '>', page.afterSeq)
    .orderBy('t.seq', 'asc')
    .limit(page.limit)
    .execute()) as LedgerRow[];
}
