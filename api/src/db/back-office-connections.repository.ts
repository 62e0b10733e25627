// Back-office connections and deliveries. Lock order: a connection row alone (the cut of a batch
// locks it to move `delivered_through`), never together with a booking's, a company's or the
// accounting counter; a delivery is claimed by one conditional UPDATE, never locked for long.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database.js';
import type { BackOfficeConnectionsTable, BackOfficeDeliveriesTable } from './schema.js';

export type ConnectionRow = Selectable<BackOfficeConnectionsTable>;
export type DeliveryRow = Selectable<BackOfficeDeliveriesTable>;

export async function insertConnection(db: Db, row: Insertable<BackOfficeConnectionsTable>) {
  await db.insertInto('back_office_connections').values(row).execute();
}

export async function findConnection(db: Db, id: string): Promise<ConnectionRow | undefined> {
  return db.selectFrom('back_office_connections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lockConnection(trx: Db, id: string): Promise<ConnectionRow | undefined> {
  return trx.selectFrom('back_office_connections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A page of connections, oldest first: one agency's, or every agency's (`null`, staff). */
export async function listConnections(
  db: Db,
  agencyId: string | null,
  page: { page: number; perPage: number },
): Promise<{ rows: ConnectionRow[]; total: number }> {
  let q = db.selectFrom('back_office_connections');
  if (agencyId !== null) q = q.where('agency_id', '=', agencyId);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at')
      .orderBy('id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function enabledConnections(db: Db): Promise<ConnectionRow[]> {
  return db.selectFrom('back_office_connections').selectAll().where('enabled', '=', true).orderBy('id').execute();
}

export async function updateConnection(
  db: Db,
  id: string,
  changes: Updateable<BackOfficeConnectionsTable>,
): Promise<ConnectionRow | undefined> {
  return db.updateTable('back_office_connections').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Marks the connection's failing spell announced when it has lasted since `failingBefore` and was not
 * announced yet; answers the row only to the one caller that marked it.
 */
export async function markFailingAnnounced(
  db: Db,
  id: string,
  at: Date,
  failingBefore: Date,
): Promise<ConnectionRow | undefined> {
  return db
    .updateTable('back_office_connections')
    .set({ failing_alerted_at: at })
    .where('id', '=', id)
    .where('failing_alerted_at', 'is', null)
    .where('failing_since', '<=', failingBefore)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteConnection(db: Db, id: string): Promise<void> {
  await db.deleteFrom('back_office_connections').where('id', '=', id).execute();
}

export async function insertDelivery(trx: Db, row: Insertable<BackOfficeDeliveriesTable>) {
  await trx.insertInto('back_office_deliveries').values(row).execute();
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return db.selectFrom('back_office_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A page of deliveries, newest first: a connection's, or across connections by agency, status and
 * creation day (`from`/`to` are UTC days, both included).
 */
export async function listDeliveries(
  db: Db,
  filter: { connectionId?: string; agencyId?: string; status?: DeliveryRow['status']; from?: string; to?: string },
  page: { page: number; perPage: number },
): Promise<{ rows: DeliveryRow[]; total: number }> {
  let q = db.selectFrom('back_office_deliveries');
  if (filter.connectionId !== undefined) q = q.where('connection_id', '=', filter.connectionId);
  if (filter.agencyId !== undefined) q = q.where('agency_id', '=', filter.agencyId);
  if (filter.status !== undefined) q = q.where('status', '=', filter.status);
  if (filter.from) q = q.where('created_at', '>=', sql<Date>`${filter.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to) q = q.where('created_at', '<', sql<Date>`(${filter.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const [rows, count] = await Promise.all([
    q
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The connection's backfill batch of exactly this range, if one was fixed. */
export async function findBackfill(
  db: Db,
  connectionId: string,
  range: { first: number; last: number },
): Promise<DeliveryRow | undefined> {
  return db
    .selectFrom('back_office_deliveries')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .where('reason', '=', 'backfill')
    .where('first_sequence', '=', String(range.first))
    .where('last_sequence', '=', String(range.last))
    .executeTakeFirst();
}

/**
 * Claims one due delivery for `holdMs` (pending or failed and due, or sending with a claim that ran
 * out: its worker died). One statement, SKIP LOCKED: two workers never take the same one. A
 * switched-off connection's deliveries are never claimed: they wait, due, and go when it is on again.
 */
export async function claimDueDelivery(
  db: Db,
  now: Date,
  holdMs: number,
  onlyId?: string,
): Promise<DeliveryRow | undefined> {
  const { rows } = await sql<DeliveryRow>`
    UPDATE back_office_deliveries d SET status = 'sending', attempts = d.attempts + 1,
      claimed_until = ${new Date(now.getTime() + holdMs)}
    WHERE d.id = (
      SELECT id FROM back_office_deliveries
      WHERE status <> 'delivered' AND next_attempt_at <= ${now}
        AND (status <> 'sending' OR claimed_until < ${now})
        ${onlyId ? sql`AND id = ${onlyId}` : sql``}
        AND EXISTS (SELECT 1 FROM back_office_connections c WHERE c.id = connection_id AND c.enabled)
      ORDER BY next_attempt_at, first_sequence LIMIT 1
      FOR UPDATE SKIP LOCKED)
    RETURNING d.*`.execute(db);
  return rows[0];
}

export async function finishDelivery(
  db: Db,
  id: string,
  outcome: { status: 'delivered' | 'failed'; at: Date; durationMs: number; error: string | null; nextAttemptAt?: Date },
): Promise<void> {
  await db
    .updateTable('back_office_deliveries')
    .set({
      status: outcome.status,
      duration_ms: outcome.durationMs,
      last_error: outcome.error,
      claimed_until: null,
      delivered_at: outcome.status === 'delivered' ? outcome.at : null,
      ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Makes a delivery due again now (a person's resend); the same range, bytes and name. One being
 * sent is left alone, and one already waiting stays the one send it is: any number of resends
 * before the worker takes it are a single send.
 */
export async function requeueDelivery(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('back_office_deliveries')
    .set({ status: 'pending', next_attempt_at: now, claimed_until: null })
    .where('id', '=', id)
    .where('status', '<>', 'sending')
    .execute();
}

/**
 * Locks a delivery while this worker's claim on it still holds (the attempt it took is the row's
 * last): a worker whose claim ran out and was taken over finds nothing and commits nothing.
 */
export async function lockOwnClaim(trx: Db, id: string, attempt: number): Promise<boolean> {
  const row = await trx
    .selectFrom('back_office_deliveries')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .where('attempts', '=', attempt)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}
