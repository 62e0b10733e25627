// Bookings and their history: plain reads and writes by id. The issue claim (one conditional UPDATE,
// new -> issuing, so two requests can never both hold it) is in booking-steps.repository.ts.
import { sql, type Expression, type Insertable, type Selectable, type Updateable } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import { callerSuspended } from './agency-users.repository.js';
import { agencyChannelsQuery, type AgencyChannelRow } from './channels.repository.js';
import { compiledOnce } from './compiled-once.js';
import type { Db } from './database.js';
import { rateInEffectOf } from './exchange-rates.repository.js';
import { agencyTime } from './sandbox-clocks.repository.js';
import type { BookingsTable } from './schema.js';

export type BookingRow = Selectable<BookingsTable>;
export type BookingInsert = Insertable<BookingsTable>;
export type BookingChanges = Updateable<BookingsTable>;

/**
 * Locks the booking row for the caller's transaction and answers it as it is now. The booking row
 * is the serialisation point of everything that changes tickets or money: lock order is the booking
 * row first, then the company balance row (never the other way round).
 */
export async function lockBookingRow(trx: Db, id: string): Promise<BookingRow | undefined> {
  return trx.selectFrom('bookings').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findBookingByLocator(db: Db, locator: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirst();
}

/** Changes the booking only while `attemptId` still holds the issue claim. */
export async function updateClaimed(db: Db, id: string, attemptId: string, changes: BookingChanges): Promise<boolean> {
  const row = await db
    .updateTable('bookings')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'issuing')
    .where('issue_attempt_id', '=', attemptId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes the booking only when it is still in `status` (a compare-and-set on the status). */
export async function updateInStatus(
  db: Db,
  id: string,
  status: BookingRow['status'],
  changes: BookingChanges,
): Promise<boolean> {
  const row = await db
    .updateTable('bookings')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', status)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setBookingError(db: Db, id: string, error: string | null, at: Date): Promise<void> {
  await db.updateTable('bookings').set({ error, updated_at: at }).where('id', '=', id).execute();
}

/** The booking's contacts as the airline now holds them. */
export async function setContacts(db: Db, id: string, contacts: unknown, at: Date): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ contacts: JSON.stringify(contacts), updated_at: at })
    .where('id', '=', id)
    .execute();
}

export type VisibilityScope =
  { kind: 'all' } | { kind: 'agency'; id: string } | { kind: 'company'; id: string } | { kind: 'agent'; id: string };

/**
 * Keeps what belongs to the bookings `scope` may see, on a query that reads `bookings as b`: the one
 * wall of every list of bookings and of what hangs on them (schedule changes, Fare Watch, action required).
 */
export function withinScope<Q extends { where: (...args: any[]) => Q }>(q: Q, scope: VisibilityScope): Q {
  if (scope.kind === 'agency') return q.where('b.agency_id', '=', scope.id);
  if (scope.kind === 'company') return q.where('b.company_id', '=', scope.id);
  if (scope.kind === 'agent') return q.where('b.agent_id', '=', scope.id);
  return q;
}

export interface BookingFilter {
  scope: VisibilityScope;
  status?: BookingRow['status'] | 'active';
  q?: string;
  agencyId?: string;
  companyId?: string;
  from?: string;
  to?: string;
  now: Date;
}

