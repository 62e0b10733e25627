// Companies with their balance and agent count; the balance ledger; markups.
import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from './database.js';
import type { CompaniesTable, MarkupsTable } from './schema.js';

export interface CompanyRow {
  id: string;
  name: string;
  agency_id: string | null;
  balance_amount: string;
  balance_currency: string;
  shared_bookings: boolean;
  ticketing_active: boolean;
  low_balance_threshold: string | null;
  created_at: Date;
  agents_count: number;
}

export interface CompanyFilter {
  id?: string;
  agencyId?: string;
  gate?: 'open' | 'closed';
  q?: string;
}

function companies(db: Db, f: CompanyFilter) {
  let base = db.selectFrom('companies as c');
  if (f.id) base = base.where('c.id', '=', f.id);
  if (f.agencyId) base = base.where('c.agency_id', '=', f.agencyId);
  if (f.gate) base = base.where('c.ticketing_active', '=', f.gate === 'open');
  if (f.q) base = base.where('c.name', 'ilike', `%${f.q.replace(/[\\%_]/g, '\\$&')}%`);
  return base;
}

export async function findCompanies(
  db: Db,
  f: CompanyFilter,
  page = { page: 1, perPage: 1 },
): Promise<{ rows: CompanyRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    companies(db, f)
      .selectAll('c')
      .select(
        sql<number>`(SELECT count(*)::int FROM agent_company_relationships r WHERE r.company_id = c.id)`.as(
          'agents_count',
        ),
      )
      .orderBy('c.name')
      .orderBy('c.id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    companies(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows, total: Number(count.n) };
}

/**
 * Locks the company row: balance changes and gate switches on one company queue up here. Lock order:
 * a caller that also locks a booking takes the booking row first, then this one.
 */
export type LockedCompany = NonNullable<Awaited<ReturnType<typeof lockCompany>>>;

export async function lockCompany(db: Db, id: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'agency_id', 'balance_amount', 'balance_currency', 'low_balance_threshold'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertCompany(db: Db, row: Insertable<CompaniesTable>): Promise<void> {
  await db.insertInto('companies').values(row).execute();
}

export async function updateCompany(db: Db, id: string, changes: Updateable<CompaniesTable>): Promise<void> {
  await db.updateTable('companies').set(changes).where('id', '=', id).execute();
}

/** Whether the company holds records that must be kept: ledger entries or agents. */
export async function companyHasRecords(db: Db, id: string): Promise<boolean> {
  const row = await sql<{ has: boolean }>`SELECT
      EXISTS (SELECT 1 FROM transactions WHERE company_id = ${id})
      OR EXISTS (SELECT 1 FROM agent_company_relationships WHERE company_id = ${id})
      OR EXISTS (SELECT 1 FROM accounts WHERE company_id = ${id}) AS has`.execute(db);
  return row.rows[0]?.has ?? false;
}

/** Removes a company without records, with its settings (markups, channel switches, requests). */
export async function deleteCompany(db: Db, id: string): Promise<void> {
  await db.deleteFrom('markups').where('company_id', '=', id).execute();
  await db.deleteFrom('company_channels').where('company_id', '=', id).execute();
  await db.deleteFrom('join_agency_requests').where('company_id', '=', id).execute();
  await db.deleteFrom('companies').where('id', '=', id).execute();
}

// The ledger.
export interface TransactionRow {
  id: string;
  company_id: string;
  amount: string;
  currency: string;
  balance_after: string;
  reason: string;
  actor_account_id: string;
  created_at: Date;
  /** A converted entry: its amount in the currency it was priced in, and the rate used. */
  original_amount?: string | null;
  original_currency?: string | null;
  exchange_rate?: string | null;
  /** What moved the balance: an opening, staff's adjustment, a booking's payment, one side of a transfer. */
  kind?: LedgerKind;
  booking_id?: string | null;
  /** Both entries of a transfer between two companies carry the transfer's id. */
  transfer_id?: string | null;
}

export const ledgerKinds = ['opening', 'adjustment', 'booking', 'transfer'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * A posting made by a statement beside the change it pays for (guardedPostingCtes): its entries in
 * order, each with the sum of the entries up to it (`running`), and the bounds the balance stays in.
 */
export interface GuardedPosting {
  companyId: string;
  currency: string;
  /** The entries' sum: what the balance moves by. */
  total: string;
  /** The highest balance the posting may leave (the lowest is zero). */
  ceiling: string;
  entries: readonly (Omit<TransactionRow, 'company_id' | 'currency' | 'balance_after'> & { running: string })[];
}

/**
 * The posting as the CTEs `debited` (the balance) and `entries` (the ledger rows, in order, each with
 * the balance right after it) of a statement whose CTE `after` holds the row the posting pays for:
 * the company row is locked only once `after` has a row, so after that row's lock (lock order: the
 * booking row, then the company balance row). They write only while the company row, as locked (an
 * UPDATE re-checks its condition on the newest version), is in `currency`, the balance stays within
 * zero and `ceiling`, and it does not cross the company's low-balance threshold downwards; else
 * `debited` is empty, and `refusedUnlessPosted` in the statement's last SELECT fails it whole (or
 * postGuarded answers false).
 */
export function guardedPostingCtes(posting: GuardedPosting, after: string) {
  const total = sql`${posting.total}::numeric`;
  const values = posting.entries.map(
    (e, i) => sql`(${i}::int, ${e.id}::text, ${e.amount}::numeric, ${e.running}::numeric, ${e.reason}::text,
      ${e.actor_account_id}::text, ${e.created_at}::timestamptz, ${e.original_amount ?? null}::numeric,
      ${e.original_currency ?? null}::text, ${e.exchange_rate ?? null}::numeric, ${e.kind ?? 'adjustment'}::text,
      ${e.booking_id ?? null}::text, ${e.transfer_id ?? null}::text)`,
  );
  return sql`debited AS (
      UPDATE companies c SET balance_amount = c.balance_amount + ${total}
      FROM ${sql.table(after)}
      WHERE c.id = ${posting.companyId}
        AND rtrim(c.balance_currency) = ${posting.currency}
        AND c.balance_amount + ${total} BETWEEN 0 AND ${posting.ceiling}::numeric
        AND (c.low_balance_threshold IS NULL OR c.balance_amount < c.low_balance_threshold
          OR c.balance_amount + ${total} >= c.low_balance_threshold)
      RETURNING c.id, c.balance_amount
    ), entries AS (
      INSERT INTO transactions (id, company_id, amount, currency, balance_after, reason, actor_account_id,
        created_at, original_amount, original_currency, exchange_rate, kind, booking_id, transfer_id)
      SELECT e.id, d.id, e.amount, ${posting.currency}, d.balance_amount - ${total} + e.running, e.reason,
        e.actor_account_id, e.created_at, e.original_amount, e.original_currency, e.exchange_rate, e.kind,
        e.booking_id, e.transfer_id
      FROM debited d, (VALUES ${sql.join(values)}) AS e(ord, id, amount, running, reason, actor_account_id,
        created_at, original_amount, original_currency, exchange_rate, kind, booking_id, transfer_id)
      ORDER BY e.ord
    )`;
}

/** True when guardedPostingCtes posted; else it fails the statement (SQLSTATE CT001, `statementRefused`). */
export const refusedUnlessPosted = sql<boolean>`CASE WHEN EXISTS (SELECT 1 FROM debited) THEN true
  ELSE refuse_statement('company balance') END`;

/**
 * Posts in the caller's transaction as one statement through guardedPostingCtes, after the booking
 * row the caller holds (lock order: the booking row, then the company balance row). True when it
 * posted; false when the guard left it to the ledger's rules, having written nothing (the statement
 * is not failed, so the caller's transaction goes on).
 */
export async function postGuarded(db: Db, posting: GuardedPosting): Promise<boolean> {
  const result = await sql<{ posted: boolean }>`WITH held AS (SELECT 1), ${guardedPostingCtes(posting, 'held')}
    SELECT EXISTS (SELECT 1 FROM debited) AS posted`.execute(db);
  return result.rows[0]!.posted;
}

/** Whether a statement failed by refuse_statement: it changed nothing. */
export const statementRefused = (error: { code?: string }) => error.code === 'CT001';

/** Adds to the balance in the same statement that reads it, so no concurrent change is lost. */
export async function addToBalance(db: Db, companyId: string, amount: string): Promise<string> {
  const row = await db
    .updateTable('companies')
    .set({ balance_amount: sql`balance_amount + ${amount}::numeric` })
    .where('id', '=', companyId)
    .returning('balance_amount')
    .executeTakeFirstOrThrow();
  return row.balance_amount;
}

/**
 * Opening balances as ledger entries (seeds and test factories): one entry per company, posted only
 * while the company has no entries, so a seed run again posts nothing. The balance column moves in
 * the same statement: balance = sum of the company's entries, always.
 */
export async function postOpeningBalances(
  db: Db,
  input: { companyIds: readonly string[]; amount: string; actorAccountId: string; at: Date },
): Promise<void> {
  if (input.companyIds.length === 0) return;
  await sql`
    WITH c AS (
      SELECT id FROM companies
      WHERE id = ANY(${input.companyIds}::text[])
        AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t.company_id = companies.id)
      FOR UPDATE),
    u AS (
      UPDATE companies SET balance_amount = balance_amount + ${input.amount}::numeric
      FROM c WHERE companies.id = c.id
      RETURNING companies.id, companies.balance_amount, companies.balance_currency)
    INSERT INTO transactions (id, company_id, amount, currency, balance_after, reason, actor_account_id, created_at, kind)
    SELECT 'trx_open_' || u.id, u.id, ${input.amount}::numeric, u.balance_currency, u.balance_amount,
           'Opening balance', ${input.actorAccountId}, ${input.at}, 'opening'
    FROM u`.execute(db);
}

export async function insertTransaction(db: Db, row: TransactionRow): Promise<void> {
  await db.insertInto('transactions').values(row).execute();
}

export async function findTransactions(
  db: Db,
  f: { id?: string; companyId?: string; agencyId?: string },
  page = { page: 1, perPage: 1 },
): Promise<{ rows: (TransactionRow & { agency_id: string | null; booking_locator: string | null })[]; total: number }> {
  let base = db.selectFrom('transactions as t').innerJoin('companies as c', 'c.id', 't.company_id');
  if (f.id) base = base.where('t.id', '=', f.id);
  if (f.companyId) base = base.where('t.company_id', '=', f.companyId);
  if (f.agencyId) base = base.where('c.agency_id', '=', f.agencyId);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('bookings as b', 'b.id', 't.booking_id')
      .selectAll('t')
      .select(['c.agency_id', 'b.locator as booking_locator'])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.seq', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// Markups.
export interface MarkupRow {
  id: string;
  company_id: string;
  carrier: string | null;
  cabin: 'Y' | 'C' | null;
  kind: 'fixed' | 'percentage';
  value: string;
  currency: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function findMarkups(
  db: Db,
  f: { id?: string; companyId?: string },
  page = { page: 1, perPage: 1 },
): Promise<{ rows: (MarkupRow & { agency_id: string | null })[]; total: number }> {
  let base = db.selectFrom('markups as m').innerJoin('companies as c', 'c.id', 'm.company_id');
  if (f.id) base = base.where('m.id', '=', f.id);
  if (f.companyId) base = base.where('m.company_id', '=', f.companyId);
  const [rows, count] = await Promise.all([
    base
      .selectAll('m')
      .select('c.agency_id')
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertMarkup(db: Db, row: Insertable<MarkupsTable>): Promise<void> {
  await db.insertInto('markups').values(row).execute();
}

export async function updateMarkup(db: Db, id: string, changes: Updateable<MarkupsTable>): Promise<void> {
  await db.updateTable('markups').set(changes).where('id', '=', id).execute();
}

export async function deleteMarkup(db: Db, id: string): Promise<void> {
  await db.deleteFrom('markups').where('id', '=', id).execute();
}

/** The facts other services check on a company: its name, its partner and whether it shares bookings. */
export function findCompanyFacts(
  db: Db,
  id: string,
): Promise<{ id: string; name: string; agency_id: string | null; shared_bookings: boolean } | undefined> {
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'agency_id', 'shared_bookings'])
    .where('id', '=', id)
    .executeTakeFirst();
}
