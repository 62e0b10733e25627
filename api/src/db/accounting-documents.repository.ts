// Accounting documents: the insert and the reads along an agency's sequence.
//
// Numbering: a row is inserted without its number; a deferred trigger (migration
// 20261127T1200-issue-latency-number-at-commit) gives it the agency's next number as the writing
// transaction commits, taking the agency's accounting_sequences row then. So that row is the LAST
// lock every financial transaction takes, whatever order its statements run in, held only through
// the commit itself: the agency's numbers commit one after another, without gaps, and a reader
// sees only numbered rows.
import { sql, type RawBuilder } from 'kysely';
import type { AccountingDocumentInput, AccountingFilter, AccountingRow } from './accounting-rows.js';
import { eachRow, type Db } from './database.js';

/** What a form of payment reads as when the row is written (a card: its brand and last four). */
const paymentWords = (input: AccountingDocumentInput) =>
  input.paymentWords !== undefined
    ? sql<string>`${input.paymentWords}::text`
    : sql<string>`CASE ${input.payment}::text
        WHEN 'bsp_cash' THEN 'BSP cash'
        WHEN 'company_balance' THEN 'Company balance'
        WHEN 'credit_card' THEN coalesce(
          (SELECT cc.brand || ' ending ' || cc.last4 FROM agency_channels ac
             JOIN credit_cards cc ON cc.id = ac.ticketing_credit_card_id WHERE ac.id = ${input.channelId}),
          'Card')
        ELSE 'Not stated' END`;

/**
 * Writes one document in the caller's transaction, in one statement; its number comes at commit.
 * A `sourceId` that was recorded already changes nothing and answers false.
 */
export async function insertAccountingDocument(trx: Db, input: AccountingDocumentInput): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`${accountingDocumentInsert(input)} RETURNING id`.execute(trx);
  return rows.length > 0;
}

/**
 * The INSERT of one accounting document, for a statement to carry beside its own write (a sale's:
 * sales-rollups.repository.ts). `onlyIf` names a CTE of that statement: the row is written only
 * when it answered a row (the sale was new). `after` names the CTE of the document before this
 * one, which then runs to its end first: rows are numbered at commit in the order they were
 * written. A `sourceId` that was recorded already writes nothing.
 */
export function accountingDocumentInsert(
  input: AccountingDocumentInput,
  beside: { onlyIf?: string; after?: string } = {},
): RawBuilder<unknown> {
  return sql`
    INSERT INTO accounting_documents (
      id, agency_id, source_id, transaction_code, document_number, original_document_number,
      locator, airline_order_id, issued_at, local_date, agent_id, agent_name, company_id, company_name,
      channel_id, channel_name, passenger_name, passenger_type, itinerary, base_fare, taxes, tax_total,
      commission, markup, service_fee, total, currency, balance_amount, balance_currency, balance_rate,
      form_of_payment, settlement)
    SELECT ${input.id}, ${input.agencyId}, ${input.sourceId}, ${input.transactionCode},
      ${input.documentNumber}, ${input.originalDocumentNumber}, ${input.locator}, ${input.airlineOrderId},
      ${input.issuedAt}, (${input.issuedAt}::timestamptz AT TIME ZONE ag.time_zone)::date,
      ${input.agentId}, coalesce((SELECT a.first_name || ' ' || a.last_name FROM accounts a WHERE a.id = ${input.agentId}), ''),
      ${input.companyId}, (SELECT c.name FROM companies c WHERE c.id = ${input.companyId}),
      ${input.channelId}, (SELECT ac.title FROM agency_channels ac WHERE ac.id = ${input.channelId}),
      ${input.passengerName}, ${input.passengerType}, ${JSON.stringify(input.itinerary)}::jsonb,
      ${input.baseFare}::numeric, ${JSON.stringify(input.taxes)}::jsonb, ${input.taxTotal}::numeric,
      ${input.commission}::numeric, ${input.markup}::numeric, ${input.serviceFee}::numeric, ${input.total}::numeric,
      ${input.currency}, ${input.balance?.amount ?? null}::numeric, ${input.balance?.currency ?? null},
      ${input.balance?.rate ?? null}::numeric, ${paymentWords(input)}, ${input.settlement}
    FROM agencies ag WHERE ag.id = ${input.agencyId}
      ${beside.onlyIf ? sql`AND EXISTS (SELECT 1 FROM ${sql.table(beside.onlyIf)})` : sql``}
      ${beside.after ? sql`AND (SELECT count(*) FROM ${sql.table(beside.after)}) >= 0` : sql``}
    ON CONFLICT (source_id) DO NOTHING`;
}

