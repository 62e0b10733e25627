// Fare Watch (domain/fare-watch): agency settings, each booking's watch state, the check log and
// the opportunities. A watch pass claims due bookings by moving their next check forward in the
// claiming statement (SKIP LOCKED), so racing workers never check one booking in one round. An
// opportunity's accept is claimed (open -> accepting) under its booking's row lock, taken first by
// the caller (lock order: booking row, then the opportunity row).
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from './database.js';
import { testModeNow } from './sandbox-clocks.repository.js';
import { withinScope, type VisibilityScope } from './bookings.repository.js';
import type { FareWatchChecksTable, FareWatchOpportunitiesTable, FareWatchSettingsTable } from './schema.js';

export type FareWatchSettingsRow = Selectable<FareWatchSettingsTable>;
export type FareWatchCheckRow = Selectable<FareWatchChecksTable>;
export type OpportunityRow = Selectable<FareWatchOpportunitiesTable> & { locator: string };
export type OpportunityStatus = OpportunityRow['status'];

export function settingsOf(db: Db, agencyId: string): Promise<FareWatchSettingsRow | undefined> {
  return db.selectFrom('fare_watch_settings').selectAll().where('agency_id', '=', agencyId).executeTakeFirst();
}

export async function saveSettings(db: Db, row: Insertable<FareWatchSettingsTable>): Promise<FareWatchSettingsRow> {
  const { agency_id: _agency, ...rest } = row;
  return db
    .insertInto('fare_watch_settings')
    .values(row)
    .onConflict((oc) => oc.column('agency_id').doUpdateSet(rest))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims up to `limit` bookings due for a check: held ones of agencies watching held bookings,
 * whose time limit is more than the agency's stop window away, and issued ones of agencies watching
 * issued bookings, whose first departure is; on the chosen channels, not opted out.
 * The claim moves each one's next check to its interval from now (jittered by up to a tenth), so
 * another worker's pass passes them by. "Now" is the agency's sandbox time for a test booking
 * (sandbox-clocks.repository.ts), so a developer who moves it sees the passes it brings.
 */
export async function claimDueBookings(db: Db, now: Date, limit: number): Promise<string[]> {
  const due = await sql<{ id: string }>`
    SELECT b.id FROM bookings b
    JOIN fare_watch_settings s ON s.agency_id = b.agency_id AND (s.held_enabled OR s.issued_enabled)
    LEFT JOIN fare_watch_bookings w ON w.booking_id = b.id
    WHERE b.status IN ('new', 'issued')
      AND CASE b.status
        WHEN 'new' THEN s.held_enabled AND b.time_limit IS NOT NULL
          AND b.time_limit > ${testModeNow(now)} + s.stop_before_hours * interval '1 hour'
        ELSE s.issued_enabled
          AND (b.segments->0->>'departure_at')::timestamptz > ${testModeNow(now)} + s.stop_before_hours * interval '1 hour'
      END
      AND (s.channel_ids IS NULL OR s.channel_ids ? b.channel_id)
      AND (w.booking_id IS NULL OR (NOT w.opted_out AND w.next_check_at <= ${testModeNow(now)}))
    ORDER BY coalesce(w.next_check_at, b.created_at)
    LIMIT ${limit}`.execute(db);
  const ids = due.rows.map((r) => r.id);
  if (ids.length === 0) return [];
  await db
    .insertInto('fare_watch_bookings')
    .values(ids.map((id) => ({ booking_id: id, next_check_at: now })))
    .onConflict((oc) => oc.column('booking_id').doNothing())
    .execute();
  const claimed = await sql<{ booking_id: string }>`
    UPDATE fare_watch_bookings w
    SET next_check_at = ${testModeNow(now)} + s.check_every_hours * interval '1 hour' * (1 + random() / 10),
        last_checked_at = ${now}
    FROM bookings b, fare_watch_settings s
    WHERE w.booking_id = b.id AND s.agency_id = b.agency_id
      AND w.booking_id IN (
        SELECT fw.booking_id FROM fare_watch_bookings fw JOIN bookings b ON b.id = fw.booking_id
        WHERE fw.booking_id = ANY(${ids}) AND NOT fw.opted_out AND fw.next_check_at <= ${testModeNow(now)}
        FOR UPDATE OF fw SKIP LOCKED)
    RETURNING w.booking_id`.execute(db);
  return claimed.rows.map((r) => r.booking_id);
}

/** The agency and channel of each claimed booking, in one read. */
export function watchedBookings(db: Db, ids: readonly string[]) {
  return db
    .selectFrom('bookings')
    .select(['id', 'agency_id', 'channel_id'])
    .where('id', 'in', [...ids])
    .execute();
}

export function watchOf(db: Db, bookingId: string) {
  return db.selectFrom('fare_watch_bookings').selectAll().where('booking_id', '=', bookingId).executeTakeFirst();
}

export async function setOptedOut(db: Db, bookingId: string, optedOut: boolean, now: Date): Promise<void> {
  await db
    .insertInto('fare_watch_bookings')
    .values({ booking_id: bookingId, opted_out: optedOut, next_check_at: now })
    .onConflict((oc) => oc.column('booking_id').doUpdateSet({ opted_out: optedOut }))
    .execute();
}

export async function insertCheck(db: Db, row: Insertable<FareWatchChecksTable>): Promise<void> {
  await db.insertInto('fare_watch_checks').values(row).execute();
}

export function checksOf(db: Db, bookingId: string, limit: number): Promise<FareWatchCheckRow[]> {
  return db
    .selectFrom('fare_watch_checks')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .orderBy('checked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

const withLocator = (db: Db) =>
  db
    .selectFrom('fare_watch_opportunities as o')
    .innerJoin('bookings as b', 'b.id', 'o.booking_id')
    .selectAll('o')
    .select('b.locator');

export function findOpportunity(db: Db, id: string): Promise<OpportunityRow | undefined> {
  return withLocator(db).where('o.id', '=', id).executeTakeFirst();
}

/** The booking's open (or accepting) opportunity, if any. */
export function openOpportunityOf(db: Db, bookingId: string): Promise<OpportunityRow | undefined> {
  return withLocator(db)
    .where('o.booking_id', '=', bookingId)
    .where('o.status', 'in', ['open', 'accepting'])
    .executeTakeFirst();
}

/**
 * Stores a new open opportunity in place of the booking's open one (superseded); false, and
 * nothing stored, while an accept of the booking's opportunity runs.
 */
export async function replaceOpenOpportunity(
  trx: Db,
  row: Insertable<FareWatchOpportunitiesTable>,
  at: Date,
): Promise<boolean> {
  await trx
    .updateTable('fare_watch_opportunities')
    .set({ status: 'superseded', updated_at: at })
    .where('booking_id', '=', row.booking_id)
    .where('status', '=', 'open')
    .execute();
  const inserted = await trx
    .insertInto('fare_watch_opportunities')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('booking_id')
        .where(sql<boolean>`status IN ('open', 'accepting')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function updateOpportunity(
  trx: Db,
  id: string,
  fromStatus: readonly OpportunityStatus[],
  set: Partial<Insertable<FareWatchOpportunitiesTable>>,
): Promise<boolean> {
  const result = await trx
    .updateTable('fare_watch_opportunities')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...fromStatus])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Open opportunities whose airline offer has expired become expired. */
export async function expireOpportunities(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable('fare_watch_opportunities')
    .set({ status: 'expired', updated_at: now })
    .where('status', '=', 'open')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Accepts of `tier` a dead process left claimed before `staleBefore`, for the reconciler. */
export function staleAccepts(
  db: Db,
  staleBefore: Date,
  limit: number,
  tier: OpportunityRow['tier'],
): Promise<OpportunityRow[]> {
  return withLocator(db)
    .where('o.status', '=', 'accepting')
    .where('o.tier', '=', tier)
    .where('o.claimed_at', '<', staleBefore)
    .limit(limit)
    .execute();
}

/** The opportunity whose accept is the flight change request `requestId`. */
export function opportunityOfRequest(db: Db, requestId: string): Promise<OpportunityRow | undefined> {
  return withLocator(db).where('o.change_request_id', '=', requestId).executeTakeFirst();
}

export interface OpportunityFilter {
  scope: VisibilityScope;
  liveMode?: boolean;
  status?: OpportunityStatus;
  agencyId?: string;
  locator?: string;
}

function filtered(db: Db, f: OpportunityFilter) {
  let base = withinScope(
    db.selectFrom('fare_watch_opportunities as o').innerJoin('bookings as b', 'b.id', 'o.booking_id'),
    f.scope,
  );
  if (f.liveMode !== undefined) base = base.where('o.live_mode', '=', f.liveMode);
  // `accepting` is how a claimed accept looks inside; outside it is still open.
  if (f.status === 'open') base = base.where('o.status', 'in', ['open', 'accepting']);
  else if (f.status) base = base.where('o.status', '=', f.status);
  if (f.agencyId) base = base.where('o.agency_id', '=', f.agencyId);
  if (f.locator) base = base.where('b.locator', '=', f.locator);
  return base;
}

export async function findOpportunities(
  db: Db,
  f: OpportunityFilter,
  page: { page: number; perPage: number },
): Promise<{ rows: OpportunityRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll('o')
      .select('b.locator')
      .orderBy('o.expires_at')
      .orderBy('o.id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
