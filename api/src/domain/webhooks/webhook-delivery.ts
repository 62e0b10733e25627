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
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import {
  attemptContext,
  claimDelivery,
  dropDelivery,
  failPendingOf,
  nextInLine,
  settleAttempt,
  type WebhookDeliveryRow,
  type WebhookEndpointRow,
} from '../../db/webhooks.repository.js';
import type { OutboundAnswer, OutboundPoster } from '../../outbound/outbound-http.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { recordEvent } from '../events/record-event.js';
import { eventView } from '../events/events.service.js';
import { newId } from '../ids.js';
import type { JobProducer } from '../job-producer.js';
import { endpointView } from './webhook-endpoint-view.js';
import { signDelivery } from './webhook-signing.js';
import { sql } from 'kysely';

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
}

const retryAfterCapMs = 10 * 3600 * 1000;

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed' | 'dropped' | 'not_claimed';

export async function attemptDelivery(deps: WebhookDeliveryDeps, deliveryId: string): Promise<AttemptOutcome> {
  const { db, clock } = deps;
  const token = randomUUID();
  const now = clock.now();
  const delivery = await claimDelivery(db, {
    id: deliveryId,
    token,
    now,
    // The claim outlives the longest attempt, so it runs out only for a dead worker.
    until: new Date(now.getTime() + deps.timeoutMs + 5_000),
    dueBy: new Date(now.getTime() + 1_000),
  });
  if (!delivery) return 'not_claimed';

  const { endpoint, event } = await attemptContext(db, delivery);
  if (!endpoint || !endpoint.enabled) {
    // Switched off or deleted since: nothing more goes there; the next in line is freed too.
    await dropDelivery(db, delivery.id, token, now);
    await startNextInLine(deps, delivery);
    return 'dropped';
  }
  const body =
    delivery.payload !== null ? JSON.stringify(delivery.payload) : event ? JSON.stringify(eventView(event)) : null;
  if (body === null) {
    await dropDelivery(db, delivery.id, token, now);
    return 'dropped';
  }
  const sentAt = clock.now();
  const headers = signDelivery({
    messageId: delivery.event_id,
    at: sentAt,
    body,
    secrets: secretsOf(deps, endpoint, sentAt),
  });
  const answer = await deps.poster.post(endpoint.url, body, { ...headers });
  return settle(deps, { delivery, endpoint, token, answer });
}

/** The current secret, and the previous one while its rotation window lasts. */
function secretsOf(deps: WebhookDeliveryDeps, endpoint: WebhookEndpointRow, at: Date): string[] {
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
  input: { delivery: WebhookDeliveryRow; endpoint: WebhookEndpointRow; token: string; answer: OutboundAnswer },
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

  const settleInput = {
    deliveryId: delivery.id,
    token,
    status,
    nextAttemptAt: nextAt,
    at: now,
    attempt: {
      id: newId('wha'),
      delivery_id: delivery.id,
      endpoint_id: endpoint.id,
      attempt,
      succeeded,
      status_code: answer.status,
      response_excerpt: answer.excerpt,
      duration_ms: answer.durationMs,
      error: answer.error,
      next_retry_at: nextAt,
      created_at: now,
    },
  } as const;
  // The usual case, a success to a healthy endpoint, is one statement; the rest also moves the
  // endpoint's failure clock, in one transaction with the attempt.
  const written =
    succeeded && endpoint.failing_since === null
      ? await settleAttempt(deps.db, settleInput)
      : await deps.db.transaction().execute(async (trx) => {
          if (!(await settleAttempt(trx, settleInput))) return false;
          if (succeeded) {
            await trx
              .updateTable('webhook_endpoints')
              .set({ failing_since: null })
              .where('id', '=', endpoint.id)
              .where('failing_since', 'is not', null)
              .execute();
            return true;
          }
          // The failure clock starts at the first failure since the last success.
          const clockRow = await trx
            .updateTable('webhook_endpoints')
            .set({ failing_since: sql<Date>`coalesce(failing_since, ${now})` })
            .where('id', '=', endpoint.id)
            .returning('failing_since')
            .executeTakeFirst();
          const failingFor = clockRow?.failing_since ? now.getTime() - clockRow.failing_since.getTime() : 0;
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
  await startNextInLine(deps, delivery);
  return succeeded ? 'succeeded' : 'failed';
}

/**
 * Switches the endpoint off once (the conditional update), gives up what waits for it and raises
 * `webhook_endpoint.disabled` in the same transaction. Lock order: the endpoint row alone.
 */
async function switchOff(trx: Db, endpointId: string, reason: 'gone' | 'failing', now: Date): Promise<void> {
  const row = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: reason, updated_at: now })
    .where('id', '=', endpointId)
    .where('enabled', '=', true)
    .returningAll()
    .executeTakeFirst();
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

async function startNextInLine(deps: WebhookDeliveryDeps, done: WebhookDeliveryRow): Promise<void> {
  const next = await nextInLine(deps.db, done);
  if (next)
    await deps.jobs.enqueueWebhookDelivery(next.id, `a${next.attempts}-after-${done.id}`).catch(() => undefined);
}