function filtered(db: Db, f: BookingFilter) {
  let base = withinScope(db.selectFrom('bookings as b'), f.scope);
  // A held booking past its time limit is expired whether or not anything has noticed yet.
  if (f.status === 'new')
    base = base
      .where('status', '=', 'new')
      .where((eb) => eb.or([eb('time_limit', 'is', null), eb('time_limit', '>', f.now)]));
  else if (f.status === 'expired')
    base = base.where((eb) =>
      eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'new'), eb('time_limit', '<=', f.now)])]),
    );
  else if (f.status === 'active')
    base = base.where((eb) =>
      eb.or([
        eb('status', 'in', ['issuing', 'issued']),
        eb.and([eb('status', '=', 'new'), eb.or([eb('time_limit', 'is', null), eb('time_limit', '>', f.now)])]),
      ]),
    );
  else if (f.status) base = base.where('status', '=', f.status);
  if (f.q) base = base.where('search_text', 'like', `%${f.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  if (f.agencyId) base = base.where('b.agency_id', '=', f.agencyId);
  if (f.companyId) base = base.where('b.company_id', '=', f.companyId);
  if (f.from) base = base.where('created_at', '>=', sql<Date>`${f.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (f.to) base = base.where('created_at', '<', sql<Date>`(${f.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return base;
}

export async function findBookings(
  db: Db,
  f: BookingFilter,
  page: { page: number; perPage: number },
): Promise<{ rows: BookingRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export interface HistoryRow {
  id: string;
  booking_id: string;
  action: string;
  actor_account_id: string | null;
  detail: string | null;
  airline_answer: string | null;
  created_at: Date;
}

export async function insertHistory(db: Db, row: HistoryRow): Promise<void> {
  await db.insertInto('booking_history').values(row).execute();
}

export async function findHistory(
  db: Db,
  bookingId: string,
  page: { page: number; perPage: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const base = db.selectFrom('booking_history').where('booking_id', '=', bookingId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Everything on the path to ticketing for one booking: gates, partner, company and channel. */
export interface TicketingPathRow {
  /** The platform's gates (main, agency, channel): open when their row is missing. */
  main_gate: boolean;
  agency_gate: boolean;
  channel_gate: boolean;
  partner_active: boolean;
  company_active: boolean | null;
  form_of_payment: 'bsp_cash' | 'credit_card' | 'company_balance';
  ticketing_credit_card_id: string | null;
}

export async function ticketingPathOf(
  db: Db,
  agencyId: string,
  companyId: string | null,
  channelId: string,
): Promise<TicketingPathRow | undefined> {
  return ticketingPathQuery(db, agencyId, companyId, channelId).executeTakeFirst();
}

/** The query of ticketingPathOf; its keys are values, or columns of an outer query when it is a subquery. */
function ticketingPathQuery(
  db: Db,
  agencyId: string | Expression<string>,
  companyId: string | null | Expression<string | null>,
  channelId: string | Expression<string>,
) {
  return db
    .selectFrom('agency_channels as ac')
    .innerJoin('agencies as a', 'a.id', 'ac.agency_id')
    .select([
      // The gates ride on this read (one round trip on the issue path instead of two).
      sql<boolean>`coalesce((SELECT g.active FROM ticketing_gates g WHERE g.gate = 'main'), true)`.as('main_gate'),
      sql<boolean>`coalesce((SELECT g.active FROM ticketing_gates g WHERE g.gate = 'agency'), true)`.as('agency_gate'),
      sql<boolean>`coalesce((SELECT g.active FROM ticketing_gates g WHERE g.gate = 'channel'), true)`.as(
        'channel_gate',
      ),
      'a.ticketing_active as partner_active',
      sql<boolean | null>`(SELECT c.ticketing_active FROM companies c WHERE c.id = ${companyId})`.as('company_active'),
      'ac.form_of_payment',
      'ac.ticketing_credit_card_id',
    ])
    .where('ac.id', '=', channelId)
    .where('ac.agency_id', '=', agencyId);
}

/**
 * A booking with its way to ticketing (ticketingPathOf) and its channel (listAgencyChannels), read
 * in one statement: issuing reads all three before its claim, and one round trip replaces two
 * that had to follow each other (the path and the channel are keyed by the booking's columns).
 * The path and the channel are null when the booking's channel is no longer the agency's.
 * `callerId` given, the same statement answers whether that account is suspended (or gone), as
 * accountSuspended does: the write's own suspension check, without a round trip of its own. The
 * agency's issue fee (feeOf, with its rate at `at`) and the booking's company balance (its
 * currency, with the rate from the fare's currency at `at`) ride on it too, for paying from the
 * balance: null when the agency has no such fee row or the booking no company.
 */
export async function findBookingForTicketing(
  db: Db,
  locator: string,
  callerId: string | null,
  at: Date,
): Promise<
  | {
      row: BookingRow;
      path: TicketingPathRow | null;
      channel: AgencyChannelRow | null;
      callerSuspended: boolean;
      issueFee: FeeRow | null;
      balance: BalanceCurrencyRow | null;
    }
  | undefined
> {
  const [found] = await bookingForTicketing(db, locator, callerId, at);
  if (!found) return undefined;
  const {
    ticketing_path: path,
    ticketing_channel: channel,
    caller_suspended: callerSuspended,
    issue_fee: issueFee,
    balance_company: balance,
    ...row
  } = found;
  return { row, path, channel, callerSuspended, issueFee, balance };
}

/** findBookingForTicketing's read, compiled once per shape (with or without a caller): every issue reads it. */
const bookingForTicketing = compiledOnce((db: Db, locator: string, callerId: string | null, at: Date) => {
  const keys = [
    sql.ref<string>('b.agency_id'),
    sql.ref<string | null>('b.company_id'),
    sql.ref<string>('b.channel_id'),
  ] as const;
  return db
    .selectFrom('bookings as b')
    .selectAll('b')
    .select([
      jsonObjectFrom(ticketingPathQuery(db, ...keys)).as('ticketing_path'),
      jsonObjectFrom(agencyChannelsQuery(db, ...keys)).as('ticketing_channel'),
      callerSuspended(callerId).as('caller_suspended'),
      jsonObjectFrom(feeQuery(db, keys[0], 'issue', sql.ref<string>('b.currency'), at)).as('issue_fee'),
      jsonObjectFrom(
        db
          .selectFrom('companies as c')
          .select([
            'c.balance_currency',
            rateInEffectOf(sql.ref<string>('b.currency'), sql.ref<string>('c.balance_currency'), at).as('rate'),
          ])
          .where('c.id', '=', sql.ref<string>('b.company_id')),
      ).as('balance_company'),
    ])
    .where('b.locator', '=', locator);
});

/** An agency's fee of a kind, with the rate from its currency to the fare's in effect then (null when none is known). */
export type FeeRow = { amount: string; currency: string; rate: string | null };

/** A company's balance currency, with the rate from the fare's currency to it in effect then (null when none is known). */
export type BalanceCurrencyRow = { balance_currency: string; rate: string | null };

export type FeeKind = 'issue' | 'void' | 'refund' | 'exchange' | 'emd';

/** The agency's fee of a kind, with the rate from its currency to `fareCurrency` in effect `at`. */
export async function feeOf(db: Db, agencyId: string, kind: FeeKind, fareCurrency: string, at: Date) {
  return feeQuery(db, agencyId, kind, fareCurrency, at).executeTakeFirst();
}

/**
 * The query of feeOf; its keys are values, or columns of an outer query when it is a subquery.
 * Numbers as text, as a read of the column answers them (a JSON subquery would make them numbers).
 */
function feeQuery(
  db: Db,
  agencyId: string | Expression<string>,
  kind: FeeKind,
  fareCurrency: string | Expression<string>,
  at: Date,
) {
  return db
    .selectFrom('agency_transaction_fees as f')
    .select([
      sql<string>`f.amount::text`.as('amount'),
      'f.currency',
      rateInEffectOf(sql.ref<string>('f.currency'), fareCurrency, at).as('rate'),
    ])
    .where('f.agency_id', '=', agencyId)
    .where('f.kind', '=', kind);
}

export async function cardOf(db: Db, id: string) {
  return db
    .selectFrom('credit_cards')
    .select(['brand', 'exp_month', 'exp_year', 'number_ciphertext'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The booking an airline's order is on, on one channel. */
export async function findBookingByAirlineLocator(
  db: Db,
  channelId: string,
  airlineLocator: string,
): Promise<BookingRow | undefined> {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('airline_locator', '=', airlineLocator)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function findBookingById(db: Db, id: string): Promise<BookingRow | undefined> {
  return db.selectFrom('bookings').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Held bookings whose time limit is within `withinMs` ahead of now (the time-limit warnings), nearest
 * first, each with the "now" it was measured from: real time, or its agency's sandbox time for a
 * test booking (sandbox-clocks.repository.ts).
 */
export async function heldWithTimeLimitBefore(
  db: Db,
  now: Date,
  withinMs: number,
  limit: number,
  agencyId?: string,
): Promise<Array<BookingRow & { measured_at: Date }>> {
  let byRealTime = db
    .selectFrom('bookings as b')
    .selectAll('b')
    .select(sql<Date>`${now}::timestamptz`.as('measured_at'))
    .where('b.status', '=', 'new')
    .where('b.time_limit', '>', now)
    .where('b.time_limit', '<=', new Date(now.getTime() + withinMs));
  // Agencies that moved their sandbox time: their test holds measured from it.
  let bySandboxTime = db
    .selectFrom('sandbox_clocks as c')
    .innerJoin('bookings as b', 'b.agency_id', 'c.agency_id')
    .selectAll('b')
    .select(agencyTime(now).as('measured_at'))
    .where('b.status', '=', 'new')
    .where('b.fake_booking', '=', true)
    .where(sql<boolean>`b.time_limit > ${agencyTime(now)}`)
    .where(sql<boolean>`b.time_limit <= ${agencyTime(now)} + ${withinMs} * interval '1 millisecond'`);
  if (agencyId) {
    byRealTime = byRealTime.where('b.agency_id', '=', agencyId);
    bySandboxTime = bySandboxTime.where('c.agency_id', '=', agencyId);
  }
  // A test booking of such an agency answers by its sandbox time only.
  const withoutMoved = byRealTime.where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('sandbox_clocks as c2')
          .select(sql`1`.as('one'))
          .whereRef('c2.agency_id', '=', 'b.agency_id')
          .where('b.fake_booking', '=', true),
      ),
    ),
  );
  return db
    .selectFrom(withoutMoved.unionAll(bySandboxTime).as('due'))
    .selectAll()
    .orderBy('time_limit')
    .limit(limit)
    .execute();
}

/**
 * Held bookings whose time limit has passed (the hold-expiry pass), oldest limit first: by real
 * time, and a test booking of an agency that moved its sandbox time by that time.
 */
export async function heldPastTimeLimit(db: Db, now: Date, limit: number, agencyId?: string): Promise<BookingRow[]> {
  let byRealTime = db
    .selectFrom('bookings as b')
    .selectAll('b')
    .where('b.status', '=', 'new')
    .where('b.time_limit', '<=', now);
  let bySandboxTime = db
    .selectFrom('sandbox_clocks as c')
    .innerJoin('bookings as b', 'b.agency_id', 'c.agency_id')
    .selectAll('b')
    .where('b.status', '=', 'new')
    .where('b.fake_booking', '=', true)
    .where('b.time_limit', '>', now)
    .where(sql<boolean>`b.time_limit <= ${agencyTime(now)}`);
  if (agencyId) {
    byRealTime = byRealTime.where('b.agency_id', '=', agencyId);
    bySandboxTime = bySandboxTime.where('c.agency_id', '=', agencyId);
  }
  return db
    .selectFrom(byRealTime.unionAll(bySandboxTime).as('due'))
    .selectAll()
    .orderBy('time_limit')
    .limit(limit)
    .execute();
}

/** The booking takes over flights (and a hold's time limit) the airline changed and the agency accepted. */
export async function takeOverFlights(
  trx: Db,
  id: string,
  set: { segments?: unknown; time_limit?: Date | null },
  at: Date,
): Promise<void> {
  await trx
    .updateTable('bookings')
    .set({
      ...(set.segments === undefined ? {} : { segments: JSON.stringify(set.segments) }),
      ...(set.time_limit === undefined ? {} : { time_limit: set.time_limit }),
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}
