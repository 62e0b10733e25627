// One attempt of one delivery (an event to an endpoint), by the rules of Standard Webhooks and the
// product: the body is the event's envelope as GET /events/{id} answers it, signed afresh on each
// attempt under the same `webhook-id`; any 2xx is a success; otherwise the next attempt waits by
// the schedule (at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), or as long as the receiver's
// Retry-After asks on 429/503; a 410 says the receiver is gone for good and switches the endpoint
// off; an endpoint whose every attempt failed for five days is switched off too, and each
// switch-off raises `webhook_endpoint.disabled`.
// Invariant: an attempt is sent only under a claim held in PostgreSQL (two workers never send the
// same attempt), and its outcome is written only while that claim still holds. A worker killed
// between the send and the write leaves the claim to run out; the attempt is then sent again
// (at least once; the receiver deduplicates on webhook-id).
// Per booking, an endpoint hears events in log order: a delivery is claimed only when no earlier
// one of the same booking to the same endpoint is pending (the claim's condition), and finishing
// one starts the next in line.
// Throughput: a delivery costs a fraction of a round trip, not five. The dispatcher's fan-out writes
// the first attempt of as many deliveries as this worker has free slots for already claimed by it
// (`fanOutClaim`), and hands them to the delivery loop with the endpoint and event it has in hand:
// no claim and no read before the send. The rest are claimed by the loop in batches, one statement
// that also reads their endpoints and events. Successes to healthy endpoints are recorded in
// batches too (the first success is written at once; those that finish while it is being written
// go together in the next statement).
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import {
  claimDeliveries,
  clearFailingSince,
  dropDelivery,
  failPendingOf,
  insertDeliveriesClaiming,
  releaseClaims,
  settleAttempts,
  startFailingClock,
  switchOffEndpoint,
  type NewDelivery,
  type SendingEndpoint,
  type SettleInput,
  type ClaimedDeliveryRow,
} from '../../db/webhooks.repository.js';
import type { OutboundAnswer, OutboundPoster } from '../../outbound/outbound-http.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { recordEvent } from '../events/record-event.js';
import { eventViewJson } from '../events/events.service.js';
import { newId } from '../ids.js';
import type { JobProducer } from '../job-producer.js';
import { endpointView } from './webhook-endpoint-view.js';
import { signDelivery } from './webhook-signing.js';

export interface WebhookDeliveryDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  poster: OutboundPoster;
  jobs: Pick<JobProducer, 'enqueueWebhookDelivery'>;
  /** The wait before attempt n + 1 after attempt n failed (index 0: the first attempt, at once). */
  scheduleMs: readonly number[];
  timeoutMs: number;
  disableAfterMs: number;
  /**
   * Says that a delivery may have become due: the next of a booking's deliveries to an endpoint,
   * freed when the one before it finished. The worker's delivery loop claims it.
   */
  wake: () => void;
}

const retryAfterCapMs = 10 * 3600 * 1000;

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'dropped' | 'not_claimed';

export interface StartedAttempt {
  sent: Promise<void>;
  done: Promise<AttemptOutcome>;
}

/** A claim this worker holds, with what its attempt sends. */
export interface HeldClaim {
  delivery: ClaimedDeliveryRow;
  token: string;
  until: Date;
  /** Absent once deleted. */
  endpoint: SendingEndpoint | undefined;
  /** The endpoint's signing secrets, opened once per endpoint in a batch. */
  secrets: string[];
  /**
   * The event as GET /events/{id} answers it, in JSON, as the bytes sent; absent when the delivery
   * carries its own payload. Bytes, not a string: a claim waits in the delivery loop's line about a
   * second, and a burst's line of bodies held as strings was copied by every young collection (bytes
   * live outside V8's heap); the post sends bytes anyway.
   */
  body: Buffer | undefined;
}

