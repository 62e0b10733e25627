// Sign-in failure counters in PostgreSQL, for deployments without Redis. Each statement is atomic,
// so concurrent failures are all counted.
import { sql } from 'kysely';
import type { Db } from './database.js';

/** Counts one failure in the key's window (a new window starts when the last one ended). */
export async function countFailure(db: Db, key: string, now: Date, windowMs: number): Promise<number> {
  const windowEnds = new Date(now.getTime() + windowMs);
  const row = await db
    .insertInto('sign_in_limits')
    .values({ key, failures: 1, window_ends_at: windowEnds })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql`CASE WHEN sign_in_limits.window_ends_at < ${now} THEN 1 ELSE sign_in_limits.failures + 1 END`,
        window_ends_at: sql`CASE WHEN sign_in_limits.window_ends_at < ${now} THEN ${windowEnds} ELSE sign_in_limits.window_ends_at END`,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

/** Locks the key; returns the lock level, which grows with each lock. */
export async function lockKey(
  db: Db,
  key: string,
  until: (level: number) => Date,
): Promise<{ level: number; until: Date }> {
  const current = await db.selectFrom('sign_in_limits').select('lock_level').where('key', '=', key).executeTakeFirst();
  const level = (current?.lock_level ?? 0) + 1;
  const lockedUntil = until(level);
  await db
    .updateTable('sign_in_limits')
    .set({ lock_level: level, locked_until: lockedUntil, failures: 0 })
    .where('key', '=', key)
    .execute();
  return { level, until: lockedUntil };
}

export async function lockedUntil(db: Db, key: string): Promise<Date | null> {
  const row = await db.selectFrom('sign_in_limits').select('locked_until').where('key', '=', key).executeTakeFirst();
  return row?.locked_until ?? null;
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.updateTable('sign_in_limits').set({ failures: 0 }).where('key', '=', key).execute();
}
