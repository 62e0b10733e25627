// A booking's requests: re-price offers, refund quotes and flight change alternatives as the
// airline gave them. Confirming is claimed with one conditional UPDATE (quoted -> confirming); the
// partial unique index booking_requests_one_confirming refuses a second claim on the same booking
// (PostgreSQL 23505), which the caller answers as a change in progress.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database.js';
import type { BookingRequestsTable } from './schema.js';

export type BookingRequestRow = Selectable<BookingRequestsTable>;
export type BookingRequestInsert = Insertable<BookingRequestsTable>;
export type BookingRequestChanges = Updateable<BookingRequestsTable>;

export async function insertRequest(db: Db, row: BookingRequestInsert): Promise<void> {
  await db.insertInto('booking_requests').values(row).execute();
}

/** A request of this booking only: another booking's id is simply not found. */
export async function findRequest(
  db: Db,
  bookingId: string,
  id: string,
  kind: BookingRequestRow['kind'],
): Promise<BookingRequestRow | undefined> {
  return db
    .selectFrom('booking_requests')
    .selectAll()
    .where('id', '=', id)
    .where('booking_id', '=', bookingId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The request of this booking that holds an offer with this id (our offer ids are unique). */
export async function findRequestByOffer(
  db: Db,
  bookingId: string,
  offerId: string,
  kind: BookingRequestRow['kind'],
): Promise<BookingRequestRow | undefined> {
  return db
    .selectFrom('booking_requests')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('kind', '=', kind)
    .where(sql<boolean>`offers @> ${JSON.stringify([{ offer_id: offerId }])}::jsonb`)
    .executeTakeFirst();
}

/** The request of this booking being confirmed, if any. */
export async function findConfirming(db: Db, bookingId: string): Promise<BookingRequestRow | undefined> {
  return db
    .selectFrom('booking_requests')
    .selectAll()
    .where('booking_id', '=', bookingId)
    .where('status', '=', 'confirming')
    .executeTakeFirst();
}

/**
 * Takes the confirm claim: only a `quoted` request moves to `confirming`, and only one caller gets
 * the row. Throws PostgreSQL 23505 when another request of the booking is confirming.
 */
export async function claimRequest(
  db: Db,
  id: string,
  attemptId: string,
  at: Date,
  changes: BookingRequestChanges = {},
): Promise<boolean> {
  const row = await db
    .updateTable('booking_requests')
    .set({ ...changes, status: 'confirming', attempt_id: attemptId, confirming_started_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'quoted')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes the request only while `attemptId` still holds its confirm claim. */
export async function updateClaimedRequest(
  db: Db,
  id: string,
  attemptId: string,
  changes: BookingRequestChanges,
): Promise<boolean> {
  const row = await db
    .updateTable('booking_requests')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'confirming')
    .where('attempt_id', '=', attemptId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Changes a request that is still `quoted` (re-priced offers, a newer quote replacing it). */
export async function updateQuoted(db: Db, id: string, changes: BookingRequestChanges): Promise<boolean> {
  const row = await db
    .updateTable('booking_requests')
    .set(changes)
    .where('id', '=', id)
    .where('status', '=', 'quoted')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Older refund quotes of a booking stop counting when the airline gives a new one. */
export async function failQuotedRefunds(db: Db, bookingId: string, error: string, at: Date): Promise<void> {
  await db
    .updateTable('booking_requests')
    .set({ status: 'failed', error, updated_at: at })
    .where('booking_id', '=', bookingId)
    .where('kind', '=', 'refund')
    .where('status', '=', 'quoted')
    .execute();
}