export interface WebhookDeliverer {
  /** One attempt of this delivery, if it is due and free (a queue job's delivery). */
  attempt(deliveryId: string): Promise<AttemptOutcome>;
  /** Claims up to `limit` due deliveries, the oldest due first, for `deliverHeld`. */
  claimDue(limit: number): Promise<HeldClaim[]>;
  /**
   * Writes a fan-out's deliveries in the dispatcher's transaction, the first `claimUpTo` of them
   * (in log order) already claimed when the delivery claim's conditions allow; answers those.
   */
  writeFanOut(trx: Db, fanOut: FanOut, claimUpTo: number): Promise<HeldClaim[]>;
  /**
   * Starts the attempt of a held claim (taken at fan-out or by `claimDue`). Answers when its request
   * is over (`sent`: the receiver answered or did not; its connection is free again) and its
   * outcome once recorded (`done`).
   */
  deliverHeld(claim: HeldClaim): StartedAttempt;
}

/** The delivery loop as the fan-out sees it. */
export interface DeliverySlots {
  /**
   * A fan-out is under way and may bring claims (`take`): while its line holds a round of slots'
   * worth, the loop leaves the room to it rather than claim by a statement of its own.
   */
  expect(): void;
  /** How many more attempts the loop would start now. */
  free(): number;
  /**
   * Starts the attempts of claims taken at fan-out, and looks for the rest of what is due;
   * `leftUnclaimed`: the fan-out wrote rows it did not claim.
   */
  take(claims: HeldClaim[], leftUnclaimed: boolean): void;
}

export interface FanOut {
  rows: NewDelivery[];
  endpoints: ReadonlyMap<string, SendingEndpoint>;
  /** Each event's body (its envelope as GET /events/{id} answers it, in JSON, as bytes), by event id. */
  bodies: ReadonlyMap<string, Buffer>;
}

// What a claim holds beyond the attempt's timeout: a wait in the delivery loop's line, then the
// attempt's recording on a slow database. A claim is sent only while it still covers the attempt
// and `recordMarginMs`; held in line longer, it is given back.
const claimMarginMs = 10_000;
const recordMarginMs = 2_000;

