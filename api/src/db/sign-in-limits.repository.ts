// Attempt counters and locks in PostgreSQL, for deployments without Redis. A counter is counted by
// one statement before the caller acts on it, so concurrent attempts each see their own number and
// no interleaving lets more than the ceiling through.
import { sql } from 'kysely';
import type { Db } from './database.js';

export interface CeilingRule {
  max: number;
  windowMs: number;
  baseLockMs: number;
  maxLockMs: number;
}

/** A lock level is forgotten a day after the last lock ended. */
const lockMemoryMs = 24 * 3600_000;

/** Counts one call in the key's window (a new window starts when the last one ended). */
export async function countCall(
  db: Db,
  key: string,
  now: Date,
  windowMs: number,
): Promise<{ count: number; windowEndsAt: Date }> {
  const windowEnds = new Date(now.getTime() + windowMs);
  const row = await db
    .insertInto('sign_in_limits')
    .values({ key, failures: 1, window_ends_at: windowEnds })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN sign_in_limits.window_ends_at <= ${now} THEN 1 ELSE sign_in_limits.failures + 1 END`,
        window_ends_at: sql`CASE WHEN sign_in_limits.window_ends_at <= ${now} THEN ${windowEnds} ELSE sign_in_limits.window_ends_at END`,
      }),
    )
    .returning(['failures', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { count: row.failures, windowEndsAt: row.window_ends_at };
}

/**
 * Locks the key: its window now ends when the lock does, so every call until then stays over the
 * ceiling. Called only by the one caller whose count was exactly one past the ceiling, so two
 * locks never stack for one burst. Each lock within a day of the last one is twice as long.
 */
export async function lockKey(db: Db, key: string, now: Date, rule: CeilingRule): Promise<Date> {
  const { lock_level: level } = await db
    .updateTable('sign_in_limits')
    .set({
      lock_level: sql`CASE WHEN locked_until IS NULL OR locked_until < ${new Date(now.getTime() - lockMemoryMs)} THEN 1 ELSE lock_level + 1 END`,
    })
    .where('key', '=', key)
    .returning('lock_level')
    .executeTakeFirstOrThrow();
  const until = new Date(now.getTime() + Math.min(rule.maxLockMs, rule.baseLockMs * 2 ** (level - 1)));
  await db
    .updateTable('sign_in_limits')
    .set({ window_ends_at: until, locked_until: until })
    .where('key', '=', key)
    .execute();
  return until;
}

/** The count in the key's live window; 0 when there is none. */
export async function peek(db: Db, key: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('sign_in_limits')
    .select('failures')
    .where('key', '=', key)
    .where('window_ends_at', '>', now)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Gives one call back (a sign-in that succeeded does not use up the address's allowance). */
export async function refund(db: Db, key: string, now: Date): Promise<void> {
  await db
    .updateTable('sign_in_limits')
    .set({ failures: sql`GREATEST(failures - 1, 0)` })
    .where('key', '=', key)
    .where('window_ends_at', '>', now)
    .execute();
}

export async function clearCount(db: Db, key: string): Promise<void> {
  await db.updateTable('sign_in_limits').set({ failures: 0 }).where('key', '=', key).execute();
}

/** Adds counts to several keys whose window ends at `windowEnds`; answers the totals. */
export async function addCalls(
  db: Db,
  counts: ReadonlyMap<string, number>,
  windowEnds: Date,
): Promise<Map<string, number>> {
  if (counts.size === 0) return new Map();
  const rows = await db
    .insertInto('sign_in_limits')
    .values([...counts].map(([key, n]) => ({ key, failures: n, window_ends_at: windowEnds })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN sign_in_limits.window_ends_at < ${windowEnds} THEN excluded.failures ELSE sign_in_limits.failures + excluded.failures END`,
        window_ends_at: sql`excluded.window_ends_at`,
      }),
    )
    .returning(['key', 'failures'])
    .execute();
  return new Map(rows.map((r) => [r.key, r.failures]));
}

/** Reserves the key's next free pacing slot in one statement (the Redis store's slot, without Redis). */
export async function reserveSlot(db: Db, key: string, now: Date, stepMs: number): Promise<Date> {
  const row = await sql<{ slot: Date }>`
    INSERT INTO airline_pacing (key, next_at) VALUES (${key}, ${now}::timestamptz + ${stepMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE
      SET next_at = greatest(airline_pacing.next_at, ${now}::timestamptz) + ${stepMs} * interval '1 millisecond'
    RETURNING next_at - ${stepMs} * interval '1 millisecond' AS slot`.execute(db);
  return new Date(row.rows[0]!.slot);
}
