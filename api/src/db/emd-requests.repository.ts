// EMD requests: one row per POST of ancillaries after issue. The job claims a row with one
// conditional UPDATE under the booking's row lock, so one attempt at a time works on a booking's
// EMDs; everything after the claim changes the row only while that attempt still holds it.
import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database.js';
import { withinScope, type VisibilityScope } from './bookings.repository.js';
import type { BookingEmdRequestsTable } from './schema.js';

export type EmdRequestRow = Selectable<BookingEmdRequestsTable>;
type EmdRequestChanges = Updateable<BookingEmdRequestsTable>;

/** Serialises everything done to one booking's ancillaries (requests, claims) in the caller's transaction. */
export async function lockBooking(trx: Db, bookingId: string): Promise<void> {
  await trx.selectFrom('bookings').select('id').where('id', '=', bookingId).forUpdate().executeTakeFirst();
}

export async function insertEmdRequest(
  trx: Db,
  row: Omit<EmdRequestRow, 'attempts' | 'checks' | 'attempt_id' | 'error' | 'started_at' | 'finished_at'>,
): Promise<void> {
  await trx
    .insertInto('booking_emd_requests')
    .values({ ...row, items: JSON.stringify(row.items) })
    .execute();
}

export async function findEmdRequest(db: Db, id: string): Promise<EmdRequestRow | undefined> {
  return db.selectFrom('booking_emd_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Requests of a booking the airline may not have finished: queued or running. */
export async function openEmdRequests(db: Db, bookingId: string): Promise<EmdRequestRow[]> {
  return db
    .selectFrom('booking_emd_requests')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('status', 'in', ['queued', 'running'])
    .execute();
}

/**
 * Takes the claim: a queued row, or a running one whose attempt is older than the lease (its worker
 * died). Call under lockBooking; answers false when someone else holds it.
 */
export async function claimEmdRequest(
  trx: Db,
  id: string,
  attemptId: string,
  at: Date,
  staleBefore: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('booking_emd_requests')
    .set((eb) => ({
      status: 'running',
      attempt_id: attemptId,
      attempts: eb('attempts', '+', 1),
      started_at: at,
      updated_at: at,
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('started_at', '<', staleBefore)])]),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether another attempt is working on one of the booking's requests right now. */
export async function otherRunning(trx: Db, bookingId: string, id: string, staleBefore: Date): Promise<boolean> {
  const row = await trx
    .selectFrom('booking_emd_requests')
    .select('id')
    .where('booking_id', '=', bookingId)
    .where('id', '<>', id)
    .where('status', '=', 'running')
    .where('started_at', '>=', staleBefore)
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes the request only while `attemptId` holds its claim. */
export async function updateClaimedRequest(
  db: Db,
  id: string,
  attemptId: string,
  changes: EmdRequestChanges,
): Promise<boolean> {
  const row = await db
    .updateTable('booking_emd_requests')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('attempt_id', '=', attemptId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Requests whose job was lost: queued past their check time by more than `grace`, or running past
 * the lease. Each gets its next check number (a fresh job id) in the same statement.
 */
export async function takeStaleEmdRequests(
  db: Db,
  input: { queuedBefore: Date; runningBefore: Date; at: Date; limit: number },
): Promise<{ id: string; checks: number }[]> {
  const stale = db
    .selectFrom('booking_emd_requests')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'queued'), eb('next_check_at', '<', input.queuedBefore)]),
        eb.and([eb('status', '=', 'running'), eb('started_at', '<', input.runningBefore)]),
      ]),
    )
    .orderBy('next_check_at')
    .limit(input.limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('booking_emd_requests')
    .set((eb) => ({ checks: eb('checks', '+', 1), next_check_at: input.at }))
    .where('id', 'in', stale)
    .returning(['id', 'checks'])
    .execute();
}

/** Adds items to the booking's requested ancillaries. */
export async function appendRequestedAncillaries(trx: Db, bookingId: string, items: readonly object[], at: Date) {
  await trx
    .updateTable('bookings')
    .set({
      requested_ancillaries: sql`requested_ancillaries || ${JSON.stringify(items)}::jsonb`,
      updated_at: at,
    })
    .where('id', '=', bookingId)
    .execute();
}

/** Drops a request's items from the booking's requested ancillaries (the airline has them now). */
export async function dropRequestedAncillaries(trx: Db, bookingId: string, requestId: string, at: Date) {
  await trx
    .updateTable('bookings')
    .set({
      requested_ancillaries: sql`(SELECT coalesce(jsonb_agg(e), '[]'::jsonb)
        FROM jsonb_array_elements(requested_ancillaries) e WHERE e->>'request_id' IS DISTINCT FROM ${requestId})`,
      updated_at: at,
    })
    .where('id', '=', bookingId)
    .execute();
}

/** Marks a request's items failed on the booking, with the booking's error. */
export async function failRequestedAncillaries(trx: Db, bookingId: string, requestId: string, error: string, at: Date) {
  await trx
    .updateTable('bookings')
    .set({
      requested_ancillaries: sql`(SELECT coalesce(jsonb_agg(CASE WHEN e->>'request_id' = ${requestId}
          THEN jsonb_set(e, '{status}', '"failed"') ELSE e END), '[]'::jsonb)
        FROM jsonb_array_elements(requested_ancillaries) e)`,
      error,
      updated_at: at,
    })
    .where('id', '=', bookingId)
    .execute();
}

