// Webhook endpoints: an agency's, managed by its supervisors and by staff. An endpoint is test or
// live by the credential that made it (a test token: test; a live token: live; a console session
// says which, test by default) and hears only its own mode's events. A token sees only its mode's
// endpoints, as it sees only its mode's events. The signing secret is sealed at rest and answered
// only at creation and rotation; after a rotation the previous secret signs too for 24 hours.
// Another agency's endpoint answers 404, never 403: its existence is not the caller's business.
import type { Db } from '../../db/database.js';
import { findEvent } from '../../db/events.repository.js';
import {
  enabledEndpointsOf,
  failPendingOf,
  findDelivery,
  findEndpoint,
  insertDeliveries,
  insertEndpoint,
  listAttempts,
  listDeliveryStates,
  listEndpoints,
  updateEndpoint,
  type DeliveryStateRow,
  type WebhookEndpointRow,
} from '../../db/webhooks.repository.js';
import { OutboundRefused, type OutboundGuard } from '../../outbound/outbound-guard.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DomainError, notFound } from '../errors.js';
import type { EventType } from '../events/event-types.js';
import type { EventsService } from '../events/events.service.js';
import { testEnvelope, testEventOf } from '../events/test-events.js';
import { newId } from '../ids.js';
import type { JobProducer } from '../job-producer.js';
import { isStaff, liveModeOf, type Principal } from '../principal.js';
import { endpointView, type WebhookEndpoint } from './webhook-endpoint-view.js';
import { newWebhookSecret } from './webhook-signing.js';

export const rotationWindowMs = 24 * 3600 * 1000;

export interface WebhookDeliveryView {
  id: string;
  endpoint_id: string;
  event_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  created_at: string;
}

