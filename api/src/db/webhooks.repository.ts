// Webhooks: endpoints, deliveries (one event to one endpoint; the truth the queue only triggers)
// and their attempts. Claims are rows: a worker holds a delivery by `claim_token` until
// `claimed_until`, so two workers never send the same attempt, and a dead worker's claim runs out.
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { isoTime, keyedPlan, type Db } from './database.js';
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

/** A success ends the endpoint's failure clock (a no-op when it was not running). */
export async function clearFailingSince(trx: Db, id: string): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({ failing_since: null })
    .where('id', '=', id)
    .where('failing_since', 'is not', null)
    .execute();
}

/** Starts the failure clock at `now` unless it runs already; answers when it started. */
export async function startFailingClock(trx: Db, id: string, now: Date): Promise<Date | null> {
  const row = await trx
    .updateTable('webhook_endpoints')
    .set({ failing_since: sql<Date>`coalesce(failing_since, ${now})` })
    .where('id', '=', id)
    .returning('failing_since')
    .executeTakeFirst();
  return row?.failing_since ?? null;
}

/** Switches an enabled endpoint off; answers it, or nothing when it was off already (once only). */
export async function switchOffEndpoint(
  trx: Db,
  id: string,
  reason: 'gone' | 'failing',
  now: Date,
): Promise<WebhookEndpointRow | undefined> {
  return trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('enabled', '=', true)
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

/**
 * What an attempt reads of its delivery row: a claim answers only these columns (the row's times
 * are not read by an attempt, and a burst claims thousands of rows).
 */
export type ClaimedDeliveryRow = Pick<
  WebhookDeliveryRow,
  'id' | 'endpoint_id' | 'event_id' | 'booking_id' | 'payload' | 'attempts'
>;

export type NewDelivery = Pick<
  Insertable<WebhookDeliveriesTable>,
  'id' | 'endpoint_id' | 'event_id' | 'event_type' | 'next_attempt_at' | 'created_at'
> & { event_seq: string; booking_id: string | null };

/**
 * Writes a fan-out's deliveries, the first attempt of some of them already claimed (the rows in
 * `claim.ids`, under `claim.token` until `claim.until`), in one statement; answers the rows it
 * claimed. Only their ids come back from PostgreSQL: the rest of each is what was written (a new
 * row has no payload and no attempt). A row is claimed only on the delivery claim's own conditions
 * (`claimable`): run inside the dispatcher's transaction, the batch's own events still wait in the
 * dispatch queue (their rows are deleted after the fan-out), so a booking's second event in the
 * batch is never claimed ahead of its first; it waits for the claim that follows it. Lock order:
 * none taken beyond the new rows.
 */
export async function insertDeliveriesClaiming(
  db: Db,
  rows: readonly NewDelivery[],
  claim: { ids: ReadonlySet<string>; token: string; until: Date },
): Promise<ClaimedDeliveryRow[]> {
  if (rows.length === 0) return [];
  const col = <T>(pick: (r: NewDelivery) => T) => rows.map(pick);
  const result = await sql<{ id: string }>`
    WITH d AS (
      SELECT * FROM unnest(
        ${col((r) => r.id)}::text[], ${col((r) => r.endpoint_id)}::text[], ${col((r) => r.event_id)}::text[],
        ${col((r) => r.event_type)}::text[], ${col((r) => r.event_seq)}::bigint[], ${col((r) => r.booking_id)}::text[],
        ${col((r) => isoTime(r.next_attempt_at))}::timestamptz[], ${col((r) => isoTime(r.created_at))}::timestamptz[],
        ${col((r) => claim.ids.has(r.id))}::boolean[]
      ) AS d(id, endpoint_id, event_id, event_type, event_seq, booking_id, next_attempt_at, created_at, wanted)),
    -- Materialized: the claim's checks run once per row, not once for each column they decide.
    taken AS MATERIALIZED (SELECT d.*, d.wanted AND ${claimable} AS taken FROM d),
    inserted AS (
      INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, event_seq, booking_id,
        next_attempt_at, created_at, claim_token, claimed_until)
      SELECT id, endpoint_id, event_id, event_type, event_seq, booking_id, next_attempt_at, created_at,
        CASE WHEN taken THEN ${claim.token} END, CASE WHEN taken THEN ${claim.until}::timestamptz END
      FROM taken
      RETURNING id, claim_token)
    SELECT id FROM inserted WHERE claim_token IS NOT NULL`.execute(db);
  const claimed = new Set(result.rows.map((r) => r.id));
  return rows
    .filter((row) => claimed.has(row.id))
    .map(({ id, endpoint_id, event_id, booking_id }) => ({
      id,
      endpoint_id,
      event_id,
      booking_id,
      payload: null,
      attempts: 0,
    }));
}

export async function findDelivery(db: Db, id: string): Promise<WebhookDeliveryRow | undefined> {
  return db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What an attempt needs of its endpoint: where to send, whether it still may, how to sign. */
export type SendingEndpoint = Pick<
  WebhookEndpointRow,
  'id' | 'url' | 'enabled' | 'secret_sealed' | 'previous_secret_sealed' | 'previous_secret_expires_at' | 'failing_since'
>;

/**
 * What an attempt needs of its event: the envelope's fields, its data as PostgreSQL writes it in
 * JSON (sent as it is: not parsed here to be written again for each attempt).
 */
export type EnvelopeRow = Pick<
  EventRow,
  'id' | 'type' | 'created_at' | 'live_mode' | 'agency_id' | 'request_id' | 'idempotency_key'
> & { data_json: string };

/**
 * A claimed delivery with what its attempt sends: the endpoint (absent once deleted) and the event
 * (absent when the delivery carries its own payload).
 */
export interface ClaimedDelivery {
  delivery: ClaimedDeliveryRow;
  endpoint: SendingEndpoint | undefined;
  event: EnvelopeRow | undefined;
}

/**
 * Claims pending deliveries for one attempt each, in one statement that also reads what each
 * attempt sends (its endpoint and event): due (or nearly: a job may run a moment early), not held
 * by a live claim, and with no earlier delivery of the same booking to the same endpoint still
 * pending (per booking, an endpoint hears events in log order). `ids` narrows the claim to those
 * rows (a job's own delivery); without it, the oldest due come first. Rows another claimer is
 * taking at this moment are skipped (SKIP LOCKED), never waited for, and the lock re-reads each
 * row's claim before taking it, so two claimers never hold the same row.
 * The claim's commit does not wait for the disk (synchronous_commit off, for this statement only):
 * a claim lost to a database crash only frees the row early, so the delivery may be sent once more
 * after the crash (at least once, same webhook-id), and the attempt's outcome, written under the
 * lost token, is not recorded. An outcome is another matter: `settleAttempts` commits as usual,
 * since a success lost after the receiver had it would be sent again after the booking's later
 * events (out of order), and the deliveries list would have shown a success that vanished.
 * Lock order: delivery rows alone.
 */
export async function claimDeliveries(
  db: Db,
  input: { token: string; now: Date; until: Date; dueBy: Date; limit: number; ids?: readonly string[] },
): Promise<ClaimedDelivery[]> {
  if (input.limit <= 0 || (input.ids && input.ids.length === 0)) return [];
  // A job's own rows are reached by their key alone. Pending is written as "not settled" (the
  // status check allows three values): a `status = 'pending'` test would let the planner take a
  // partial pending index instead, on statistics that lag a burst ("few pending rows"), and step
  // over every pending row to find the job's one.
  // The rest in two walks, each bounded by what it may take: pending rows nobody holds, oldest due
  // first (the unclaimed index), and rows whose claim has run out (the claimed index, by when it
  // runs out: the walk ends at the first still held). One walk of every pending row would step over
  // each row claimed and not yet settled, on every claim: a burst's whole line, again and again. A
  // dead worker's rows go first (they have waited longest), then the unclaimed in their order:
  // appended, not sorted (a keyed plan sorts nothing).
  const walks = input.ids
    ? sql`picked AS (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.id = ANY(${input.ids}::text[]) AND d.status NOT IN ('succeeded', 'failed')
        AND (d.claim_token IS NULL OR d.claimed_until < ${input.now}::timestamptz)
        AND d.next_attempt_at <= ${input.dueBy}::timestamptz
        AND ${claimable}
      LIMIT ${input.limit}
      FOR UPDATE OF d SKIP LOCKED)`
    : sql`unclaimed AS (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d.claim_token IS NULL AND d.next_attempt_at <= ${input.dueBy}::timestamptz
        AND ${claimable}
      ORDER BY d.next_attempt_at
      LIMIT ${input.limit}
      FOR UPDATE OF d SKIP LOCKED)
    , run_out AS (
      SELECT d.id FROM webhook_deliveries d
      WHERE d.status = 'pending' AND d.claim_token IS NOT NULL AND d.claimed_until < ${input.now}::timestamptz
        AND d.next_attempt_at <= ${input.dueBy}::timestamptz
        AND ${claimable}
      ORDER BY d.claimed_until
      LIMIT ${input.limit}
      FOR UPDATE OF d SKIP LOCKED)
    , picked AS (
      SELECT id FROM run_out UNION ALL SELECT id FROM unclaimed LIMIT ${input.limit})`;
  const result = await sql<ClaimedFlat>`
    WITH ${walks}
    , unsynced AS (SELECT set_config('synchronous_commit', 'off', true))
    , claimed AS (
      UPDATE webhook_deliveries w SET claim_token = ${input.token}, claimed_until = ${input.until}::timestamptz
      FROM picked, unsynced WHERE w.id = picked.id
      RETURNING w.id, w.endpoint_id, w.event_id, w.booking_id, w.payload, w.attempts)
    SELECT c.*,
      en.url AS en_url, en.enabled AS en_enabled, en.secret_sealed AS en_secret_sealed,
      en.previous_secret_sealed AS en_previous_secret_sealed,
      en.previous_secret_expires_at AS en_previous_secret_expires_at, en.failing_since AS en_failing_since,
      ev.id AS ev_id, ev.type AS ev_type, ev.created_at AS ev_created_at, ev.live_mode AS ev_live_mode,
      ev.agency_id AS ev_agency_id, ev.data::text AS ev_data_json, ev.request_id AS ev_request_id,
      ev.idempotency_key AS ev_idempotency_key
    FROM claimed c
    LEFT JOIN webhook_endpoints en ON en.id = c.endpoint_id AND en.deleted_at IS NULL
    LEFT JOIN events ev ON ev.id = c.event_id AND c.payload IS NULL
    ${keyedPlan}`.execute(db);
  return result.rows.map(splitClaimed);
}

type ClaimedFlat = ClaimedDeliveryRow & {
  [K in keyof Omit<SendingEndpoint, 'id'> as `en_${K}`]: SendingEndpoint[K] | null;
} & { [K in keyof EnvelopeRow as `ev_${K}`]: EnvelopeRow[K] | null };

function splitClaimed(row: ClaimedFlat): ClaimedDelivery {
  const {
    en_url,
    en_enabled,
    en_secret_sealed,
    en_previous_secret_sealed,
    en_previous_secret_expires_at,
    en_failing_since,
    ev_id,
    ev_type,
    ev_created_at,
    ev_live_mode,
    ev_agency_id,
    ev_data_json,
    ev_request_id,
    ev_idempotency_key,
    ...delivery
  } = row;
  return {
    delivery,
    endpoint:
      en_url === null || en_enabled === null || en_secret_sealed === null
        ? undefined
        : {
            id: delivery.endpoint_id,
            url: en_url,
            enabled: en_enabled,
            secret_sealed: en_secret_sealed,
            previous_secret_sealed: en_previous_secret_sealed,
            previous_secret_expires_at: en_previous_secret_expires_at,
            failing_since: en_failing_since,
          },
    event:
      ev_id === null || ev_type === null || ev_created_at === null || ev_live_mode === null || ev_data_json === null
        ? undefined
        : {
            id: ev_id,
            type: ev_type,
            created_at: ev_created_at,
            live_mode: ev_live_mode,
            agency_id: ev_agency_id,
            data_json: ev_data_json,
            request_id: ev_request_id,
            idempotency_key: ev_idempotency_key,
          },
  };
}

/**
 * Gives claims back before their time (held in memory too long to cover an attempt): the rows are
 * free for the next claim at once. Only rows still under this token are touched, reached by their
 * key alone: a row holding a claim token is pending (every move out of pending clears the token),
 * and a `status = 'pending'` test would invite the partial indexes' walk (see `settleAttempts`).
 */
export async function releaseClaims(db: Db, ids: readonly string[], token: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('webhook_deliveries')
    .set({ claim_token: null, claimed_until: null })
    .where('id', 'in', ids)
    .where('claim_token', '=', token)
    .execute();
}

// No earlier pending delivery of the same booking to the same endpoint (`d` is the delivery).
// `OFFSET 0` keeps each check a probe of its own index for the row at hand (the ordering index
// here, the dispatch queue's booking index below), run only for the rows the claim walks:
// turned into an anti-join, it was planned (on statistics that said "nothing waits") as a
// scan of every waiting event for each candidate row.
const noEarlierPending = sql<boolean>`NOT EXISTS (SELECT 1 FROM webhook_deliveries e
  WHERE e.endpoint_id = d.endpoint_id AND e.booking_id = d.booking_id
    AND e.status = 'pending' AND e.event_seq < d.event_seq OFFSET 0)`;

// A delivery `d` may be claimed: nothing earlier of its booking is pending to its endpoint, and no
// earlier event of its booking waits in the dispatch queue (another dispatcher holds its batch: it
// has no delivery row yet, but comes first all the same). The check probes the queue's booking
// index (booking, seq), a few entries per booking.
const claimable = sql<boolean>`(${noEarlierPending}
  AND NOT EXISTS (SELECT 1 FROM event_dispatch_queue q
    WHERE q.booking_id = d.booking_id AND q.seq < d.event_seq OFFSET 0))`;

export interface SettleInput {
  deliveryId: string;
  token: string;
  status: 'pending' | 'succeeded' | 'failed';
  /** Also the attempt's `next_retry_at`. */
  nextAttemptAt: Date | null;
  /** Also when the attempt is recorded. */
  at: Date;
  /** The attempt row beyond what the delivery row gives it (its delivery, endpoint and number). */
  attempt: Pick<
    Insertable<WebhookAttemptsTable>,
    'succeeded' | 'status_code' | 'response_excerpt' | 'duration_ms' | 'error'
  > & { id: string; number: number };
}

/**
 * Records the outcomes of claimed attempts in one statement (each delivery's new state and its
 * attempt row, together or not at all); answers the deliveries written. A delivery whose claim was
 * lost (it ran out and another worker took it) is left as it is, and its attempt is not recorded.
 * The rows are reached by their key alone, one probe of it per outcome (a nested loop from the
 * outcomes to the key), and "still pending" is read from the claim: a row holding a claim token is
 * pending, since every move out of pending clears the token. A `status = 'pending'` test here
 * would let the planner walk the partial pending index instead, on statistics that lag a burst
 * ("few pending rows"), and match every pending row against every outcome: thousands of rows for
 * each batch, most of PostgreSQL's time in a burst. Nor is the batch's rows' key given as a list
 * (`id = ANY`) besides the join: the planner then took them in one walk of the key and matched each
 * outcome against each of them (n² comparisons: a batch of 300 spent 9 ms there, 45 000 pairs).
 */
export async function settleAttempts(db: Db, inputs: readonly SettleInput[]): Promise<Set<string>> {
  if (inputs.length === 0) return new Set();
  const col = <T>(pick: (i: SettleInput) => T) => inputs.map(pick);
  // What the delivery row holds or the delivery's state says is not sent again for the attempt row:
  // its endpoint is the row's own, its retry time the delivery's next attempt, its time the
  // outcome's.
  const result = await sql<{ delivery_id: string }>`
    WITH v AS (
      SELECT * FROM unnest(
        ${col((i) => i.deliveryId)}::text[], ${col((i) => i.token)}::text[], ${col((i) => i.status)}::text[],
        ${col((i) => isoTime(i.nextAttemptAt))}::timestamptz[], ${col((i) => isoTime(i.at))}::timestamptz[],
        ${col((i) => i.attempt.id)}::text[], ${col((i) => i.attempt.number)}::integer[],
        ${col((i) => i.attempt.succeeded)}::boolean[], ${col((i) => i.attempt.status_code ?? null)}::integer[],
        ${col((i) => i.attempt.response_excerpt ?? null)}::text[], ${col((i) => i.attempt.duration_ms)}::integer[],
        ${col((i) => i.attempt.error ?? null)}::text[]
      ) AS v(delivery_id, token, status, next_attempt_at, at, attempt_id, attempt, succeeded, status_code,
        response_excerpt, duration_ms, error)),
    settled AS (
      UPDATE webhook_deliveries d
      SET status = v.status, attempts = v.attempt,
        next_attempt_at = coalesce(v.next_attempt_at, d.next_attempt_at),
        completed_at = CASE WHEN v.next_attempt_at IS NULL THEN v.at END,
        claim_token = NULL, claimed_until = NULL
      FROM v
      WHERE d.id = v.delivery_id AND d.claim_token = v.token
      RETURNING v.*, d.endpoint_id)
    INSERT INTO webhook_attempts (id, delivery_id, endpoint_id, attempt, succeeded, status_code,
      response_excerpt, duration_ms, error, next_retry_at, created_at)
    SELECT attempt_id, delivery_id, endpoint_id, attempt, succeeded, status_code, response_excerpt,
      duration_ms, error, next_attempt_at, at
    FROM settled
    RETURNING delivery_id
    ${keyedPlan}`.execute(db);
  return new Set(result.rows.map((r) => r.delivery_id));
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

/**
 * Pending deliveries a job should have taken by now and nobody holds: their job was lost (Redis
 * restarted, a worker killed mid-attempt). Those waiting behind an earlier one are left to it.
 * Two walks, as the claim's (the unclaimed index by when due, the claimed index by when the claim
 * ran out), the oldest due of both first.
 */
export async function lostDeliveries(
  db: Db,
  input: { dueBefore: Date; now: Date; limit: number },
): Promise<WebhookDeliveryRow[]> {
  const result = await sql<WebhookDeliveryRow>`
    SELECT * FROM (
      (SELECT d.* FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.claim_token IS NULL AND d.next_attempt_at < ${input.dueBefore}::timestamptz
          AND ${noEarlierPending}
        ORDER BY d.next_attempt_at LIMIT ${input.limit})
      UNION ALL
      (SELECT d.* FROM webhook_deliveries d
        WHERE d.status = 'pending' AND d.claim_token IS NOT NULL AND d.claimed_until < ${input.now}::timestamptz
          AND d.next_attempt_at < ${input.dueBefore}::timestamptz
          AND ${noEarlierPending}
        ORDER BY d.claimed_until LIMIT ${input.limit})) lost
    ORDER BY next_attempt_at
    LIMIT ${input.limit}`.execute(db);
  return result.rows;
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
  agency_id: string;
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
 * Deliveries, newest first, each with its last attempt's answer (the attempt row with the highest
 * number, taken by a lateral join on the delivery's own index): to an endpoint and/or of an event,
 * or across endpoints by agency, mode, status and creation day (`from`/`to` are UTC days, both
 * included).
 */
export async function listDeliveryStates(
  db: Db,
  filter: {
    endpointId?: string;
    /** One event's deliveries, or several events' at once. */
    eventId?: string | readonly string[];
    agencyId?: string;
    liveMode?: boolean;
    status?: DeliveryStateRow['status'];
    from?: string;
    to?: string;
  },
  page: { page: number; perPage: number },
): Promise<{ rows: DeliveryStateRow[]; total: number }> {
  let base = db.selectFrom('webhook_deliveries as d').innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id');
  if (filter.endpointId !== undefined) base = base.where('d.endpoint_id', '=', filter.endpointId);
  if (typeof filter.eventId === 'string') base = base.where('d.event_id', '=', filter.eventId);
  // '' matches no event: it keeps an empty list valid SQL (`IN ()` is not).
  else if (filter.eventId !== undefined) base = base.where('d.event_id', 'in', [...filter.eventId, '']);
  if (filter.agencyId !== undefined) base = base.where('e.agency_id', '=', filter.agencyId);
  if (filter.liveMode !== undefined) base = base.where('e.live_mode', '=', filter.liveMode);
  if (filter.status !== undefined) base = base.where('d.status', '=', filter.status);
  if (filter.from)
    base = base.where('d.created_at', '>=', sql<Date>`${filter.from}::date::timestamp AT TIME ZONE 'UTC'`);
  if (filter.to)
    base = base.where('d.created_at', '<', sql<Date>`(${filter.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  const [rows, count] = await Promise.all([
    base
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
        'e.agency_id',
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
