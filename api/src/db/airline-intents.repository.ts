// Airline intents: every call that changes an airline order is written here before the call
// (pending) and settled after it. The partial unique index allows one open intent (pending or
// unknown) per booking, so two operations on one booking can never both be in flight. Written only
// under the booking's row lock (lock order: booking row, then company balance row).
import { sql, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { AirlineIntentsTable } from './schema.js';

export type AirlineIntentRow = Selectable<AirlineIntentsTable>;
export type IntentOperation = AirlineIntentRow['operation'];
/** An intent as written, pending. */
export type IntentInsert = Omit<AirlineIntentRow, 'settled_at' | 'state'>;
type OpenState = 'pending' | 'unknown';
type ClosedState = 'succeeded' | 'failed' | 'rolled_back';

/** Writes a pending intent; false (and nothing written) while another intent of the booking is open. */
export async function insertIntent(
  trx: Db,
  row: Omit<AirlineIntentRow, 'settled_at' | 'debit_amount' | 'credit_amount' | 'state'> & {
    debit_amount?: string;
    credit_amount?: string;
  },
): Promise<boolean> {
  const written = await trx
    .insertInto('airline_intents')
    .values({ ...row, state: 'pending' })
    // The predicate is written out (not bound) so PostgreSQL matches it to the partial unique index.
    .onConflict((oc) =>
      oc
        .column('booking_id')
        .where(sql<boolean>`state IN ('pending', 'unknown')`)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return written !== undefined;
}

export async function findOpenIntent(db: Db, bookingId: string): Promise<AirlineIntentRow | undefined> {
  return db
    .selectFrom('airline_intents')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('state', 'in', ['pending', 'unknown'])
    .executeTakeFirst();
}

/** Settles the booking's open intent of `operation`; false when there was none (settled before). */
export async function closeIntent(
  db: Db,
  bookingId: string,
  operation: IntentOperation,
  state: ClosedState,
  detail: string | null,
  at: Date,
): Promise<boolean> {
  const row = await db
    .updateTable('airline_intents')
    .set({ state, detail, updated_at: at, settled_at: at })
    .where('booking_id', '=', bookingId)
    .where('operation', '=', operation)
    .where('state', 'in', ['pending', 'unknown'] satisfies OpenState[])
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The call's answer was lost: the intent stays open for the reconciler. */
export async function markIntentUnknown(
  db: Db,
  bookingId: string,
  operation: IntentOperation,
  detail: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('airline_intents')
    .set({ state: 'unknown', detail, updated_at: at })
    .where('booking_id', '=', bookingId)
    .where('operation', '=', operation)
    .where('state', 'in', ['pending', 'unknown'] satisfies OpenState[])
    .execute();
}

/** Open intents the reconciler should settle: unknown ones, and pending ones not touched since `before`. */
export async function openIntentsBefore(db: Db, before: Date, limit: number): Promise<AirlineIntentRow[]> {
  return db
    .selectFrom('airline_intents')
    .selectAll()
    .where((eb) =>
      eb.or([eb('state', '=', 'unknown'), eb.and([eb('state', '=', 'pending'), eb('updated_at', '<', before)])]),
    )
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Notes on the booking's open intent what its airline call made (a rebook's new order), before the next call. */
export async function noteIntentAttempt(
  db: Db,
  bookingId: string,
  operation: IntentOperation,
  attemptId: string,
  at: Date,
) {
  await db
    .updateTable('airline_intents')
    .set({ attempt_id: attemptId, updated_at: at })
    .where('booking_id', '=', bookingId)
    .where('operation', '=', operation)
    .where('state', 'in', ['pending', 'unknown'] satisfies OpenState[])
    .execute();
}
