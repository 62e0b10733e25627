// Sales documents for tests, written the way bookings will write them (recordSalesDocument, so the
// rollups are kept), and the direct SQL that analytics must agree with.
import pg from 'pg';
import type { Db } from '../../api/src/db/database.js';
import { newId } from '../../api/src/domain/ids.js';
import { recordSalesDocument } from '../../api/src/domain/sales/record-sales-document.js';
import type { SalesDocumentInput, SalesDocumentKind } from '../../api/src/domain/sales/sales-document.js';

export interface Seller {
  agentId: string;
  companyId: string | null;
  agencyId: string;
}

let serial = 0;
const kinds: SalesDocumentKind[] = ['ticket', 'ticket', 'ticket', 'emd', 'refund', 'exchange', 'void'];
const surnames = ['KOVALENKO', 'NOWAK', 'SHEVCHENKO', 'WOJCIK', 'SMITH'];

/** `count` documents by `seller`, one every `stepMinutes` going back from `from`. */
export async function recordDocuments(
  db: Db,
  seller: Seller,
  count: number,
  options: { from: Date; stepMinutes?: number; currency?: string; carrier?: string; passengerName?: string },
): Promise<SalesDocumentInput[]> {
  const docs: SalesDocumentInput[] = [];
  for (let i = 0; i < count; i++) {
    serial++;
    const fare = (100 + ((serial * 37) % 900) + (serial % 100) / 100).toFixed(2);
    const doc: SalesDocumentInput = {
      id: newId('sal'),
      kind: kinds[serial % kinds.length]!,
      number: `220${String(Date.now() % 1e6).padStart(6, '0')}${String(serial).padStart(4, '0')}`,
      locator: `T${(serial * 7919).toString(36).toUpperCase().padStart(5, 'Q').slice(-5)}`,
      passengerName: options.passengerName ?? `${surnames[serial % surnames.length]}/TEST${serial} MR`,
      carrier: options.carrier ?? ['LH', 'LO', 'PS'][serial % 3]!,
      route: 'KBP-FRA',
      issuedAt: new Date(options.from.getTime() - i * (options.stepMinutes ?? 37) * 60_000),
      fare,
      taxes: '42.10',
      fees: '10.00',
      markup: '5.55',
      commission: '1.00',
      total: (Number(fare) + 42.1 + 10 + 5.55).toFixed(2),
      currency: options.currency ?? 'EUR',
      formOfPayment: 'bsp_cash',
      ...seller,
    };
    await db.transaction().execute((trx) => recordSalesDocument(trx, doc));
    docs.push(doc);
  }
  return docs;
}

export type ScopeFilter = { column: 'agency_id' | 'company_id' | 'agent_id'; id: string } | null;

/** Plain SQL over the run's database (the test's own connection, apart from the API's). */
export async function query<R>(databaseUrl: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as R[];
  } finally {
    await client.end();
  }
}

/** `issued_at` within the UTC days $2..$3. */
export const inDays = `issued_at >= $2::date::timestamp AT TIME ZONE 'UTC' AND issued_at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'`;

/** The analytics totals straight from the documents, with the rules the API documents. */
export function directTotals(databaseUrl: string, scope: ScopeFilter, from: string, to: string) {
  const where = scope ? `${scope.column} = $1` : '$1::text IS NULL';
  return query<{
    currency: string;
    documents: string;
    passengers: string;
    revenue: string;
    fees: string;
    markups: string;
    refunds: string;
  }>(
    databaseUrl,
    `SELECT currency, count(*) AS documents, count(*) FILTER (WHERE kind = 'ticket') AS passengers,
      (coalesce(sum(total) FILTER (WHERE kind IN ('ticket', 'emd', 'exchange')), 0)
        - coalesce(sum(total) FILTER (WHERE kind = 'void'), 0))::numeric(16, 2)::text AS revenue,
      (coalesce(sum(fees) FILTER (WHERE kind <> 'void'), 0)
        - coalesce(sum(fees) FILTER (WHERE kind = 'void'), 0))::numeric(16, 2)::text AS fees,
      (coalesce(sum(markup) FILTER (WHERE kind IN ('ticket', 'emd', 'exchange')), 0)
        - coalesce(sum(markup) FILTER (WHERE kind = 'void'), 0))::numeric(16, 2)::text AS markups,
      coalesce(sum(total) FILTER (WHERE kind = 'refund'), 0)::numeric(16, 2)::text AS refunds
    FROM sales_documents
    WHERE ${where} AND ${inDays}
    GROUP BY currency ORDER BY currency`,
    [scope?.id ?? null, from, to],
  );
}
