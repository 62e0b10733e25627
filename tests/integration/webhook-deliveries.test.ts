// The console's webhook operations over HTTP: deliveries listed by endpoint and by event with where
// each stands (pending with no attempt, then delivered with the receiver's code and the duration),
// one delivery sent again (same webhook-id, a new row), a test event of a chosen type (ping, a copy
// of the agency's newest event of that type, 422 when there is none), and the walls: an agent is
// refused, another agency's supervisor sees 404, a switched-off endpoint takes no resend. A claim
// taken at fan-out that waited in memory until it could no longer cover an attempt is given back
// unsent, and the next claim sends it.
// Attempts are made by the real delivery code against a real HTTP receiver on loopback.
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../api/src/domain/clock.js';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { eventView } from '../../api/src/domain/events/events.service.js';
import { recordEvent } from '../../api/src/domain/events/record-event.js';
import { createWebhookDeliverer, type WebhookDeliveryDeps } from '../../api/src/domain/webhooks/webhook-delivery.js';
import { createOutboundGuard } from '../../api/src/outbound/outbound-guard.js';
import { createOutboundPoster } from '../../api/src/outbound/outbound-http.js';
import { bearer } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';
import { startReceiver, verifyStandardWebhook, type Receiver } from '../support/webhook-receiver.js';

let stack: Stack;
let receiver: Receiver;
let tenant: TestTenant;
let supervisor: TestAccount;
let deliver: (deliveryId: string) => Promise<string>;
let deps: WebhookDeliveryDeps;