export function createWebhookDeliverer(deps: WebhookDeliveryDeps): WebhookDeliverer {
  const { db, clock } = deps;
  const successes = successBatcher(db);

  /**
   * A new claim: its token, and how long it holds. It outlives the longest attempt, so it runs out
   * only for a dead worker (or for a claim held unsent in memory too long: see `attemptHeld`).
   */
  const newClaim = (now: Date) => ({
    token: randomUUID(),
    until: new Date(now.getTime() + deps.timeoutMs + claimMarginMs),
  });

  /** The claims as held, each endpoint's secrets opened once for the batch. */
  function holding(
    claimed: {
      delivery: ClaimedDeliveryRow;
      endpoint: SendingEndpoint | undefined;
      body: Buffer | undefined;
    }[],
    claim: { token: string; until: Date },
    now: Date,
  ): HeldClaim[] {
    const secrets = new Map<string, string[]>();
    return claimed.map((c) => {
      let sealed: string[] = [];
      if (c.endpoint) {
        sealed = secrets.get(c.endpoint.id) ?? secretsOf(deps, c.endpoint, now);
        secrets.set(c.endpoint.id, sealed);
      }
      return { ...c, ...claim, secrets: sealed };
    });
  }

  async function claim(limit: number, dueAheadMs: number, ids?: string[]): Promise<HeldClaim[]> {
    const now = clock.now();
    const held = newClaim(now);
    const claimed = await claimDeliveries(db, {
      ...held,
      now,
      dueBy: new Date(now.getTime() + dueAheadMs),
      limit,
      ids,
    });
    return holding(
      claimed.map((c) => ({ ...c, body: c.event && Buffer.from(eventViewJson(c.event)) })),
      held,
      now,
    );
  }

  /** One attempt under a held claim; `onSent` says the request is over (also when none was made). */
  async function attemptHeld(held: HeldClaim, onSent: () => void): Promise<AttemptOutcome> {
    const { delivery, endpoint, token } = held;
    let answer: OutboundAnswer;
    try {
      const now = clock.now();
      // A claim held in memory until it can no longer cover a whole attempt is given back unsent:
      // it could run out mid-send, and another worker would send the same attempt.
      if (held.until.getTime() - now.getTime() < deps.timeoutMs + recordMarginMs) {
        await releaseClaims(db, [delivery.id], token);
        deps.wake();
        return 'not_claimed';
      }
      if (!endpoint || !endpoint.enabled) {
        // Switched off or deleted since: nothing more goes there; the next in line is freed too.
        await dropDelivery(db, delivery.id, token, now);
        startNextInLine(deps, delivery);
        return 'dropped';
      }
      const body = delivery.payload !== null ? JSON.stringify(delivery.payload) : held.body;
      if (body === undefined) {
        await dropDelivery(db, delivery.id, token, now);
        return 'dropped';
      }
      const headers = signDelivery({ messageId: delivery.event_id, at: now, body, secrets: held.secrets });
      answer = await deps.poster.post(endpoint.url, body, { ...headers });
    } finally {
      onSent();
    }
    return settle(deps, successes, { delivery, endpoint, token, answer });
  }

  const start = (held: HeldClaim): StartedAttempt => {
    let sent!: () => void;
    const over = new Promise<void>((resolve) => (sent = resolve));
    return { sent: over, done: attemptHeld(held, sent) };
  };

  return {
    async attempt(deliveryId) {
      // Only a due row: the loop may already have made the attempt this job was queued for, and
      // with any look-ahead the job would then send the next attempt before its step is up. A job
      // that runs a moment early leaves the row to the loop's next pass.
      const [held] = await claim(1, 0, [deliveryId]);
      return held ? attemptHeld(held, () => undefined) : 'not_claimed';
    },
    claimDue: (limit) => claim(limit, 0),
    async writeFanOut(trx, fanOut, claimUpTo) {
      const now = clock.now();
      const held = newClaim(now);
      const wanted = new Set(fanOut.rows.slice(0, Math.max(0, claimUpTo)).map((r) => r.id));
      const claimed = await insertDeliveriesClaiming(trx, fanOut.rows, { ids: wanted, ...held });
      return holding(
        claimed.map((delivery) => ({
          delivery,
          endpoint: fanOut.endpoints.get(delivery.endpoint_id),
          body: fanOut.bodies.get(delivery.event_id),
        })),
        held,
        now,
      );
    },
    deliverHeld: start,
  };
}

/**
 * Successes to healthy endpoints, written together: the first is written at once, and those that
 * finish while a write is under way wait for it and go in the next one (one statement for all).
 */
function successBatcher(db: Db) {
  let queued: { input: SettleInput; done: (written: boolean) => void; failed: (e: unknown) => void }[] = [];
  let writing = false;
  const flush = async () => {
    writing = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        const written = await settleAttempts(
          db,
          batch.map((b) => b.input),
        );
        for (const b of batch) b.done(written.has(b.input.deliveryId));
      } catch (error) {
        for (const b of batch) b.failed(error);
      }
    }
    writing = false;
  };
  return (input: SettleInput) =>
    new Promise<boolean>((done, failed) => {
      queued.push({ input, done, failed });
      if (!writing) void flush();
    });
}

/** The current secret, and the previous one while its rotation window lasts. */
function secretsOf(deps: WebhookDeliveryDeps, endpoint: SendingEndpoint, at: Date): string[] {
  const secrets = [deps.secrets.open(endpoint.secret_sealed)];
  if (
    endpoint.previous_secret_sealed &&
    endpoint.previous_secret_expires_at &&
    endpoint.previous_secret_expires_at > at
  )
    secrets.push(deps.secrets.open(endpoint.previous_secret_sealed));
  return secrets;
}

