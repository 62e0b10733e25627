// The analytics rollups: per scope (all, agency:<id>, company:<id>), per dimension (total, carrier,
// agent, and carrier_month, agent_month whose `day` is the month's first), per UTC issue day, key
// and currency, the sums analytics reads. Month rows let a year's figures by carrier or agent sum
// 12 rows per key instead of 365. They are kept current in the transaction that writes a document,
// and rebuilt in one pass by the bulk seed; either gives the scopes touched a new version
// (sales_scope_versions), which keys what readers cache. The same SQL says what a document
// contributes in both places, so the two cannot disagree.
//
// Slots: a row of the 'all' or an agency's scope is shared by every sale of its day, and a writer
// holds it locked until it commits, so one row per key made concurrent issues queue one behind
// another. A writing transaction adds to the rows of one slot of its own (1..rollupSlots, from its
// transaction id), and readers sum over slots as they sum over days. Slot 0 is the compacted slot:
// the bulk rebuild writes it and compactRollupSlots folds past days' writer slots into it, so a
// long range reads about one row per key per day. A scope's version is the sum of its slots'
// versions: each write raises its slot's, so the sum moves on at every commit that touched the scope.
import { sql, type RawBuilder } from 'kysely';
import type { SalesDocumentInput } from './sales-rows.js';
import { notifyAfterCommit, stablePlan, type Db } from './database.js';
import { eventInsertQuery, eventsChannel, type NewEventRow } from './events.repository.js';
import { insertDocumentQuery, salesDocumentRow } from './sales.repository.js';
import { insertBeside } from './insert-beside.js';
import { accountingDocumentInsert } from './accounting-documents.repository.js';
import type { AccountingDocumentInput } from './accounting-rows.js';

/**
 * What one document adds to its rollups (and to a direct sum over documents, for agents' own
 * scope): a void takes a sale back, a refund is counted apart, a ticket is one passenger.
 */
export const contributionColumns = (d: string): string => `
    1 AS documents,
    (${d}.kind = 'ticket')::int AS passengers,
    CASE ${d}.kind WHEN 'void' THEN -${d}.total WHEN 'refund' THEN 0 ELSE ${d}.total END AS revenue,
    CASE ${d}.kind WHEN 'void' THEN -${d}.fees ELSE ${d}.fees END AS fees,
    CASE ${d}.kind WHEN 'void' THEN -${d}.markup WHEN 'refund' THEN 0 ELSE ${d}.markup END AS markups,
    CASE ${d}.kind WHEN 'refund' THEN ${d}.total ELSE 0 END AS refunds`;

// Each document lands in up to 3 scopes × 5 dimensions; a document sold by a supervisor has no company.
const expanded = (documents: string) =>
  sql.raw(`
  SELECT s.scope, k.dimension,
    CASE WHEN k.dimension LIKE '%_month' THEN date_trunc('month', d.issued_at AT TIME ZONE 'UTC')::date
         ELSE (d.issued_at AT TIME ZONE 'UTC')::date END AS day,
    k.key, d.currency, c.*
  FROM ${documents} d
  CROSS JOIN LATERAL (VALUES ('all'), ('agency:' || d.agency_id), ('company:' || d.company_id)) s(scope)
  CROSS JOIN LATERAL (VALUES ('total', ''), ('carrier', d.carrier), ('agent', d.agent_id),
    ('carrier_month', d.carrier), ('agent_month', d.agent_id)) k(dimension, key)
  CROSS JOIN LATERAL (SELECT ${contributionColumns('d')}) c`);

/** How many slots writers spread over (slot 0, the compacted one, is apart). */
export const rollupSlots = 16;
/** The writing transaction's slot: the same for all its documents, neighbours' differ. */
const writerSlot = sql.raw(`(1 + txid_current() % ${rollupSlots})::smallint`);

const sums = sql.raw(`
  sum(documents)::int, sum(passengers)::int, sum(revenue), sum(fees), sum(markups), sum(refunds)`);

/** A sales document to record, with its accounting documents. */
export interface SaleWrite {
  doc: SalesDocumentInput;
  accounting: readonly AccountingDocumentInput[];
}

/**
 * Inserts a document and adds it to its rollups and its scopes' versions, in one statement (one
 * round trip instead of three, on the issue path), with the document's `accounting` documents
 * beside it (one more round trip each saved), written only when the document is new, and the
 * change's `event`, if given, appended whether or not (one more). An id that exists changes
 * nothing else and answers false; its event is then appended but not announced (the listeners'
 * periodic pass finds it). Lock order: see `salesWrites`.
 */
export async function insertDocumentWithRollups(
  db: Db,
  doc: SalesDocumentInput,
  accounting: readonly AccountingDocumentInput[] = [],
  event?: NewEventRow,
): Promise<boolean> {
  const { rows } = await sql<{ scope: string }>`
    WITH ${salesWrites(db, [{ doc, accounting }], event)}
    SELECT scope FROM versions ${event ? notifyAfterCommit(eventsChannel) : sql``}`.execute(db);
  return rows.length > 0;
}

