// Webhooks: endpoints, deliveries (one event to one endpoint; the truth the queue only triggers)
// and their attempts. Claims are rows: a worker holds a delivery by `claim_token` until
// `claimed_until`, so two workers never send the same attempt, and a dead worker's claim runs out.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from './database.js';
import type { EventRow } from './events.repository.js';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable } from './schema.js';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptsTable>;

// --- endpoints

export async function insertEndpoint(db: Db, row: Insertable<WebhookEndpointsTable>): Promise<WebhookEndpointRow> {
  return db.insertInto('webhook_endpoints').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** The endpoint row locked for a change (lock order: an endpoint row alone, never with a booking's). */
export async function lockEndpoint(trx: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  return trx
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function listEndpoints(
  db: Db,
  filter: { agencyId: string | null; liveMode?: boolean },
  page: { page: number; perPage: number },
): Promise<{ rows: WebhookEndpointRow[]; total: number }> {
  let query = db.selectFrom('webhook_endpoints').where('deleted_at', 'is', null);
  if (filter.agencyId !== null) query = query.where('agency_id', '=', filter.agencyId);
  if (filter.liveMode !== undefined) query = query.where('live_mode', '=', filter.liveMode);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function updateEndpoint(
  db: Db,
  id: string,
  changes: Updateable<WebhookEndpointsTable>,
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set(changes)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Enabled endpoints of these agencies and modes: the fan-out's candidates. */
export async function enabledEndpointsOf(db: Db, agencyIds: readonly string[]): Promise<WebhookEndpointRow[]> {
  if (agencyIds.length === 0) return [];
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('agency_id', 'in', agencyIds)
    .where('enabled', '=', true)
    .where('deleted_at', 'is', null)
    .execute();
}

// --- deliveries

export async function insertDeliveries(db: Db, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('webhook_deliveries').values(rows).execute();
}

export async function findDelivery(db: Db, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims a pending delivery for one attempt: due (or nearly: a job may run a moment early), not held
 * by a live claim, and with no earlier delivery of the same booking to the same endpoint still
 * pending (per booking, an endpoint hears events in log order). Answers nothing otherwise.
 */
export async function claimDelivery(
  db: Db,
  input: { id: string; token: string; now: Date; until: Date; dueBy: Date },
): Promise<WebhookDeliveryRow | undefined> {
  return (
    db
      .updateTable('webhook_deliveries as d')
      .set({ claim_token: input.token, claimed_until: input.until })
      .where('d.id', '=', input.id)
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', input.dueBy)
      .where((eb) => eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<', input.now)]))
      .where(noEarlierPending)
      // An earlier event of the booking not yet fanned out (another dispatcher holds its batch) has
      // no delivery row yet, but comes first all the same.
      .where(
        sql<boolean>`NOT EXISTS (SELECT 1 FROM events ev
        WHERE ev.booking_id = d.booking_id AND ev.dispatched_at IS NULL AND ev.seq < d.event_seq)`,
      )
      .returningAll()
      .executeTakeFirst()
  );
}

// No earlier pending delivery of the same booking to the same endpoint (`d` is the delivery).
const noEarlierPending = sql<boolean>`NOT EXISTS (SELECT 1 FROM webhook_deliveries e
  WHERE e.endpoint_id = d.endpoint_id AND e.booking_id = d.booking_id
    AND e.status = 'pending' AND e.event_seq < d.event_seq)`;

/**
 * Records the outcome of a claimed attempt in one statement (the delivery's new state and the
 * attempt row, together or not at all); false when the claim was lost (nothing written).
 */
export async function settleAttempt(
  db: Db,
  input: {
    deliveryId: string;
    token: string;
    status: 'pending' | 'succeeded' | 'failed';
    nextAttemptAt: Date | null;
    at: Date;
    attempt: Insertable<WebhookAttemptsTable>;
  },
): Promise<boolean> {
  const a = input.attempt;
  const result = await sql<{ id: string }>`
    WITH settled AS (
      UPDATE webhook_deliveries
      SET status = ${input.status}, attempts = ${a.attempt},
        next_attempt_at = coalesce(${input.nextAttemptAt}::timestamptz, next_attempt_at),
        completed_at = ${input.nextAttemptAt ? null : input.at}::timestamptz,
        claim_token = NULL, claimed_until = NULL
      WHERE id = ${input.deliveryId} AND claim_token = ${input.token} AND status = 'pending'
      RETURNING id)
    INSERT INTO webhook_attempts (id, delivery_id, endpoint_id, attempt, succeeded, status_code,
      response_excerpt, duration_ms, error, next_retry_at, created_at)
    SELECT ${a.id}, settled.id, ${a.endpoint_id}, ${a.attempt}, ${a.succeeded}, ${a.status_code ?? null}::integer,
      ${a.response_excerpt ?? null}::text, ${a.duration_ms}, ${a.error ?? null}::text,
      ${a.next_retry_at ?? null}::timestamptz, ${a.created_at}::timestamptz
    FROM settled
    RETURNING id`.execute(db);
  return result.rows.length > 0;
}

/** What one attempt needs besides the delivery: its endpoint and (unless a ping) its event. */
export async function attemptContext(
  db: Db,
  delivery: WebhookDeliveryRow,
): Promise<{ endpoint: WebhookEndpointRow | undefined; event: EventRow | undefined }> {
  const [endpoint, event] = await Promise.all([
    db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', delivery.endpoint_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst(),
    delivery.payload === null
      ? db.selectFrom('events').selectAll().where('id', '=', delivery.event_id).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return { endpoint, event };
}

/** Gives up a delivery without an attempt (its endpoint is gone or switched off). */
export async function dropDelivery(db: Db, id: string, token: string, at: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', completed_at: at, claim_token: null, claimed_until: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** The next pending delivery of the same booking to the same endpoint, now free to go. */
export async function nextInLine(db: Db, delivery: WebhookDeliveryRow): Promise<WebhookDeliveryRow | undefined> {
  if (!delivery.booking_id) return undefined;
  return db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('endpoint_id', '=', delivery.endpoint_id)
    .where('booking_id', '=', delivery.booking_id)
    .where('status', '=', 'pending')
    .orderBy('event_seq')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Pending deliveries a job should have taken by now and nobody holds: their job was lost (Redis
 * restarted, a worker killed mid-attempt). Those waiting behind an earlier one are left to it.
 */
export async function lostDeliveries(
  db: Db,
  input: { dueBefore: Date; now: Date; limit: number },
): Promise<WebhookDeliveryRow[]> {
  return db
    .selectFrom('webhook_deliveries as d')
    .selectAll()
    .where('d.status', '=', 'pending')
    .where('d.next_attempt_at', '<', input.dueBefore)
    .where((eb) => eb.or([eb('d.claimed_until', 'is', null), eb('d.claimed_until', '<', input.now)]))
    .where(noEarlierPending)
    .orderBy('d.next_attempt_at')
    .limit(input.limit)
    .execute();
}

/** The pending deliveries of an endpoint, given up when it is switched off or deleted. */
export async function failPendingOf(db: Db, endpointId: string, at: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', completed_at: at, claim_token: null, claimed_until: null })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

// --- attempts

export async function listAttempts(
  db: Db,
  endpointId: string,
  page: { page: number; perPage: number },
): Promise<{ rows: (WebhookAttemptRow & { event_id: string; event_type: string })[]; total: number }> {
  const base = db.selectFrom('webhook_attempts as a').where('a.endpoint_id', '=', endpointId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .selectAll('a')
      .select(['d.event_id', 'd.event_type'])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.attempt', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

// --- deliveries as the console lists them

export interface DeliveryStateRow {
  id: string;
  endpoint_id: string;
  endpoint_url: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  next_attempt_at: Date;
  created_at: Date;
  completed_at: Date | null;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_error: string | null;
}

/**
 * Deliveries to an endpoint and/or of an event, newest first, each with its last attempt's answer
 * (the attempt row with the highest number, taken by a lateral join on the delivery's own index).
 */
export async function listDeliveryStates(
  db: Db,
  filter: { endpointId?: string; eventId?: string },
  page: { page: number; perPage: number },
): Promise<{ rows: DeliveryStateRow[]; total: number }> {
  let base = db.selectFrom('webhook_deliveries as d');
  if (filter.endpointId !== undefined) base = base.where('d.endpoint_id', '=', filter.endpointId);
  if (filter.eventId !== undefined) base = base.where('d.event_id', '=', filter.eventId);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('webhook_attempts as a')
            .select(['a.status_code', 'a.duration_ms', 'a.error'])
            .whereRef('a.delivery_id', '=', 'd.id')
            .orderBy('a.attempt', 'desc')
            .limit(1)
            .as('last'),
        (join) => join.onTrue(),
      )
      .select([
        'd.id',
        'd.endpoint_id',
        'e.url as endpoint_url',
        'd.event_id',
        'd.event_type',
        'd.status',
        'd.attempts',
        'd.next_attempt_at',
        'd.created_at',
        'd.completed_at',
        'last.status_code as last_status_code',
        'last.duration_ms as last_duration_ms',
        'last.error as last_error',
      ])
      .orderBy('d.created_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The agency's newest logged event of a type in a mode: the body a test event copies. */
export async function latestEventOfType(
  db: Db,
  filter: { agencyId: string; liveMode: boolean; type: string },
): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('agency_id', '=', filter.agencyId)
    .where('live_mode', '=', filter.liveMode)
    .where('type', '=', filter.type)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}
