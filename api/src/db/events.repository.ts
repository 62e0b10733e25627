// The event log: appended in the transaction of the change it records, read by GET /events and
// claimed by the dispatcher. An append also queues the event for dispatch (`event_dispatch_queue`,
// written by the events' insert trigger in the same statement), and the dispatcher deletes the
// queue rows it dispatched: the event row itself is written once and never updated. An append
// also says NOTIFY on `contrail_events`, sent right after the transaction commits (never if it
// rolls back), so a listener never hears of an event that did not happen, and the change's
// transaction never waits in PostgreSQL's notification queue.
import { sql, type Insertable, type Selectable } from 'kysely';
import { notifyAfterCommit, type Db } from './database.js';
import type { EventsTable } from './schema.js';

export type EventRow = Selectable<EventsTable>;
export type NewEventRow = Omit<Insertable<EventsTable>, 'seq'>;

export const eventsChannel = 'contrail_events';

/**
 * Appends an event, to be announced after its transaction commits; answers false when an event with
 * the same dedupe key exists already (nothing written; the commit still wakes the listeners, who
 * find nothing new, which is harmless).
 */
export async function insertEvent(trx: Db, row: NewEventRow): Promise<boolean> {
  const written = await eventInsertQuery(trx, row).modifyEnd(notifyAfterCommit(eventsChannel)).execute();
  return written.length > 0;
}

/**
 * The append alone, for a statement that carries it beside its own write (a sale's:
 * sales-rollups.repository.ts); that statement ends with `notifyAfterCommit(eventsChannel)`.
 */
export function eventInsertQuery(db: Db, row: NewEventRow) {
  return db
    .insertInto('events')
    .values(row)
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id');
}

export interface EventFilter {
  /** One event (GET /events/{id}), still within the caller's wall. */
  id?: string;
  /** null: every agency's (staff). */
  agencyId: string | null;
  /** Only events of this agent's bookings (an agent's wall). */
  agentId?: string;
  /** undefined: both modes (console sessions and staff). */
  liveMode?: boolean;
  types?: readonly string[];
  createdAfter?: Date;
  createdBefore?: Date;
  bookingId?: string;
  /** The events one API call caused (its request id). */
  requestId?: string;
  /**
   * true: events every webhook delivery of which succeeded; false: events with a delivery pending
   * or given up. Events without deliveries match neither.
   */
  deliverySuccess?: boolean;
}

/** Newest first, `limit` rows older than the cursor's seq (when given). */
export async function findEvents(
  db: Db,
  filter: EventFilter,
  page: { limit: number; beforeSeq?: string },
): Promise<EventRow[]> {
  let query = db.selectFrom('events').selectAll();
  if (filter.id !== undefined) query = query.where('id', '=', filter.id);
  if (filter.agencyId !== null) query = query.where('agency_id', '=', filter.agencyId);
  if (filter.agentId !== undefined) query = query.where('agent_id', '=', filter.agentId);
  if (filter.liveMode !== undefined) query = query.where('live_mode', '=', filter.liveMode);
  if (filter.types?.length) query = query.where('type', 'in', filter.types);
  if (filter.createdAfter) query = query.where('created_at', '>', filter.createdAfter);
  if (filter.createdBefore) query = query.where('created_at', '<', filter.createdBefore);
  if (filter.bookingId) query = query.where('booking_id', '=', filter.bookingId);
  if (filter.requestId !== undefined) query = query.where('request_id', '=', filter.requestId);
  if (filter.deliverySuccess !== undefined) {
    const succeeded = sql<boolean>`EXISTS (SELECT 1 FROM webhook_deliveries wd
      WHERE wd.event_id = events.id AND wd.status = 'succeeded')`;
    const unfinished = sql<boolean>`EXISTS (SELECT 1 FROM webhook_deliveries wd
      WHERE wd.event_id = events.id AND wd.status <> 'succeeded')`;
    query = filter.deliverySuccess
      ? query.where(succeeded).where(sql<boolean>`NOT ${unfinished}`)
      : query.where(unfinished);
  }
  if (page.beforeSeq !== undefined) query = query.where('seq', '<', page.beforeSeq);
  return query.orderBy('seq', 'desc').limit(page.limit).execute();
}

export async function findEvent(db: Db, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * An event as the dispatcher claims it: its data as PostgreSQL writes it in JSON (`data_json`), so
 * that a webhook body is written around that text rather than the parsed data written out again.
 */
export type UndispatchedRow = Omit<EventRow, 'data' | 'dedupe_key'> & { data_json: string };

/**
 * Claims up to `limit` events waiting for dispatch, oldest first, skipping those another
 * dispatcher holds: the caller fans them out and marks them dispatched in the same transaction.
 * The lock is FOR UPDATE of the queue rows alone (the lock their delete takes anyway): it excludes
 * other dispatchers, and no row refers to a queue row, so no foreign key check ever waits for it.
 * The event rows are not locked at all, so the key-share locks that rows referring to an event
 * take (a notification, a webhook delivery) never wait for a claim either. (A lock of the event
 * row FOR UPDATE deadlocked: another hand-over of a held event that wrote its notification first
 * waited on the claim in its foreign key check, while the claim's own notification waited on that
 * uncommitted row.)
 */
export async function claimUndispatched(trx: Db, limit: number): Promise<UndispatchedRow[]> {
  // The queue rows are taken first, then each one's event is probed by its seq (`OFFSET 0` keeps
  // the lateral a probe of its own). A plain join was planned as a merge join on the queue's
  // statistics, which lag a burst: the events' seq index walked from the log's first event up to
  // the oldest waiting one, the whole log (2 KB rows) read on every claim.
  const { rows } = await sql<UndispatchedRow>`
    WITH claimed AS MATERIALIZED (
      SELECT seq FROM event_dispatch_queue ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    SELECT e.* FROM claimed c
    CROSS JOIN LATERAL (
      SELECT ev.id, ev.seq, ev.type, ev.created_at, ev.live_mode, ev.agency_id, ev.company_id, ev.booking_id,
        ev.agent_id, ev.request_id, ev.idempotency_key, ev.data::text AS data_json
      FROM events ev WHERE ev.seq = c.seq OFFSET 0) e
    ORDER BY c.seq`.execute(trx);
  return rows;
}

/**
 * Takes dispatched events off the queue, by seq, one array parameter: a batch of hundreds is one
 * statement shape, cheap to bind. The array is written as PostgreSQL's literal at once: a seq is
 * digits only (bigint text), so it needs none of the quoting the driver gives each element of a
 * text array.
 */
export async function markDispatched(trx: Db, seqs: readonly string[]): Promise<void> {
  if (seqs.length === 0) return;
  await trx
    .deleteFrom('event_dispatch_queue')
    .where(sql<boolean>`seq = ANY(${`{${seqs.join(',')}}`}::bigint[])`)
    .execute();
}

/** How many events wait for dispatch (readiness and tests). */
export async function countUndispatched(db: Db): Promise<number> {
  const row = await db
    .selectFrom('event_dispatch_queue')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these dedupe keys were raised already. */
export async function raisedDedupeKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.selectFrom('events').select('dedupe_key').where('dedupe_key', 'in', keys).execute();
  return new Set(rows.map((r) => r.dedupe_key!));
}