const columns = sql.raw(`id, agency_id, sequence::text AS sequence, transaction_code, document_number,
  original_document_number, locator, airline_order_id, issued_at, to_char(local_date, 'YYYY-MM-DD') AS local_date,
  agent_id, agent_name, company_id, company_name, channel_id, channel_name, passenger_name, passenger_type,
  itinerary, base_fare::text AS base_fare, taxes, tax_total::text AS tax_total, commission::text AS commission,
  markup::text AS markup, service_fee::text AS service_fee, total::text AS total, trim(currency) AS currency,
  balance_amount::text AS balance_amount, trim(balance_currency) AS balance_currency,
  balance_rate::text AS balance_rate, form_of_payment, settlement`);

function where(f: AccountingFilter) {
  const parts = [sql`agency_id = ${f.agencyId}`];
  if (f.afterSequence !== undefined) parts.push(sql`sequence > ${f.afterSequence}`);
  if (f.throughSequence !== undefined) parts.push(sql`sequence <= ${f.throughSequence}`);
  if (f.types?.length) parts.push(sql`transaction_code = ANY(${[...f.types]}::text[])`);
  if (f.from) parts.push(sql`issued_at >= ${f.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (f.to) parts.push(sql`issued_at < (${f.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return sql.join(parts, sql` AND `);
}

/**
 * Up to `limit` rows of the filter, in sequence order. The ORDER BY names the table's columns: the
 * list answers `sequence` as text, and ordering by that output name would put 10 before 2.
 */
export async function listAccountingDocuments(db: Db, f: AccountingFilter, limit: number): Promise<AccountingRow[]> {
  const { rows } = await sql<AccountingRow>`
    SELECT ${columns} FROM accounting_documents d WHERE ${where(f)} ORDER BY d.agency_id, d.sequence LIMIT ${limit}`.execute(
    db,
  );
  return rows;
}

/**
 * The rows of the filter in sequence order, up to `limit`, each handed to `onRow` as it arrives
 * (none collected: see `eachRow`); answers how many there were.
 */
export function eachAccountingDocument(
  db: Db,
  f: AccountingFilter,
  limit: number,
  onRow: (row: AccountingRow) => void,
): Promise<number> {
  return eachRow(
    db,
    sql<AccountingRow>`SELECT ${columns} FROM accounting_documents d WHERE ${where(f)} ORDER BY d.agency_id, d.sequence LIMIT ${limit}`,
    onRow,
  );
}

/** The last number the agency has given (0 before its first document); committed rows only. */
export async function lastSequence(db: Db, agencyId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT coalesce(max(sequence), 0)::text AS n FROM accounting_documents WHERE agency_id = ${agencyId}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The first and last sequence of the agency's rows issued in the UTC day range (null: none). */
export async function sequenceRangeOfDays(
  db: Db,
  agencyId: string,
  days: { from?: string; to?: string },
): Promise<{ first: number; last: number } | null> {
  const { rows } = await sql<{ first: string | null; last: string | null }>`
    SELECT min(sequence)::text AS first, max(sequence)::text AS last FROM accounting_documents
    WHERE ${where({ agencyId, ...days })}`.execute(db);
  const r = rows[0];
  return r?.first && r.last ? { first: Number(r.first), last: Number(r.last) } : null;
}

/** The agency's IANA time zone (its local issue date and daily deliveries). */
export async function agencyTimeZone(db: Db, agencyId: string): Promise<string | undefined> {
  const row = await db.selectFrom('agencies').select('time_zone').where('id', '=', agencyId).executeTakeFirst();
  return row?.time_zone;
}