/**
 * The CTEs that record `sales` (at least one) as `insertDocumentWithRollups` records one: each
 * document (`doc_<i>`, all of them as `docs`), its accounting documents, the `event`, the rollups
 * (`rolled`) and the scopes' versions (`versions`, a row per scope when a document was new).
 * `beside` names an earlier CTE of the same statement, a booking change answering its row: the
 * documents and the event are then selected from it, so they are written only when it changed the
 * booking, and only after it did (holding the booking's row lock first).
 *
 * Lock order: the booking row (`beside`), then the rollup rows of this transaction's slot in key
 * order, then the scopes' version rows of the same slot: the filter on `rolled` is a one-time gate
 * that runs the rollups' upsert to its end before the first version row is touched, the order every
 * writer keeps. Only a transaction with the same slot (one in rollupSlots of those running) waits
 * for these rows. The accounting and event rows are new rows, which no one else waits for; the
 * agency's accounting counter is still taken last, at commit.
 */
export function salesWrites(
  db: Db,
  sales: readonly SaleWrite[],
  event?: NewEventRow,
  beside?: string,
): RawBuilder<unknown> {
  if (sales.length === 0) throw new Error('salesWrites: no document to record');
  const documents = sales.map(
    ({ doc }, d) =>
      sql`${sql.raw(`doc_${d}`)} AS (${
        beside
          ? sql`${insertBeside('sales_documents', salesDocumentRow(doc), beside)} ON CONFLICT (id) DO NOTHING RETURNING *`
          : insertDocumentQuery(db, doc)
      }),`,
  );
  // Each accounting row takes the agency's number at commit (accounting-documents.repository.ts),
  // in the order the rows were written: each waits for the one before it, across the documents.
  let written = 0;
  const accountingRows = sales.flatMap(({ accounting }, d) =>
    accounting.map((input) => {
      const i = written++;
      return sql`${sql.raw(`accounting_${i}`)} AS (${accountingDocumentInsert(input, {
        onlyIf: `doc_${d}`,
        after: i > 0 ? `accounting_${i - 1}` : undefined,
      })} RETURNING 1),`;
    }),
  );
  const events = event
    ? beside
      ? sql`event AS (${insertBeside('events', event, beside)} ON CONFLICT (dedupe_key) DO NOTHING RETURNING id),`
      : sql`event AS (${eventInsertQuery(db, event)}),`
    : sql``;
  return sql`
    ${sql.join(documents, sql` `)}
    docs AS (${sql.raw(sales.map((_, d) => `SELECT * FROM doc_${d}`).join(' UNION ALL '))}),
    ${accountingRows.length ? sql.join(accountingRows, sql` `) : sql``}
    ${events}
    rolled AS (
      INSERT INTO sales_rollups (scope, dimension, day, key, currency, slot, documents, passengers, revenue, fees, markups, refunds)
      SELECT scope, dimension, day, key, currency, ${writerSlot}, ${sums}
      FROM (${expanded('docs')}) x
      WHERE scope IS NOT NULL
      GROUP BY scope, dimension, day, key, currency
      ORDER BY scope, dimension, day, key, currency
      ON CONFLICT (scope, dimension, day, key, currency, slot) DO UPDATE SET ${addExcluded}
      RETURNING 1),
    versions AS (
      INSERT INTO sales_scope_versions (scope, slot)
      SELECT DISTINCT s.scope, ${writerSlot} FROM docs d
      CROSS JOIN LATERAL (VALUES ('all'), ('agency:' || d.agency_id), ('company:' || d.company_id)) s(scope)
      WHERE s.scope IS NOT NULL AND (SELECT count(*) FROM rolled) >= 0
      ORDER BY s.scope
      ON CONFLICT (scope, slot) DO UPDATE SET version = nextval('sales_scope_version_seq')
      RETURNING scope)`;
}

/** An upsert's update that adds the new row's sums to the existing row's. */
const addExcluded = sql.raw(`
        documents = sales_rollups.documents + EXCLUDED.documents,
        passengers = sales_rollups.passengers + EXCLUDED.passengers,
        revenue = sales_rollups.revenue + EXCLUDED.revenue,
        fees = sales_rollups.fees + EXCLUDED.fees,
        markups = sales_rollups.markups + EXCLUDED.markups,
        refunds = sales_rollups.refunds + EXCLUDED.refunds`);

/**
 * Folds up to `batch` writer-slot rows of days before `before` into slot 0, in one statement (so
 * in one transaction: a fold that dies changes nothing); answers how many rows it folded. Every
 * key's sum is the same before and after, so the scopes keep their versions and what readers
 * cached stays true. Exactly once with any number of folders: each row is taken by one folder
 * (SKIP LOCKED) and deleted by it as it is added to slot 0. Lock order: the taken writer-slot rows,
 * without waiting for any (a writer holding one keeps it, the next pass takes it), then the slot-0
 * rows in key order, which only folders and the rebuild write, so no writer waits in a cycle with a folder.
 */