beforeAll(async () => {
  [stack, receiver] = await Promise.all([
    startStack({ env: { WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8' } }),
    startReceiver((_d, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')),
  ]);
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  const guard = createOutboundGuard({ allowCidrs: '127.0.0.0/8' });
  deps = {
    db: stack.ctx.db,
    clock: systemClock,
    secrets: createSecretBox(stack.config.SECRET_KEY, 'webhook-secret'),
    poster: createOutboundPoster(guard, { timeoutMs: 2_000, connections: 4 }),
    jobs: { enqueueWebhookDelivery: async () => undefined },
    scheduleMs: [0, 60_000],
    timeoutMs: 2_000,
    disableAfterMs: 3_600_000,
    wake: () => undefined,
  };
  const deliverer = createWebhookDeliverer(deps);
  deliver = (id) => deliverer.attempt(id);
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await stack?.close();
});

const api = () => request(stack.baseUrl);

async function createEndpoint(who: TestAccount, events: string[] = ['booking.issued']) {
  const res = await api().post('/api/v1/webhook_endpoints').set(bearer(who.token)).send({ url: receiver.url, events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string };
}

async function deliveries(who: TestAccount, query: Record<string, string>) {
  const res = await api().get('/api/v1/webhook_deliveries').query(query).set(bearer(who.token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Array<Record<string, any>>; meta: { total: number } };
}

/** An event of the agency's log, as a change would append it; its id. */
async function raise(type: 'booking.issued' | 'balance.low', object: object) {
  const dedupeKey = `test:${randomBytes(8).toString('hex')}`;
  await stack.ctx.db.transaction().execute((trx) =>
    recordEvent(trx, {
      type,
      agencyId: tenant.agencyId,
      companyId: tenant.companyId,
      bookingId: null,
      liveMode: false,
      object,
      at: new Date(),
      dedupeKey,
    }),
  );
  const row = await stack.ctx.db
    .selectFrom('events')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('test events', () => {
  it('sends a ping, refuses a type the agency has no event of, and copies the newest event of a type', async () => {
    const endpoint = await createEndpoint(supervisor);
    const ping = await api()
      .post(`/api/v1/webhook_endpoints/${endpoint.id}/test_events`)
      .set(bearer(supervisor.token))
      .send({ type: 'ping' });
    expect(ping.status, JSON.stringify(ping.body)).toBe(202);

    const listed = await deliveries(supervisor, { endpoint_id: endpoint.id });
    expect(listed.data[0]).toMatchObject({
      id: ping.body.id,
      event_type: 'ping',
      status: 'pending',
      attempts: 0,
      last_status_code: null,
      endpoint_url: receiver.url,
    });
    expect(listed.data[0]!['next_attempt_at']).not.toBeNull();

    expect(await deliver(ping.body.id)).toBe('succeeded');
    const [done] = (await deliveries(supervisor, { endpoint_id: endpoint.id })).data;
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200, next_attempt_at: null });
    expect(done!['last_duration_ms']).toBeGreaterThanOrEqual(0);
    const arrived = receiver.received.find((d) => d.headers['webhook-id'] === ping.body.event_id)!;
    expect(verifyStandardWebhook(arrived, [endpoint.secret])).toEqual([0]);
    expect(JSON.parse(arrived.body)).toMatchObject({ type: 'ping', data: { object: { id: endpoint.id } } });

    const none = await api()
      .post(`/api/v1/webhook_endpoints/${endpoint.id}/test_events`)
      .set(bearer(supervisor.token))
      .set('Accept-Language', 'pl')
      .send({ type: 'balance.low' });
    expect(none.status).toBe(422);
    expect(none.body.errors[0]).toMatchObject({ code: 'test_event_unavailable', source: { pointer: '/type' } });
    expect(none.body.errors[0].title).toContain('ping');

    const original = await raise('balance.low', { note: 'the newest low balance' });
    const copy = await api()
      .post(`/api/v1/webhook_endpoints/${endpoint.id}/test_events`)
      .set(bearer(supervisor.token))
      .send({ type: 'balance.low' });
    expect(copy.status, JSON.stringify(copy.body)).toBe(202);
    expect(copy.body.event_id).not.toBe(original);
    expect(await deliver(copy.body.id)).toBe('succeeded');
    const body = JSON.parse(receiver.received.find((d) => d.headers['webhook-id'] === copy.body.event_id)!.body);
    expect(body).toMatchObject({
      type: 'balance.low',
      live_mode: false,
      data: { object: { note: 'the newest low balance' } },
    });
    // The copy stays out of the log.
    const logged = await api().get(`/api/v1/events/${copy.body.event_id}`).set(bearer(supervisor.token));
    expect(logged.status).toBe(404);

    const unknown = await api()
      .post(`/api/v1/webhook_endpoints/${endpoint.id}/test_events`)
      .set(bearer(supervisor.token))
      .send({ type: 'booking.teleported' });
    expect(unknown.status).toBe(400);
  });
});

describe('deliveries of an event, and resending one', () => {
  it('lists an event’s deliveries and sends one again under the same webhook-id', async () => {
    const endpoint = await createEndpoint(supervisor, ['booking.issued']);
    const eventId = await raise('booking.issued', { locator: 'RSND01' });
    const sent = await api()
      .post(`/api/v1/events/${eventId}/redeliver`)
      .set(bearer(supervisor.token))
      .send({ endpoint_id: endpoint.id });
    expect(sent.status, JSON.stringify(sent.body)).toBe(202);
    const first = sent.body.data[0].id as string;
    expect(await deliver(first)).toBe('succeeded');

    const byEvent = await deliveries(supervisor, { event_id: eventId, endpoint_id: endpoint.id });
    expect(byEvent.data.map((d) => d['id'])).toEqual([first]);

    const again = await api().post(`/api/v1/webhook_deliveries/${first}/resend`).set(bearer(supervisor.token));
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body).toMatchObject({ endpoint_id: endpoint.id, event_id: eventId, status: 'pending' });
    expect(again.body.id).not.toBe(first);
    expect(await deliver(again.body.id)).toBe('succeeded');
    const arrivals = receiver.received.filter((d) => d.headers['webhook-id'] === eventId);
    expect(arrivals).toHaveLength(2);
    expect(arrivals[1]!.body).toBe(arrivals[0]!.body);

    const listed = await deliveries(supervisor, { event_id: eventId });
    expect(listed.meta.total).toBe(2);
    expect(listed.data[0]!['id']).toBe(again.body.id);

    // A ping is resent with its own body too.
    const ping = await api().post(`/api/v1/webhook_endpoints/${endpoint.id}/ping`).set(bearer(supervisor.token));
    const pingAgain = await api()
      .post(`/api/v1/webhook_deliveries/${ping.body.id}/resend`)
      .set(bearer(supervisor.token));
    expect(pingAgain.status).toBe(202);
    expect(await deliver(pingAgain.body.id)).toBe('succeeded');
    expect(JSON.parse(receiver.received.at(-1)!.body)).toMatchObject({ id: ping.body.event_id, type: 'ping' });

    // Switched off: nothing is resent to it.
    await api()
      .patch(`/api/v1/webhook_endpoints/${endpoint.id}`)
      .set(bearer(supervisor.token))
      .send({ enabled: false });
    const refused = await api().post(`/api/v1/webhook_deliveries/${first}/resend`).set(bearer(supervisor.token));
    expect(refused.status).toBe(409);
    expect(refused.body.errors[0].code).toBe('webhook_endpoint_disabled');
  });
});

describe('walls', () => {
  it('refuses agents, hides another agency’s endpoints, events and deliveries, and needs a filter', async () => {
    const endpoint = await createEndpoint(supervisor);
    const ping = await api().post(`/api/v1/webhook_endpoints/${endpoint.id}/ping`).set(bearer(supervisor.token));
    const eventId = await raise('booking.issued', { locator: 'WALL01' });

    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const agentList = await api()
      .get('/api/v1/webhook_deliveries')
      .query({ endpoint_id: endpoint.id })
      .set(bearer(agent.token));
    expect(agentList.status).toBe(403);
    const agentResend = await api().post(`/api/v1/webhook_deliveries/${ping.body.id}/resend`).set(bearer(agent.token));
    expect(agentResend.status).toBe(403);

    const stranger = await createAccount(stack.ctx.db, {
      userType: 'Supervisor',
      tenant: await createTenant(stack.ctx.db),
    });
    for (const query of [{ endpoint_id: endpoint.id }, { event_id: eventId }]) {
      const res = await api().get('/api/v1/webhook_deliveries').query(query).set(bearer(stranger.token));
      expect(res.status, JSON.stringify(query)).toBe(404);
    }
    const strangerResend = await api()
      .post(`/api/v1/webhook_deliveries/${ping.body.id}/resend`)
      .set(bearer(stranger.token));
    expect(strangerResend.status).toBe(404);
    const strangerTest = await api()
      .post(`/api/v1/webhook_endpoints/${endpoint.id}/test_events`)
      .set(bearer(stranger.token))
      .send({ type: 'ping' });
    expect(strangerTest.status).toBe(404);

    const unfiltered = await api().get('/api/v1/webhook_deliveries').set(bearer(supervisor.token));
    expect(unfiltered.status).toBe(400);
    expect(unfiltered.body.errors[0]).toMatchObject({
      code: 'validation_failed',
      source: { parameter: 'endpoint_id' },
    });

    const missing = await api().post('/api/v1/webhook_deliveries/whd_nope/resend').set(bearer(supervisor.token));
    expect(missing.status).toBe(404);
  });
});

describe('a claim taken at fan-out', () => {
  it('is given back unsent when it waited too long to cover an attempt, and the next claim sends it', async () => {
    const endpoint = await createEndpoint(supervisor, ['booking.issued']);
    const eventId = await raise('booking.issued', { locator: 'HELD01' });
    const endpointRow = await stack.ctx.db
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    const event = await stack.ctx.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    // The fan-out claimed it 9 s ago: its claim (timeout 2 s + 10 s) has 3 s left, less than an
    // attempt needs with the time to record it (2 s + 2 s).
    const earlier = createWebhookDeliverer({ ...deps, clock: { now: () => new Date(Date.now() - 9_000) } });
    const now = new Date();
    const [held, ...more] = await stack.ctx.db.transaction().execute((trx) =>
      earlier.writeFanOut(
        trx,
        {
          rows: [
            {
              id: `whd_held_${randomBytes(6).toString('hex')}`,
              endpoint_id: endpoint.id,
              event_id: eventId,
              event_type: event.type,
              event_seq: event.seq,
              booking_id: null,
              next_attempt_at: now,
              created_at: now,
            },
          ],
          endpoints: new Map([[endpoint.id, endpointRow]]),
          bodies: new Map([[eventId, Buffer.from(JSON.stringify(eventView(event)))]]),
        },
        1,
      ),
    );
    expect(more).toHaveLength(0);
    // Written pending and claimed under the token held (a claim answers only what an attempt reads).
    expect(held!.delivery.attempts).toBe(0);
    const written = await stack.ctx.db
      .selectFrom('webhook_deliveries')
      .select(['status', 'claim_token'])
      .where('id', '=', held!.delivery.id)
      .executeTakeFirstOrThrow();
    expect(written).toEqual({ status: 'pending', claim_token: held!.token });

    const deliverer = createWebhookDeliverer(deps);
    expect(await deliverer.deliverHeld(held!).done).toBe('not_claimed');
    expect(receiver.received.filter((d) => d.headers['webhook-id'] === eventId)).toHaveLength(0);
    const released = await stack.ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', held!.delivery.id)
      .executeTakeFirstOrThrow();
    expect(released).toMatchObject({ status: 'pending', attempts: 0, claim_token: null, claimed_until: null });

    expect(await deliver(held!.delivery.id)).toBe('succeeded');
    const arrived = receiver.received.filter((d) => d.headers['webhook-id'] === eventId);
    expect(arrived).toHaveLength(1);
    expect(verifyStandardWebhook(arrived[0]!, [endpoint.secret])).toEqual([0]);
    expect(JSON.parse(arrived[0]!.body)).toEqual(eventView(event));
  });
});
