// Analytics reads: sums per day, carrier or agent and currency over a range. Scopes with rollups
// (all, agency, company) read the rollups only; an agent's own documents are few (one person's
// sales) and are summed directly with the same contribution rules.
import { sql } from 'kysely';
import type { SalesScope } from './sales-rows.js';
import type { Db } from './database.js';
import { contributionColumns } from './sales-rollups.repository.js';

export interface FigureRow {
  key: string;
  currency: string;
  documents: number;
  passengers: number;
  revenue: string;
  fees: string;
  markups: string;
  refunds: string;
}

export type Dimension = 'day' | 'carrier' | 'agent';

const summed = sql.raw(`
  sum(documents)::int AS documents, sum(passengers)::int AS passengers,
  sum(revenue)::numeric(16,2)::text AS revenue, sum(fees)::numeric(16,2)::text AS fees,
  sum(markups)::numeric(16,2)::text AS markups, sum(refunds)::numeric(16,2)::text AS refunds`);

/**
 * The three reads of a rollup scope in one statement (one round trip, one plan): per day from the
 * day totals; per carrier and per agent from month rows for the whole months inside the range and
 * day rows for the days around them.
 */
export async function rollupFigures(
  db: Db,
  rollupScope: string,
  range: { from: string; to: string },
): Promise<Record<Dimension, FigureRow[]>> {
  const months = wholeMonths(range);
  const part = (dimension: 'carrier' | 'agent') => {
    const days = months
      ? sql`day BETWEEN ${range.from}::date AND ${range.to}::date AND NOT day BETWEEN ${months.first}::date AND ${months.end}::date`
      : sql`day BETWEEN ${range.from}::date AND ${range.to}::date`;
    const monthRows = months
      ? sql`OR (dimension = ${`${dimension}_month`} AND day BETWEEN ${months.first}::date AND ${months.lastStart}::date)`
      : sql``;
    return sql`
      SELECT ${dimension} AS dimension, key, currency, ${summed}
      FROM sales_rollups
      WHERE scope = ${rollupScope} AND ((dimension = ${dimension} AND ${days}) ${monthRows})
      GROUP BY key, currency`;
  };
  const { rows } = await sql<FigureRow & { dimension: Dimension }>`
    SELECT 'day' AS dimension, day::text AS key, currency, ${summed}
    FROM sales_rollups
    WHERE scope = ${rollupScope} AND dimension = 'total' AND day BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY day, currency
    UNION ALL ${part('carrier')}
    UNION ALL ${part('agent')}`.execute(db);
  const out: Record<Dimension, FigureRow[]> = { day: [], carrier: [], agent: [] };
  for (const { dimension, ...row } of rows) out[dimension].push(row);
  return out;
}

/** The whole calendar months inside a range: first day, first day of the last, last day. */
export function wholeMonths(range: {
  from: string;
  to: string;
}): { first: string; lastStart: string; end: string } | null {
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  const from = new Date(`${range.from}T00:00:00Z`);
  const afterTo = new Date(Date.parse(`${range.to}T00:00:00Z`) + 86_400_000);
  const first = from.getUTCDate() === 1 ? from : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const endExclusive = new Date(Date.UTC(afterTo.getUTCFullYear(), afterTo.getUTCMonth(), 1));
  if (first >= endExclusive) return null;
  const lastStart = new Date(Date.UTC(endExclusive.getUTCFullYear(), endExclusive.getUTCMonth() - 1, 1));
  return { first: iso(first), lastStart: iso(lastStart), end: iso(new Date(endExclusive.getTime() - 86_400_000)) };
}

export async function directFigures(
  db: Db,
  scope: SalesScope,
  dimension: Dimension,
  range: { from: string; to: string },
): Promise<FigureRow[]> {
  const key = sql.raw(
    dimension === 'day'
      ? "(d.issued_at AT TIME ZONE 'UTC')::date::text"
      : dimension === 'carrier'
        ? 'd.carrier'
        : 'd.agent_id',
  );
  const column = sql.raw(
    scope.kind === 'all'
      ? 'true'
      : scope.kind === 'agency'
        ? 'd.agency_id'
        : scope.kind === 'company'
          ? 'd.company_id'
          : 'd.agent_id',
  );
  const scopeId = scope.kind === 'all' ? true : scope.id;
  const { rows } = await sql<FigureRow>`
    SELECT key, currency, ${summed}
    FROM (
      SELECT ${key} AS key, d.currency, ${sql.raw(contributionColumns('d'))}
      FROM sales_documents d
      WHERE ${column} = ${scopeId}
        AND d.issued_at >= ${new Date(`${range.from}T00:00:00Z`)}
        AND d.issued_at < ${new Date(new Date(`${range.to}T00:00:00Z`).getTime() + 86_400_000)}
    ) x
    GROUP BY key, currency`.execute(db);
  return rows;
}

export async function agentNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('accounts')
    .select(['id', sql<string>`first_name || ' ' || last_name`.as('name')])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
