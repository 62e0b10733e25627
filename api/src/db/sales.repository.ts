// Sales documents: the insert, the reads in a scope (newest first, ties by id), and the day counts
// from the rollups that let a deep page start from its own day instead of skipping every row before
// it (see `pageStart`).
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import {
  reportLineAmounts,
  reportLineDate,
  type DayRange,
  type ReportLine,
  type SalesDocumentInput,
  type SalesScope,
} from './sales-rows.js';
import { stablePlan, type Db } from './database.js';
import type { Database, SalesDocumentsTable } from './schema.js';

export type SalesRow = Omit<Selectable<SalesDocumentsTable>, 'created_at' | 'search_text'> & {
  agent_name: string;
  company_name: string | null;
  agency_name: string;
  payment_words: string;
};

/**
 * The form of payment in words: as its accounting document wrote it when it was recorded (a card's
 * brand and last four), else from the code (documents from before the feed, the bulk seed).
 */
const paymentWords = sql<string>`coalesce(
  (SELECT a.form_of_payment FROM accounting_documents a WHERE a.source_id = sales_documents.id),
  CASE sales_documents.form_of_payment WHEN 'bsp_cash' THEN 'BSP cash' WHEN 'credit_card' THEN 'Card'
    ELSE 'Company balance' END)`;

/** Money that went back to the customer (a refund, a void) reads negative in the list and the report. */
const signed = (column: string) =>
  sql.raw(`CASE WHEN sales_documents.kind IN ('refund', 'void') THEN -${column} ELSE ${column} END`);

/** The sales_documents row of a document. */
export function salesDocumentRow(doc: SalesDocumentInput) {
  return {
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
    balance_amount: doc.balance?.amount ?? null,
    balance_currency: doc.balance?.currency ?? null,
    exchange_rate: doc.balance?.rate ?? null,
    fee_original_amount: doc.feeOriginal?.amount ?? null,
    fee_original_currency: doc.feeOriginal?.currency ?? null,
    fee_exchange_rate: doc.feeOriginal?.rate ?? null,
  };
}

/**
 * The insert of one document, a no-op for an id that exists, answering the row it wrote: the first
 * part of the one statement that also adds it to the rollups (`insertDocumentWithRollups`).
 */
export function insertDocumentQuery(db: Db, doc: SalesDocumentInput) {
  return db
    .insertInto('sales_documents')
    .values(salesDocumentRow(doc))
    .onConflict((oc) => oc.column('id').doNothing())
    .returningAll();
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

/** Documents beside who sold them: agent, agency and (when there is one) company. */
function withSellers(db: Db) {
  return db
    .selectFrom('sales_documents')
    .innerJoin('accounts', 'accounts.id', 'sales_documents.agent_id')
    .innerJoin('agencies', 'agencies.id', 'sales_documents.agency_id')
    .leftJoin('companies', 'companies.id', 'sales_documents.company_id');
}

/** Documents with what they are, what they cost, and the names of who sold them. */
function withNames(db: Db) {
  return withSellers(db).select([
    sql<string>`accounts.first_name || ' ' || accounts.last_name`.as('agent_name'),
    'companies.name as company_name',
    'agencies.name as agency_name',
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
    'sales_documents.fare',
    'sales_documents.taxes',
    'sales_documents.fees',
    'sales_documents.markup',
    'sales_documents.commission',
    'sales_documents.total',
    'sales_documents.currency',
    'sales_documents.form_of_payment',
    'sales_documents.agent_id',
    'sales_documents.company_id',
    'sales_documents.agency_id',
    'sales_documents.balance_amount',
    'sales_documents.balance_currency',
    'sales_documents.exchange_rate',
    'sales_documents.fee_original_amount',
    'sales_documents.fee_original_currency',
    'sales_documents.fee_exchange_rate',
    paymentWords.as('payment_words'),
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

/**
 * The report reads each document as one text, its fields joined by U+001F, and splits it here:
 * one string to decode per row instead of twenty is half the reading's work on the writer's
 * thread. XML cannot carry U+001F, so exceljs would drop it from a cell anyway; it is taken out
 * of the free text in SQL and cannot split a field.
 */
const separator = '\x1f';
const free = (column: string) => sql`replace(${sql.ref(column)}, chr(31), '')`;
const reportLine = sql<string>`concat_ws(chr(31),
  ${free('sales_documents.number')},
  sales_documents.kind,
  (extract(epoch FROM sales_documents.issued_at) / 86400 + 25569)::float8,
  ${free('sales_documents.locator')},
  ${free('sales_documents.passenger_name')},
  sales_documents.carrier,
  ${free('sales_documents.route')},
  ${signed('sales_documents.fare')}, ${signed('sales_documents.taxes')}, ${signed('sales_documents.fees')},
  ${signed('sales_documents.markup')}, ${signed('sales_documents.commission')}, ${signed('sales_documents.total')},
  sales_documents.currency,
  ${paymentWords},
  ${free('accounts.first_name')} || ' ' || ${free('accounts.last_name')},
  coalesce(${free('companies.name')}, ''),
  ${free('agencies.name')},
  sales_documents.issued_at::text,
  sales_documents.id)`;
/** A line's cells; after them come the cursor's time (PostgreSQL's own text) and the id. */
const lineCells: ReportLine['length'] = 18;
const numberCells = [reportLineDate, ...reportLineAmounts];

function toLine(text: string): ReportLine {
  const cells: (string | number)[] = text.split(separator, lineCells);
  for (const i of numberCells) cells[i] = Number(cells[i]);
  return cells as ReportLine;
}

/** Where the next batch of the report starts: after this document (newest first, ties by id). */
export interface ReportCursor {
  at: string;
  id: string;
}

/** A batch of the report; `next` is there when the batch was full. */
export interface ReportBatch {
  lines: ReportLine[];
  next?: ReportCursor;
}

/** One batch of the report, after `after`. */
export async function reportBatch(
  db: Db,
  query: { scope: SalesScope; range: DayRange; after?: ReportCursor; limit: number },
): Promise<ReportBatch> {
  let q = inRange(inScope(withSellers(db).select(reportLine.as('line')), query.scope), query.range);
  if (query.after)
    q = q.where(
      sql<boolean>`(sales_documents.issued_at, sales_documents.id) < (${query.after.at}::timestamptz, ${query.after.id})`,
    );
  const rows = await q
    .orderBy('sales_documents.issued_at', 'desc')
    .orderBy('sales_documents.id', 'desc')
    .limit(query.limit)
    .execute();
  const lines = rows.map((r) => toLine(r.line));
  if (rows.length < query.limit) return { lines };
  const last = rows[rows.length - 1]!.line.split(separator);
  return { lines, next: { at: last[lineCells]!, id: last[lineCells + 1]! } };
}