export function createWebhookEndpointsService(deps: {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  guard: OutboundGuard;
  jobs: Pick<JobProducer, 'enqueueWebhookDelivery'>;
  events: Pick<EventsService, 'get'>;
}) {
  const { db, clock, secrets, guard } = deps;

  /** Whose endpoints a caller reaches: staff every agency's; a token only its own mode's. */
  function wallOf(principal: Principal): { agencyId: string | null; liveMode?: boolean } {
    const liveMode = liveModeOf(principal);
    if (isStaff(principal)) return { agencyId: null, liveMode };
    if (!principal.agencyId) throw new DomainError('forbidden');
    return { agencyId: principal.agencyId, liveMode };
  }

  async function reachable(principal: Principal, id: string): Promise<WebhookEndpointRow> {
    const wall = wallOf(principal);
    const row = await findEndpoint(db, id);
    if (!row) throw notFound('webhook endpoint');
    if (wall.agencyId !== null && row.agency_id !== wall.agencyId) throw notFound('webhook endpoint');
    if (wall.liveMode !== undefined && row.live_mode !== wall.liveMode) throw notFound('webhook endpoint');
    return row;
  }

  /** The save-time check: a clear 422 now rather than failed deliveries later. */
  async function checkedUrl(url: string, liveMode: boolean): Promise<string> {
    try {
      return (await guard.checkUrl(url, { requireHttps: liveMode })).toString();
    } catch (error) {
      if (error instanceof OutboundRefused)
        throw new DomainError('webhook_url_refused', error.message, { pointer: '/url' });
      throw error;
    }
  }

  /**
   * A delivery a person asked for (a test event, a resend, a redelivery): it goes at once, outside
   * its booking's order, so it waits behind no other delivery and holds none up.
   */
  function deliveryAtOnce(
    endpointId: string,
    event: { id: string; type: string; seq: string },
    payload: string | null,
  ): Parameters<typeof insertDeliveries>[1][number] & { id: string; created_at: Date } {
    const now = clock.now();
    return {
      id: newId('whd'),
      endpoint_id: endpointId,
      event_id: event.id,
      event_type: event.type,
      event_seq: event.seq,
      booking_id: null,
      payload,
      next_attempt_at: now,
      created_at: now,
    };
  }

  async function queueDeliveries(rows: Parameters<typeof insertDeliveries>[1]): Promise<void> {
    await insertDeliveries(db, rows);
    for (const r of rows) await deps.jobs.enqueueWebhookDelivery(r.id, 'a0').catch(() => undefined);
  }

  const deliveryView = (r: { id: string; endpoint_id: string; event_id: string; created_at: Date }) =>
    ({
      id: r.id,
      endpoint_id: r.endpoint_id,
      event_id: r.event_id,
      status: 'pending',
      created_at: r.created_at.toISOString(),
    }) satisfies WebhookDeliveryView;

  async function sendTestEvent(
    principal: Principal,
    id: string,
    type: EventType | 'ping',
  ): Promise<WebhookDeliveryView> {
    const endpoint = await reachable(principal, id);
    if (!endpoint.enabled) throw new DomainError('webhook_endpoint_disabled');
    const scope = { agencyId: endpoint.agency_id, liveMode: endpoint.live_mode };
    const now = clock.now();
    const event =
      type === 'ping'
        ? testEnvelope(scope, type, endpointView(endpoint, now), now)
        : await testEventOf(db, scope, type, now);
    const row = deliveryAtOnce(endpoint.id, { id: event.id, type, seq: '0' }, JSON.stringify(event));
    await queueDeliveries([row]);
    return deliveryView(row);
  }

  return {
    async create(
      principal: Principal,
      input: { url: string; events: EventType[]; description?: string; liveMode?: boolean },
    ): Promise<WebhookEndpoint & { secret: string }> {
      if (!principal.agencyId)
        throw new DomainError('forbidden', 'Endpoints belong to an agency; sign in as one of its supervisors.');
      let liveMode = input.liveMode ?? false;
      if (principal.via.kind === 'token') {
        const tokenLive = principal.via.mode === 'live';
        if (input.liveMode !== undefined && input.liveMode !== tokenLive)
          throw new DomainError(
            'validation_failed',
            `A ${principal.via.mode} token makes ${principal.via.mode} endpoints.`,
            { pointer: '/live_mode' },
          );
        liveMode = tokenLive;
      }
      const url = await checkedUrl(input.url, liveMode);
      const secret = newWebhookSecret();
      const now = clock.now();
      const row = await insertEndpoint(db, {
        id: newId('we'),
        agency_id: principal.agencyId,
        live_mode: liveMode,
        url,
        description: input.description ?? null,
        events: [...new Set(input.events)],
        secret_sealed: secrets.seal(secret),
        created_by: principal.accountId,
        created_at: now,
        updated_at: now,
      });
      return { ...endpointView(row, now), secret };
    },

    async list(principal: Principal, page: { page: number; perPage: number }) {
      const { rows, total } = await listEndpoints(db, wallOf(principal), page);
      const now = clock.now();
      return { items: rows.map((r) => endpointView(r, now)), total };
    },

    async get(principal: Principal, id: string): Promise<WebhookEndpoint> {
      return endpointView(await reachable(principal, id), clock.now());
    },

    async update(
      principal: Principal,
      id: string,
      input: { url?: string; events?: EventType[]; description?: string | null; enabled?: boolean },
    ): Promise<WebhookEndpoint> {
      const current = await reachable(principal, id);
      const now = clock.now();
      const url = input.url === undefined ? undefined : await checkedUrl(input.url, current.live_mode);
      const row = await db.transaction().execute(async (trx) => {
        const updated = await updateEndpoint(trx, id, {
          ...(url !== undefined ? { url } : {}),
          ...(input.events ? { events: [...new Set(input.events)] } : {}),
          ...(input.description !== undefined ? { description: input.description } : {}),
          // Switched back on: why it was off no longer holds, and its failure clock starts afresh.
          ...(input.enabled === true ? { enabled: true, disabled_reason: null, failing_since: null } : {}),
          ...(input.enabled === false ? { enabled: false, disabled_reason: null } : {}),
          updated_at: now,
        });
        if (!updated) throw notFound('webhook endpoint');
        if (input.enabled === false) await failPendingOf(trx, id, now);
        return updated;
      });
      return endpointView(row, now);
    },

    async remove(principal: Principal, id: string): Promise<void> {
      await reachable(principal, id);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await updateEndpoint(trx, id, { deleted_at: now, enabled: false, updated_at: now });
        await failPendingOf(trx, id, now);
      });
    },

    /** A new secret; the previous one keeps signing for 24 hours. */
    async rotateSecret(principal: Principal, id: string): Promise<WebhookEndpoint & { secret: string }> {
      const current = await reachable(principal, id);
      const secret = newWebhookSecret();
      const now = clock.now();
      const row = await updateEndpoint(db, id, {
        secret_sealed: secrets.seal(secret),
        previous_secret_sealed: current.secret_sealed,
        previous_secret_expires_at: new Date(now.getTime() + rotationWindowMs),
        updated_at: now,
      });
      if (!row) throw notFound('webhook endpoint');
      return { ...endpointView(row, now), secret };
    },

    /** A `ping` event, not of the log, delivered like any other. */
    async ping(principal: Principal, id: string): Promise<WebhookDeliveryView> {
      return sendTestEvent(principal, id, 'ping');
    },

    /**
     * A test event of a chosen type: `ping`, or a copy of the agency's newest event of that type in
     * the endpoint's mode. The copy gets a new id (a receiver deduplicating on webhook-id must not
     * drop it as the original) and stays out of the log, so nothing else hears of it.
     */
    async sendTestEvent(principal: Principal, id: string, type: EventType | 'ping'): Promise<WebhookDeliveryView> {
      return sendTestEvent(principal, id, type);
    },

    /** Deliveries to an endpoint and/or of an event, each with where it stands. */
    async deliveryStates(
      principal: Principal,
      filter: { endpointId?: string; eventId?: string },
      page: { page: number; perPage: number },
    ) {
      if (filter.endpointId === undefined && filter.eventId === undefined)
        throw new DomainError('validation_failed', 'Give endpoint_id, event_id or both.', {
          parameter: 'endpoint_id',
        });
      // Each filter is walled by its own rule: the endpoint's, the event's. A delivery goes only to
      // an endpoint of its event's agency and mode, so either wall keeps the caller to its own.
      if (filter.endpointId !== undefined) await reachable(principal, filter.endpointId);
      if (filter.eventId !== undefined) await deps.events.get(principal, filter.eventId);
      const { rows, total } = await listDeliveryStates(
        db,
        { endpointId: filter.endpointId, eventId: filter.eventId },
        page,
      );
      return { items: rows.map(deliveryStateView), total };
    },

    /**
     * One delivery again: the same event (same webhook-id, same body) to the same endpoint, as a new
     * delivery that goes at once, outside its booking's order (a repeat the person asked for).
     */
    /** Deliveries that gave up, across the caller's endpoints (staff: every agency's, or one). */
    async failedDeliveries(
      principal: Principal,
      filter: { agencyId?: string; from?: string; to?: string },
      page: { page: number; perPage: number },
    ) {
      const wall = wallOf(principal);
      if (wall.agencyId !== null && filter.agencyId !== undefined && filter.agencyId !== wall.agencyId)
        return { items: [], total: 0 };
      const { rows, total } = await listDeliveryStates(
        db,
        {
          status: 'failed',
          agencyId: wall.agencyId ?? filter.agencyId,
          liveMode: wall.liveMode,
          from: filter.from,
          to: filter.to,
        },
        page,
      );
      return { items: rows.map((d) => ({ ...deliveryStateView(d), agency_id: d.agency_id })), total };
    },

    async resendDelivery(principal: Principal, deliveryId: string): Promise<WebhookDeliveryView> {
      const delivery = await findDelivery(db, deliveryId);
      if (!delivery) throw notFound('webhook delivery');
      let endpoint: WebhookEndpointRow;
      try {
        endpoint = await reachable(principal, delivery.endpoint_id);
      } catch (error) {
        // Another agency's delivery, or one to a deleted endpoint: no such delivery for this caller.
        if (error instanceof DomainError && error.code === 'not_found') throw notFound('webhook delivery');
        throw error;
      }
      if (!endpoint.enabled) throw new DomainError('webhook_endpoint_disabled');
      const row = deliveryAtOnce(
        endpoint.id,
        { id: delivery.event_id, type: delivery.event_type, seq: delivery.event_seq },
        // A ping's or test event's own body (jsonb, read back parsed); a logged event's is rebuilt from the log.
        delivery.payload === null ? null : JSON.stringify(delivery.payload),
      );
      await queueDeliveries([row]);
      return deliveryView(row);
    },

    async attempts(principal: Principal, id: string, page: { page: number; perPage: number }) {
      await reachable(principal, id);
      const { rows, total } = await listAttempts(db, id, page);
      return {
        items: rows.map((a) => ({
          id: a.id,
          delivery_id: a.delivery_id,
          event_id: a.event_id,
          event_type: a.event_type,
          attempt: a.attempt,
          succeeded: a.succeeded,
          status_code: a.status_code,
          response_excerpt: a.response_excerpt,
          duration_ms: a.duration_ms,
          error: a.error,
          next_retry_at: a.next_retry_at ? a.next_retry_at.toISOString() : null,
          created_at: a.created_at.toISOString(),
        })),
        total,
      };
    },

    /** The event again, same webhook-id, to one endpoint or every one that receives it. */
    async redeliver(principal: Principal, eventId: string, endpointId?: string): Promise<WebhookDeliveryView[]> {
      const event = await deps.events.get(principal, eventId);
      const row = await findEvent(db, eventId);
      if (!row || !event.agency_id) throw notFound('event');
      let endpoints: WebhookEndpointRow[];
      if (endpointId) {
        const endpoint = await reachable(principal, endpointId);
        if (endpoint.agency_id !== event.agency_id || endpoint.live_mode !== event.live_mode)
          throw new DomainError('webhook_endpoint_mismatch', undefined, { pointer: '/endpoint_id' });
        if (!endpoint.enabled) throw new DomainError('webhook_endpoint_disabled');
        endpoints = [endpoint];
      } else {
        endpoints = (await enabledEndpointsOf(db, [event.agency_id])).filter(
          (e) => e.live_mode === event.live_mode && e.events.includes(event.type),
        );
      }
      const rows = endpoints.map((e) => deliveryAtOnce(e.id, { id: event.id, type: event.type, seq: row.seq }, null));
      await queueDeliveries(rows);
      return rows.map(deliveryView);
    },
  };
}

export type WebhookEndpointsService = ReturnType<typeof createWebhookEndpointsService>;

/** A delivery's state as the contract's WebhookDeliveryState shows it. */
export function deliveryStateView(d: DeliveryStateRow) {
  return {
    id: d.id,
    endpoint_id: d.endpoint_id,
    endpoint_url: d.endpoint_url,
    event_id: d.event_id,
    event_type: d.event_type,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.status === 'pending' ? d.next_attempt_at.toISOString() : null,
    last_status_code: d.last_status_code,
    last_duration_ms: d.last_duration_ms,
    last_error: d.last_error,
    created_at: d.created_at.toISOString(),
    completed_at: d.completed_at ? d.completed_at.toISOString() : null,
  };
}
