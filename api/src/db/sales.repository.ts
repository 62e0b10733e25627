// Sales documents: the insert, the reads in a scope (newest first, ties by id), and the day counts
// from the rollups that let a deep page start from its own day instead of skipping every row before
// it (see `pageStart`).
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { DayRange, SalesDocumentInput, SalesScope } from '../domain/sales/sales-document.js';
import { stablePlan, type Db } from './database.js';
import type { Database, SalesDocumentsTable } from './schema.js';

export type SalesRow = Omit<Selectable<SalesDocumentsTable>, 'created_at' | 'search_text'> & {
  agent_name: string;
  company_name: string | null;
  agency_name: string;
};

export async function insertDocument(db: Db, doc: SalesDocumentInput): Promise<boolean> {
  const result = await db
    .insertInto('sales_documents')
    .values({
      id: doc.id,
      kind: doc.kind,
      number: doc.number,
      locator: doc.locator,
      booking_id: doc.bookingId ?? null,
      related_document_id: doc.relatedDocumentId ?? null,
      passenger_name: doc.passengerName,
      carrier: doc.carrier,
      route: doc.route,
      issued_at: doc.issuedAt,
      fare: doc.fare,
      taxes: doc.taxes,
      fees: doc.fees,
      markup: doc.markup,
      commission: doc.commission,
      total: doc.total,
      currency: doc.currency,
      form_of_payment: doc.formOfPayment,
      agent_id: doc.agentId,
      company_id: doc.companyId,
      agency_id: doc.agencyId,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

type DocsQuery<O> = SelectQueryBuilder<Database, 'sales_documents', O>;

/** The scope's predicate, on the column its index leads with. */
export function inScope<O>(query: DocsQuery<O>, scope: SalesScope): DocsQuery<O> {
  switch (scope.kind) {
    case 'all':
      return query;
    case 'agency':
      return query.where('sales_documents.agency_id', '=', scope.id);
    case 'company':
      return query.where('sales_documents.company_id', '=', scope.id);
    case 'agent':
      return query.where('sales_documents.agent_id', '=', scope.id);
  }
}

export const dayStart = (day: string): Date => new Date(`${day}T00:00:00Z`);
export const nextDay = (day: string): Date => new Date(dayStart(day).getTime() + 86_400_000);

export function inRange<O>(query: DocsQuery<O>, range: DayRange): DocsQuery<O> {
  let q = query;
  if (range.from) q = q.where('sales_documents.issued_at', '>=', dayStart(range.from));
  if (range.to) q = q.where('sales_documents.issued_at', '<', nextDay(range.to));
  return q;
}

/** `ticket` as a LIKE pattern over the lower-cased search text (the trigram index serves it). */
export function matching<O>(query: DocsQuery<O>, ticket: string | undefined): DocsQuery<O> {
  if (!ticket) return query;
  const escaped = ticket.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return query.where('sales_documents.search_text', 'like', `%${escaped}%`);
}

/** Documents with the names of who sold them: agent, agency and (when there is one) company. */
function named(db: Db) {
  return db
    .selectFrom('sales_documents')
    .innerJoin('accounts', 'accounts.id', 'sales_documents.agent_id')
    .innerJoin('agencies', 'agencies.id', 'sales_documents.agency_id')
    .leftJoin('companies', 'companies.id', 'sales_documents.company_id')
    .select([
      sql<string>`accounts.first_name || ' ' || accounts.last_name`.as('agent_name'),
      'companies.name as company_name',
      'agencies.name as agency_name',
    ]);
}

/** What a document cost and how it was paid: in a sale's detail and in the report alike. */
const amountColumns = [
  'sales_documents.fare',
  'sales_documents.taxes',
  'sales_documents.fees',
  'sales_documents.markup',
  'sales_documents.commission',
  'sales_documents.total',
  'sales_documents.currency',
  'sales_documents.form_of_payment',
] as const;

function withNames(db: Db) {
  return named(db).select([
    'sales_documents.id',
    'sales_documents.kind',
    'sales_documents.number',
    'sales_documents.locator',
    'sales_documents.booking_id',
    'sales_documents.related_document_id',
    'sales_documents.passenger_name',
    'sales_documents.carrier',
    'sales_documents.route',
    'sales_documents.issued_at',
    ...amountColumns,
    'sales_documents.agent_id',
    'sales_documents.company_id',
    'sales_documents.agency_id',
  ]);
}

export async function findDocument(db: Db, scope: SalesScope, id: string): Promise<SalesRow | undefined> {
  return inScope(withNames(db).where('sales_documents.id', '=', id), scope).executeTakeFirst();
}

/** A page of documents from `before` (exclusive; the whole range when absent), skipping `skip`. */
export async function listDocuments(
  db: Db,
  query: { scope: SalesScope; range: DayRange; before?: Date; skip: number; limit: number },
): Promise<SalesRow[]> {
  let q = inRange(inScope(withNames(db).modifyFront(stablePlan), query.scope), query.range);
  if (query.before) q = q.where('sales_documents.issued_at', '<', query.before);
  return q
    .orderBy('sales_documents.issued_at', 'desc')
    .orderBy('sales_documents.id', 'desc')
    .offset(query.skip)
    .limit(query.limit)
    .execute();
}

/** Counts documents directly (the export's expected rows; a search page past its last match). */
export async function countDocuments(
  db: Db,
  query: { scope: SalesScope; range: DayRange; ticket?: string },
): Promise<number> {
  const base = matching(inRange(inScope(db.selectFrom('sales_documents'), query.scope), query.range), query.ticket);
  const row = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A page of a small set (a text search's matches, an agent's own documents) and how many it holds,
 * from one scan: the ids of the page, newest first, each with the set's count. No ids when the page
 * is past the end (the count is then unknown).
 */
export async function pageOfSet(
  db: Db,
  query: { scope: SalesScope; range: DayRange; ticket?: string; skip: number; limit: number },
): Promise<{ ids: string[]; total: number | null }> {
  const rows = await matching(
    inRange(inScope(db.selectFrom('sales_documents'), query.scope), query.range),
    query.ticket,
  )
    .select(['sales_documents.id', sql<string>`count(*) OVER ()`.as('total')])
    .orderBy('sales_documents.issued_at', 'desc')
    .orderBy('sales_documents.id', 'desc')
    .offset(query.skip)
    .limit(query.limit)
    .execute();
  return { ids: rows.map((r) => r.id), total: rows[0] ? Number(rows[0].total) : null };
}

/** These documents with their names, newest first. */
export async function documentsByIds(db: Db, ids: readonly string[]): Promise<SalesRow[]> {
  if (ids.length === 0) return [];
  return withNames(db)
    .where('sales_documents.id', 'in', ids)
    .orderBy('sales_documents.issued_at', 'desc')
    .orderBy('sales_documents.id', 'desc')
    .execute();
}

/** The scope's documents per issue day in the range, newest day first, from the day rollups. */
export async function dayCounts(db: Db, rollupScope: string, range: DayRange): Promise<{ day: string; n: number }[]> {
  let q = db
    .selectFrom('sales_rollups')
    .modifyFront(stablePlan)
    .select([sql<string>`day::text`.as('on_day'), sql<string>`sum(documents)`.as('n')])
    .where('scope', '=', rollupScope)
    .where('dimension', '=', 'total');
  if (range.from) q = q.where('day', '>=', range.from);
  if (range.to) q = q.where('day', '<=', range.to);
  const rows = await q.groupBy('day').orderBy('day', 'desc').execute();
  return rows.map((r) => ({ day: r.on_day, n: Number(r.n) }));
}

/** What a report row shows (the columns of `reportColumns`), and its place for the next batch. */
export type ReportRow = Pick<
  SalesRow,
  | 'id'
  | 'number'
  | 'kind'
  | 'locator'
  | 'passenger_name'
  | 'carrier'
  | 'route'
  | 'fare'
  | 'taxes'
  | 'fees'
  | 'markup'
  | 'commission'
  | 'total'
  | 'currency'
  | 'form_of_payment'
  | 'agent_name'
  | 'company_name'
  | 'agency_name'
> & {
  cursor_at: string;
  /** The issue time as a spreadsheet date: days since 1899-12-30, UTC (what XLSX stores for a date). */
  issued_serial: number;
};

/** One batch of the report, after `after` (the previous batch's last row; the cursor's time is
 * PostgreSQL's own text, so no microseconds are lost on the way through JavaScript). Only the
 * report's columns are read, and the issue time comes as the number the sheet stores: at a
 * hundred thousand rows, parsing anything more costs the writer time. */
export async function reportBatch(
  db: Db,
  query: { scope: SalesScope; range: DayRange; after?: { at: string; id: string }; limit: number },
): Promise<ReportRow[]> {
  let q = inRange(
    inScope(
      named(db).select([
        'sales_documents.id',
        'sales_documents.number',
        'sales_documents.kind',
        sql<number>`(extract(epoch FROM sales_documents.issued_at) / 86400 + 25569)::float8`.as('issued_serial'),
        'sales_documents.locator',
        'sales_documents.passenger_name',
        'sales_documents.carrier',
        'sales_documents.route',
        ...amountColumns,
        sql<string>`sales_documents.issued_at::text`.as('cursor_at'),
      ]),
      query.scope,
    ),
    query.range,
  );
  if (query.after)
    q = q.where(
      sql<boolean>`(sales_documents.issued_at, sales_documents.id) < (${query.after.at}::timestamptz, ${query.after.id})`,
    );
  return q
    .orderBy('sales_documents.issued_at', 'desc')
    .orderBy('sales_documents.id', 'desc')
    .limit(query.limit)
    .execute();
}
