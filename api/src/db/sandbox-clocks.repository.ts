// Each agency's sandbox time (domain/sandbox/sandbox-clock.service.ts): an offset ahead of real
// time and a floor a reset holds it at. Moves are one statement each on the agency's row (the
// upsert takes the row lock), so concurrent moves add up and each gets its own version; no other
// lock is taken here, so there is no lock order to keep.
//
// `testModeNow` is the one SQL expression of "now" for a booking: real time for live bookings,
// the agency's sandbox time for test bookings. The timers that read time from the database (hold
// expiry, time-limit warnings, fare-watch passes) compare with it.
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { DB } from './schema.generated.js';

export type SandboxClockRow = Selectable<DB['sandbox_clocks']>;

export function sandboxClockOf(db: Db, agencyId: string): Promise<SandboxClockRow | undefined> {
  return db.selectFrom('sandbox_clocks').selectAll().where('agency_id', '=', agencyId).executeTakeFirst();
}

/**
 * Moves the agency's time forward by `ms`: offset and floor both move, so every move adds exactly.
 * Undefined when the offset would pass `maxMs` (nothing changes then).
 */
export function advanceSandboxClock(
  db: Db,
  agencyId: string,
  ms: number,
  maxMs: number,
  at: Date,
): Promise<SandboxClockRow | undefined> {
  return db
    .insertInto('sandbox_clocks')
    .values({ agency_id: agencyId, offset_ms: ms, floor_at: null, version: 1, updated_at: at })
    .onConflict((oc) =>
      oc
        .column('agency_id')
        .doUpdateSet({
          offset_ms: sql`sandbox_clocks.offset_ms + ${ms}`,
          floor_at: sql`sandbox_clocks.floor_at + ${ms} * interval '1 millisecond'`,
          version: sql`sandbox_clocks.version + 1`,
          updated_at: at,
        })
        .where(sql<boolean>`sandbox_clocks.offset_ms + ${ms} <= ${maxMs}`),
    )
    .returningAll()
    .executeTakeFirst();
}

/** Back to real time: the offset and the floor go (the airlines say if their orders need a floor). */
export function resetSandboxClock(db: Db, agencyId: string, at: Date): Promise<SandboxClockRow> {
  return db
    .insertInto('sandbox_clocks')
    .values({ agency_id: agencyId, offset_ms: 0, floor_at: null, version: 1, updated_at: at })
    .onConflict((oc) =>
      oc.column('agency_id').doUpdateSet({
        offset_ms: 0,
        floor_at: null,
        version: sql`sandbox_clocks.version + 1`,
        updated_at: at,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Raises the floor to `floor` (never lowers it): the moment the agency's test orders recorded at the
 * airlines, which its time must not go back before. Commutes with moves: a move adds to the floor
 * it finds, and a raise keeps the later of the two.
 */
export function raiseSandboxFloor(db: Db, agencyId: string, floor: Date): Promise<SandboxClockRow | undefined> {
  return db
    .updateTable('sandbox_clocks')
    .set({ floor_at: sql`greatest(coalesce(floor_at, '-infinity'::timestamptz), ${floor}::timestamptz)` })
    .where('agency_id', '=', agencyId)
    .returningAll()
    .executeTakeFirst();
}

/** The agency's sandbox time at real time `now`, for a clocks row aliased `c` (real time without one). */
export const agencyTime = (now: Date) =>
  sql<Date>`greatest(${now}::timestamptz + coalesce(c.offset_ms, 0) * interval '1 millisecond',
    coalesce(c.floor_at, '-infinity'::timestamptz))`;

/**
 * "Now" for the booking aliased `b`: its agency's sandbox time when it is a test booking, real time
 * otherwise.
 */
export function testModeNow(now: Date): RawBuilder<Date> {
  return sql<Date>`(CASE WHEN b.fake_booking THEN coalesce(
    (SELECT ${agencyTime(now)} FROM sandbox_clocks c WHERE c.agency_id = b.agency_id), ${now}::timestamptz)
    ELSE ${now}::timestamptz END)`;
}
