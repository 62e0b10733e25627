// Dated exchange rates: one row per pair and moment it takes effect; the newest not after a moment
// is the rate of that moment.
import { sql, type Expression } from 'kysely';
import type { Db } from './database.js';

export interface ExchangeRateRow {
  id: string;
  base_currency: string;
  quote_currency: string;
  rate: string;
  effective_at: Date;
  created_by: string | null;
  created_at: Date;
}

const trimmed = (r: ExchangeRateRow): ExchangeRateRow => ({
  ...r,
  base_currency: r.base_currency.trim(),
  quote_currency: r.quote_currency.trim(),
});

/**
 * The rate of one pair in effect at `at`, as a subquery of another read (its pair may be columns of
 * that read): the rate as text, as a read of the column answers it; null when none is known.
 */
export const rateInEffectOf = (base: Expression<string>, quote: string | Expression<string>, at: Date) =>
  sql<string | null>`(SELECT r.rate::text FROM exchange_rates r
    WHERE r.base_currency = ${base} AND r.quote_currency = ${quote} AND r.effective_at <= ${at}
    ORDER BY r.effective_at DESC LIMIT 1)`;

/** Every pair's rate in effect at `at`. */
export async function ratesInEffect(db: Db, at: Date): Promise<ExchangeRateRow[]> {
  const rows = await sql<ExchangeRateRow>`
    SELECT DISTINCT ON (base_currency, quote_currency) *
    FROM exchange_rates
    WHERE effective_at <= ${at}
    ORDER BY base_currency, quote_currency, effective_at DESC`.execute(db);
  return rows.rows.map(trimmed);
}

export async function findRates(
  db: Db,
  f: { base?: string; quote?: string },
  page: { page: number; perPage: number },
): Promise<{ rows: ExchangeRateRow[]; total: number }> {
  let base = db.selectFrom('exchange_rates');
  if (f.base) base = base.where('base_currency', '=', f.base);
  if (f.quote) base = base.where('quote_currency', '=', f.quote);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('base_currency')
      .orderBy('quote_currency')
      .orderBy('effective_at', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(trimmed), total: Number(count.n) };
}

/** Sets the pair's rate from a moment: a second rate for the same moment replaces the first. */
export async function upsertRate(
  db: Db,
  row: Omit<ExchangeRateRow, 'created_at'> & { created_at: Date },
): Promise<ExchangeRateRow> {
  const saved = await db
    .insertInto('exchange_rates')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['base_currency', 'quote_currency', 'effective_at']).doUpdateSet({
        rate: row.rate,
        created_by: row.created_by,
        created_at: row.created_at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return trimmed(saved);
}
