// Schedule changes: the airlines' own changes of bookings awaiting a decision (domain/schedule-changes).
// Every claim here runs under the booking's row lock, taken first by the caller (lock order:
// booking row, then the schedule change row, then the company balance row).
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { BookingsTable, ScheduleChangesTable } from './schema.js';
import { withinScope, type VisibilityScope } from './bookings.repository.js';

export type ScheduleChangeRow = Selectable<ScheduleChangesTable> & {
  locator: string;
  booking_status: BookingsTable['status'];
};
export type NewScheduleChange = Insertable<ScheduleChangesTable>;
export type ScheduleChangeStatus = Selectable<ScheduleChangesTable>['status'];

const withLocator = (db: Db) =>
  db
    .selectFrom('schedule_changes as s')
    .innerJoin('bookings as b', 'b.id', 's.booking_id')
    .selectAll('s')
    .select(['b.locator', 'b.status as booking_status']);

/** Inserts a change; false when the channel's notice was seen before (the unique notice id). */
export async function insertScheduleChange(trx: Db, row: NewScheduleChange): Promise<boolean> {
  const inserted = await trx
    .insertInto('schedule_changes')
    .values(row)
    .onConflict((oc) => oc.columns(['channel_id', 'notif_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findScheduleChange(db: Db, id: string): Promise<ScheduleChangeRow | undefined> {
  return withLocator(db).where('s.id', '=', id).executeTakeFirst();
}

export async function noticeSeen(db: Db, channelId: string, notifId: string): Promise<boolean> {
  const row = await db
    .selectFrom('schedule_changes')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('notif_id', '=', notifId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The booking's undecided changes (pending, or being decided). */
export async function openChangesOf(db: Db, bookingId: string): Promise<ScheduleChangeRow[]> {
  return withLocator(db)
    .where('s.booking_id', '=', bookingId)
    .where('s.status', 'in', ['pending', 'deciding'])
    .orderBy('s.created_at')
    .execute();
}

/** Locks one change (the caller holds its booking's row already). */
export async function lockScheduleChange(trx: Db, id: string): Promise<ScheduleChangeRow | undefined> {
  return withLocator(trx).where('s.id', '=', id).forUpdate('s').executeTakeFirst();
}

export async function updateScheduleChange(
  trx: Db,
  id: string,
  fromStatus: readonly ScheduleChangeStatus[],
  set: Partial<Insertable<ScheduleChangesTable>>,
): Promise<boolean> {
  const result = await trx
    .updateTable('schedule_changes')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...fromStatus])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Pending changes past their deadline, and decisions a dead process left claimed before `staleBefore`. */
export async function dueScheduleChanges(
  db: Db,
  now: Date,
  staleBefore: Date,
  limit: number,
): Promise<{ id: string; booking_id: string }[]> {
  return db
    .selectFrom('schedule_changes')
    .select(['id', 'booking_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('action_deadline', '<=', now)]),
        eb.and([eb('status', '=', 'deciding'), eb('claimed_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('action_deadline')
    .limit(limit)
    .execute();
}

/**
 * Decided changes whose airline acknowledgement is due again, each claimed for one try by moving
 * its next try to `until` (a conditional update: two workers never try the same one at once; a
 * worker that dies mid-try leaves it due again at `until`). The one claim here without the
 * booking's lock: it writes only the acknowledgement's own columns, of changes already decided
 * (no decision writes them after settling). Lock order: schedule change rows alone.
 */
export async function claimDueAcknowledgements(
  db: Db,
  input: { now: Date; until: Date; limit: number },
): Promise<ScheduleChangeRow[]> {
  const result = await sql<ScheduleChangeRow>`
    WITH due AS (
      SELECT id FROM schedule_changes
      WHERE ack_next_at IS NOT NULL AND ack_next_at <= ${input.now}::timestamptz AND acknowledged_at IS NULL
      ORDER BY ack_next_at
      LIMIT ${input.limit}
      FOR UPDATE SKIP LOCKED)
    UPDATE schedule_changes s SET ack_next_at = ${input.until}::timestamptz
    FROM due, bookings b WHERE s.id = due.id AND b.id = s.booking_id
    RETURNING s.*, b.locator, b.status AS booking_status`.execute(db);
  return result.rows;
}

export interface ScheduleChangeFilter {
  scope: VisibilityScope;
  /** Only changes of bookings of this mode (tokens); undefined: both (console sessions). */
  liveMode?: boolean;
  status?: ScheduleChangeStatus;
  deadlineBefore?: Date;
  locator?: string;
}

function filtered(db: Db, f: ScheduleChangeFilter) {
  let base = withinScope(
    db.selectFrom('schedule_changes as s').innerJoin('bookings as b', 'b.id', 's.booking_id'),
    f.scope,
  );
  if (f.liveMode !== undefined) base = base.where('s.live_mode', '=', f.liveMode);
  // `deciding` is how a claimed decision looks inside; outside it is still pending.
  if (f.status === 'pending') base = base.where('s.status', 'in', ['pending', 'deciding']);
  else if (f.status) base = base.where('s.status', '=', f.status);
  if (f.deadlineBefore) base = base.where('s.action_deadline', '<', f.deadlineBefore);
  if (f.locator) base = base.where('b.locator', '=', f.locator);
  return base;
}

export async function findScheduleChanges(
  db: Db,
  f: ScheduleChangeFilter,
  page: { page: number; perPage: number },
): Promise<{ rows: ScheduleChangeRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll('s')
      .select(['b.locator', 'b.status as booking_status'])
      .orderBy('s.action_deadline')
      .orderBy('s.id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