/** Seconds (or an HTTP date) from Retry-After; null when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

async function settle(
  deps: WebhookDeliveryDeps,
  successes: (input: SettleInput) => Promise<boolean>,
  input: { delivery: ClaimedDeliveryRow; endpoint: SendingEndpoint; token: string; answer: OutboundAnswer },
): Promise<AttemptOutcome> {
  const { delivery, endpoint, token, answer } = input;
  const now = deps.clock.now();
  const attempt = delivery.attempts + 1;
  const succeeded = answer.status !== null && answer.status >= 200 && answer.status < 300;
  const gone = answer.status === 410;
  const outOfAttempts = attempt >= deps.scheduleMs.length;
  let nextAt: Date | null = null;
  if (!succeeded && !gone && !outOfAttempts) {
    let wait = deps.scheduleMs[attempt]!;
    // The receiver says when it can take more: its word wins over the schedule, up to ten hours
    // (the schedule's longest step; a Retry-After of a week would strand the delivery).
    if (answer.status === 429 || answer.status === 503) {
      const asked = retryAfterMs(answer.headers['retry-after'], now);
      if (asked !== null) wait = Math.min(asked, retryAfterCapMs);
    }
    nextAt = new Date(now.getTime() + wait);
  }
  const status = succeeded ? 'succeeded' : nextAt ? 'pending' : 'failed';

  const settleInput: SettleInput = {
    deliveryId: delivery.id,
    token,
    status,
    nextAttemptAt: nextAt,
    at: now,
    attempt: {
      id: newId('wha'),
      number: attempt,
      succeeded,
      status_code: answer.status,
      response_excerpt: answer.excerpt,
      duration_ms: answer.durationMs,
      error: answer.error,
    },
  };
  // The usual case, a success to a healthy endpoint, is written with the others finishing now;
  // the rest also moves the endpoint's failure clock, in one transaction with the attempt.
  const written =
    succeeded && endpoint.failing_since === null
      ? await successes(settleInput)
      : await deps.db.transaction().execute(async (trx) => {
          if ((await settleAttempts(trx, [settleInput])).size === 0) return false;
          if (succeeded) {
            await clearFailingSince(trx, endpoint.id);
            return true;
          }
          // The failure clock starts at the first failure since the last success.
          const failingSince = await startFailingClock(trx, endpoint.id, now);
          const failingFor = failingSince ? now.getTime() - failingSince.getTime() : 0;
          if (gone) await switchOff(trx, endpoint.id, 'gone', now);
          else if (failingFor >= deps.disableAfterMs) await switchOff(trx, endpoint.id, 'failing', now);
          return true;
        });
  if (!written) return 'not_claimed';
  if (nextAt) {
    await deps.jobs
      .enqueueWebhookDelivery(delivery.id, `a${attempt}`, Math.max(0, nextAt.getTime() - Date.now()))
      .catch(() => undefined); // the sweeper enqueues it again
    return 'retrying';
  }
  startNextInLine(deps, delivery);
  return succeeded ? 'succeeded' : 'failed';
}

/**
 * Switches the endpoint off once (the conditional update), gives up what waits for it and raises
 * `webhook_endpoint.disabled` in the same transaction. Lock order: the endpoint row alone.
 */
async function switchOff(trx: Db, endpointId: string, reason: 'gone' | 'failing', now: Date): Promise<void> {
  const row = await switchOffEndpoint(trx, endpointId, reason, now);
  if (!row) return;
  await failPendingOf(trx, endpointId, now);
  await recordEvent(trx, {
    type: 'webhook_endpoint.disabled',
    agencyId: row.agency_id,
    liveMode: row.live_mode,
    object: endpointView(row, now),
    at: now,
    dedupeKey: `webhook_endpoint.disabled:${row.id}:${now.toISOString()}`,
  });
}

function startNextInLine(deps: WebhookDeliveryDeps, done: ClaimedDeliveryRow): void {
  if (done.booking_id) deps.wake();
}