/** What the company balance paid for a booking's issued EMDs (services only, fees kept). */
export async function balancePaidEmdAmounts(db: Db, bookingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('booking_emd_requests')
    .select('amount')
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'done')
    .where('balance_debit', 'is not', null)
    .execute();
  return rows.map((r) => r.amount);
}

/** The booking's EMD claims: item key -> the request that holds it. Read under lockBooking. */
export async function findEmdClaims(db: Db, bookingId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('booking_emd_claims')
    .select(['service_key', 'request_id'])
    .where('booking_id', '=', bookingId)
    .execute();
  return new Map(rows.map((r) => [r.service_key, r.request_id]));
}

/**
 * Claims each item for the request: one EMD per booking × passenger × service (the primary key
 * refuses a second claim even if a caller forgot the booking's lock).
 */
export async function insertEmdClaims(
  trx: Db,
  bookingId: string,
  requestId: string,
  items: readonly { passengerId: string; key: string }[],
  at: Date,
): Promise<void> {
  if (items.length === 0) return;
  await trx
    .insertInto('booking_emd_claims')
    .values(
      items.map((i) => ({
        booking_id: bookingId,
        passenger_id: i.passengerId,
        service_key: i.key,
        request_id: requestId,
        created_at: at,
      })),
    )
    .execute();
}

/** A failed request gives its items back: they may be asked for again. */
export async function releaseEmdClaims(trx: Db, requestId: string): Promise<void> {
  await trx.deleteFrom('booking_emd_claims').where('request_id', '=', requestId).execute();
}

export interface EmdRequestListRow {
  id: string;
  locator: string;
  agency_id: string;
  company_id: string | null;
  status: EmdRequestRow['status'];
  amount: string;
  currency: string;
  attempts: number;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const listed = [
  'r.id',
  'b.locator',
  'b.agency_id',
  'b.company_id',
  'r.status',
  'r.amount',
  sql<string>`trim(r.currency)`.as('currency'),
  'r.attempts',
  'r.error',
  'r.created_at',
  'r.finished_at',
] as const;

/**
 * EMD requests of the bookings `scope` may see (in one status, of one agency when given), requested
 * in the period (`from`/`to` are UTC days, both included), newest first.
 */
export async function listEmdRequests(
  db: Db,
  filter: {
    scope: VisibilityScope;
    status?: EmdRequestRow['status'];
    id?: string;
    locator?: string;
    agencyId?: string;
    liveMode?: boolean;
    from?: string;
    to?: string;
  },
  page: { page: number; perPage: number },
): Promise<{ rows: EmdRequestListRow[]; total: number }> {
  let q = withinScope(
    db.selectFrom('booking_emd_requests as r').innerJoin('bookings as b', 'b.id', 'r.booking_id'),
    filter.scope,
  );
  if (filter.status !== undefined) q = q.where('r.status', '=', filter.status);
  if (filter.id !== undefined) q = q.where('r.id', '=', filter.id);
  if (filter.locator !== undefined) q = q.where('b.locator', '=', filter.locator);
  if (filter.agencyId !== undefined) q = q.where('b.agency_id', '=', filter.agencyId);
  if (filter.liveMode !== undefined) q = q.where('b.fake_booking', '=', !filter.liveMode);
  if (filter.from) q = q.where('r.created_at', '>=', sql<Date>`${filter.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to) q = q.where('r.created_at', '<', sql<Date>`(${filter.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const [rows, count] = await Promise.all([
    q
      .select(listed)
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** One request of a booking, as the list shows it. */
export async function findListedEmdRequest(
  db: Db,
  bookingId: string,
  id: string,
): Promise<EmdRequestListRow | undefined> {
  return db
    .selectFrom('booking_emd_requests as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .select(listed)
    .where('r.id', '=', id)
    .where('r.booking_id', '=', bookingId)
    .executeTakeFirst();
}

/**
 * Queues a failed request again, with its new balance debit and the next check number (a fresh job
 * id): one conditional UPDATE, so of concurrent retries exactly one moves it. Call under lockBooking.
 */
export async function requeueFailedRequest(
  trx: Db,
  id: string,
  input: { balanceDebit: string | null; at: Date },
): Promise<{ checks: number } | undefined> {
  return trx
    .updateTable('booking_emd_requests')
    .set((eb) => ({
      status: 'queued',
      error: null,
      attempt_id: null,
      started_at: null,
      finished_at: null,
      balance_debit: input.balanceDebit,
      checks: eb('checks', '+', 1),
      next_check_at: input.at,
      updated_at: input.at,
    }))
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returning('checks')
    .executeTakeFirst();
}

/** A retried request's items show pending again, and the booking no longer carries their failure. */
export async function restoreRequestedAncillaries(trx: Db, bookingId: string, requestId: string, at: Date) {
  await trx
    .updateTable('bookings')
    .set({
      requested_ancillaries: sql`(SELECT coalesce(jsonb_agg(CASE WHEN e->>'request_id' = ${requestId}
          THEN jsonb_set(e, '{status}', '"pending"') ELSE e END), '[]'::jsonb)
        FROM jsonb_array_elements(requested_ancillaries) e)`,
      error: sql`CASE WHEN error LIKE 'EMD issue failed:%' THEN NULL ELSE error END`,
      updated_at: at,
    })
    .where('id', '=', bookingId)
    .execute();
}