export async function compactRollupSlots(db: Db, before: string, batch = 5_000): Promise<number> {
  const { rows } = await sql<{ folded: string }>`
    WITH taken AS (
      SELECT scope, dimension, day, key, currency, slot FROM sales_rollups
      WHERE slot > 0 AND day < ${before}::date
      ORDER BY day
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED),
    moved AS (
      DELETE FROM sales_rollups r USING taken t
      WHERE (r.scope, r.dimension, r.day, r.key, r.currency, r.slot) = (t.scope, t.dimension, t.day, t.key, t.currency, t.slot)
      RETURNING r.*),
    added AS (
      INSERT INTO sales_rollups (scope, dimension, day, key, currency, slot, documents, passengers, revenue, fees, markups, refunds)
      SELECT scope, dimension, day, key, currency, 0, sum(documents)::int, sum(passengers)::int, sum(revenue),
        sum(fees), sum(markups), sum(refunds)
      FROM moved
      GROUP BY scope, dimension, day, key, currency
      ORDER BY scope, dimension, day, key, currency
      ON CONFLICT (scope, dimension, day, key, currency, slot) DO UPDATE SET ${addExcluded}
      RETURNING 1)
    SELECT (SELECT count(*) FROM moved)::text AS folded, (SELECT count(*) FROM added) AS added`.execute(db);
  return Number(rows[0]?.folded ?? 0);
}

/**
 * The scope's rollup version, the sum over its slots: what a cached read of its rollups is keyed
 * by. A commit raises one slot's version to a number no slot had, so the sum never comes back.
 */
export async function scopeVersion(db: Db, scope: string): Promise<string> {
  const row = await db
    .selectFrom('sales_scope_versions')
    .modifyFront(stablePlan)
    .select(sql<string>`coalesce(sum(version), 0)::text`.as('version'))
    .where('scope', '=', scope)
    .executeTakeFirst();
  return row?.version ?? '0';
}

/**
 * Recomputes every rollup from the documents (the bulk seed; never per request), into slot 0: one
 * scan with grouping sets computes all nine scope × dimension sums at once.
 */
export async function rebuildRollups(db: Db): Promise<void> {
  await sql`TRUNCATE sales_rollups`.execute(db);
  await sql`
    INSERT INTO sales_rollups (scope, dimension, day, key, currency, documents, passengers, revenue, fees, markups, refunds)
    SELECT
      CASE WHEN GROUPING(agency_id) = 0 THEN 'agency:' || agency_id
           WHEN GROUPING(company_id) = 0 THEN 'company:' || company_id ELSE 'all' END,
      CASE WHEN GROUPING(carrier) = 0 THEN 'carrier' WHEN GROUPING(agent_id) = 0 THEN 'agent' ELSE 'total' END
        || CASE WHEN GROUPING(day) = 1 THEN '_month' ELSE '' END,
      CASE WHEN GROUPING(day) = 0 THEN day ELSE month END,
      CASE WHEN GROUPING(carrier) = 0 THEN carrier WHEN GROUPING(agent_id) = 0 THEN agent_id ELSE '' END,
      currency, ${sums}
    FROM (
      SELECT (d.issued_at AT TIME ZONE 'UTC')::date AS day,
        date_trunc('month', d.issued_at AT TIME ZONE 'UTC')::date AS month,
        d.agency_id, d.company_id, d.agent_id, d.carrier, d.currency,
        ${sql.raw(contributionColumns('d'))}
      FROM sales_documents d
    ) x
    GROUP BY GROUPING SETS (
      (day, currency), (day, currency, carrier), (day, currency, agent_id),
      (day, currency, agency_id), (day, currency, agency_id, carrier), (day, currency, agency_id, agent_id),
      (day, currency, company_id), (day, currency, company_id, carrier), (day, currency, company_id, agent_id),
      (month, currency, carrier), (month, currency, agent_id),
      (month, currency, agency_id, carrier), (month, currency, agency_id, agent_id),
      (month, currency, company_id, carrier), (month, currency, company_id, agent_id))
    -- a document a supervisor sold has no company: it has no company scope
    HAVING GROUPING(company_id) = 1 OR company_id IS NOT NULL
    -- stored in key order, so one scope's days sit on neighbouring pages
    ORDER BY 1, 2, 3, 4, 5`.execute(db);
  await sql`UPDATE sales_scope_versions SET version = nextval('sales_scope_version_seq')`.execute(db);
  await sql`
    INSERT INTO sales_scope_versions (scope) SELECT DISTINCT scope FROM sales_rollups
    ON CONFLICT (scope, slot) DO NOTHING`.execute(db);
}
