// Idempotency records: (scope, key) is claimed before a POST runs and holds its answer afterwards.
import { sql } from 'kysely';
import type { Db } from './database.js';

export interface IdempotencyRecord {
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: unknown;
  locked_until: Date;
}

/** Inserts a running record; returns the existing record instead when the key is taken. */
export async function claimKey(
  db: Db,
  claim: { scope: string; key: string; requestHash: string; lockedUntil: Date },
): Promise<{ claimed: true } | { claimed: false; existing: IdempotencyRecord }> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({
      scope: claim.scope,
      key: claim.key,
      request_hash: claim.requestHash,
      state: 'running',
      response_status: null,
      response_body: null,
      locked_until: claim.lockedUntil,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { claimed: true };
  const existing = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'state', 'response_status', 'response_body', 'locked_until'])
    .where('scope', '=', claim.scope)
    .where('key', '=', claim.key)
    .executeTakeFirst();
  // The record expired and was swept between the two statements: claim again.
  if (!existing) return claimKey(db, claim);
  return { claimed: false, existing };
}

/** Takes over a running record whose lock ran out (its request died with its process). */
export async function reclaimExpired(
  db: Db,
  scope: string,
  key: string,
  lockedUntil: Date,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set({ locked_until: lockedUntil })
    .where('scope', '=', scope)
    .where('key', '=', key)
    .where('state', '=', 'running')
    .where('locked_until', '<', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function completeKey(
  db: Db,
  done: { scope: string; key: string; status: number; body: unknown },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: done.status,
      response_body: sql`${JSON.stringify(done.body ?? null)}::jsonb`,
    })
    .where('scope', '=', done.scope)
    .where('key', '=', done.key)
    .execute();
}

export async function releaseKey(db: Db, scope: string, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).execute();
}

export async function deleteKeysOlderThan(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
