// The analytics rollups: per scope (all, agency:<id>, company:<id>), per dimension (total, carrier,
// agent, and carrier_month, agent_month whose `day` is the month's first), per UTC issue day, key
// and currency, the sums analytics reads. Month rows let a year's figures by carrier or agent sum
// 12 rows per key instead of 365. They are kept current in
// the transaction that writes a document, and rebuilt in one pass by the bulk seed; either gives
// the scopes touched a new version (sales_scope_versions), which keys what readers cache. The same SQL
// says what a document contributes in both places, so the two cannot disagree.
import { sql } from 'kysely';
import type { SalesDocumentInput } from './sales-rows.js';
import { stablePlan, type Db } from './database.js';
import { insertDocumentQuery } from './sales.repository.js';

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

const sums = sql.raw(`
  sum(documents)::int, sum(passengers)::int, sum(revenue), sum(fees), sum(markups), sum(refunds)`);

/**
 * Inserts a document and adds it to its rollups and its scopes' versions, in one statement (one
 * round trip instead of three, on the issue path). An id that exists changes nothing and answers
 * false. The rollup rows are shared by every sale of the day, so they are locked in key order, and
 * before the scopes' versions: the filter on `rolled` is a one-time gate that runs the rollups'
 * upsert to its end before the first version row is touched, the order every writer keeps.
 */
export async function insertDocumentWithRollups(db: Db, doc: SalesDocumentInput): Promise<boolean> {
  const { rows } = await sql<{ scope: string }>`
    WITH doc AS (${insertDocumentQuery(db, doc)}),
    rolled AS (
      INSERT INTO sales_rollups (scope, dimension, day, key, currency, documents, passengers, revenue, fees, markups, refunds)
      SELECT scope, dimension, day, key, currency, ${sums}
      FROM (${expanded('doc')}) x
      WHERE scope IS NOT NULL
      GROUP BY scope, dimension, day, key, currency
      ORDER BY scope, dimension, day, key, currency
      ON CONFLICT (scope, dimension, day, key, currency) DO UPDATE SET
        documents = sales_rollups.documents + EXCLUDED.documents,
        passengers = sales_rollups.passengers + EXCLUDED.passengers,
        revenue = sales_rollups.revenue + EXCLUDED.revenue,
        fees = sales_rollups.fees + EXCLUDED.fees,
        markups = sales_rollups.markups + EXCLUDED.markups,
        refunds = sales_rollups.refunds + EXCLUDED.refunds
      RETURNING 1)
    INSERT INTO sales_scope_versions (scope)
    SELECT s.scope FROM doc d
    CROSS JOIN LATERAL (VALUES ('all'), ('agency:' || d.agency_id), ('company:' || d.company_id)) s(scope)
    WHERE s.scope IS NOT NULL AND (SELECT count(*) FROM rolled) >= 0
    ORDER BY s.scope
    ON CONFLICT (scope) DO UPDATE SET version = nextval('sales_scope_version_seq')
    RETURNING scope`.execute(db);
  return rows.length > 0;
}

/** The scope's rollup version: what a cached read of its rollups is keyed by. */
export async function scopeVersion(db: Db, scope: string): Promise<string> {
  const row = await db
    .selectFrom('sales_scope_versions')
    .modifyFront(stablePlan)
    .select('version')
    .where('scope', '=', scope)
    .executeTakeFirst();
  return row?.version ?? '0';
}

/**
 * Recomputes every rollup from the documents (the bulk seed; never per request): one scan with
 * grouping sets computes all nine scope × dimension sums at once.
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
    ON CONFLICT (scope) DO NOTHING`.execute(db);
}
