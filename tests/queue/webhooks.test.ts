// Webhook deliveries end to end: the API (its own scratch database, so this file's worker owns the
// event log), the real worker (dispatcher, consumer, BullMQ processors, sweeper) on the run's Redis
// under a key prefix of its own, and a real HTTP receiver on loopback. Every delivery is verified
// twice: with the SDK's verifyWebhook and with an independent node:crypto implementation.
// Covered: the body is GET /events/{id}; test and live apart; the retry schedule (shortened by
// config), Retry-After, 410 and the five-day rule (shortened) switching the endpoint off with
// webhook_endpoint.disabled; rotation's two signatures; per-booking order; ping and redelivery;
// the delivery_success filter; the URL checks at save time; a Redis that lost the queue's keys.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '../../sdk/src/webhooks.js';
import { loadConfig } from '../../api/src/config.js';
import { recordEvent } from '../../api/src/domain/events/record-event.js';
import type { EventType } from '../../api/src/domain/events/event-types.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { bearer, book, findFares } from '../support/bookings.js';
import { createAccount, createTenant, type TestTenant } from '../support/factories.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { asSession, signInWithPassword } from '../support/sessions.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';
import { startReceiver, verifyStandardWebhook, type Received, type Receiver } from '../support/webhook-receiver.js';

const schedule = [0, 200, 400, 800];
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let env: Record<string, string>;
let stack: Stack;
let worker: WorkerHandle;
const receivers: Receiver[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase('webhooks');
  env = {
    DATABASE_URL: scratch.url,
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-wh${randomBytes(3).toString('hex')}`,
    WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
    WEBHOOK_RETRY_SCHEDULE_MS: schedule.join(','),
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_DISABLE_AFTER_MS: '3000',
    WEBHOOK_SWEEP_MS: '300',
    WEBHOOK_LOST_AFTER_MS: '600',
    EVENTS_SWEEP_MS: '200',
  };
  stack = await startStack({ env });
  worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })), pino({ level: 'silent' }));
}, 120_000);
afterAll(async () => {
  await worker?.close();
  for (const r of receivers) await r.close();
  await stack?.close();
  await scratch?.drop();
});

const api = () => request(stack.baseUrl);
const db = () => stack.ctx.db;

async function receiver(...args: Parameters<typeof startReceiver>) {
  const r = await startReceiver(...args);
  receivers.push(r);
  return r;
}

async function world() {
  const tenant = await createTenant(db());
  const supervisor = await createAccount(db(), { userType: 'Supervisor', tenant });
  return { tenant, supervisor, headers: bearer(supervisor.token) };
}

async function createEndpoint(headers: Record<string, string>, url: string, events: string[], extra: object = {}) {
  const res = await api()
    .post('/api/v1/webhook_endpoints')
    .set(headers)
    .send({ url, events, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; secret: string; live_mode: boolean };
}

/** Appends an event as a change would (the outbox API), answering its id. */
async function raise(
  tenant: TestTenant,
  opts: { type?: EventType; bookingId?: string; live?: boolean; object?: object } = {},
) {
  const dedupeKey = `test:${randomBytes(8).toString('hex')}`;
  await db()
    .transaction()
    .execute((trx) =>
      recordEvent(trx, {
        type: opts.type ?? 'booking.created',
        agencyId: tenant.agencyId,
        companyId: tenant.companyId,
        bookingId: opts.bookingId ?? null,
        liveMode: opts.live ?? false,
        object: opts.object ?? { note: dedupeKey },
        at: new Date(),
        dedupeKey,
      }),
    );
  const row = await db()
    .selectFrom('events')
    .select('id')
    .where('dedupe_key', '=', dedupeKey)
    .executeTakeFirstOrThrow();
  return row.id;
}

const idOf = (d: Received) => d.headers['webhook-id'] as string;
const of = (r: Receiver, eventId: string) => r.received.filter((d) => idOf(d) === eventId);

/** Both verifications, or the test fails: the SDK's, and node:crypto's own. */
function verified(delivery: Received, secret: string) {
  expect(verifyStandardWebhook(delivery, [secret])).toEqual([0]);
  return verifyWebhook(delivery.body, delivery.headers, secret);
}

async function attemptsOf(headers: Record<string, string>, endpointId: string) {
  const res = await api()
    .get(`/api/v1/webhook_endpoints/${endpointId}/deliveries`)
    .query({ per_page: 100 })
    .set(headers);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Array<{
    event_id: string;
    attempt: number;
    status_code: number | null;
    succeeded: boolean;
    next_retry_at: string | null;
    error: string | null;
    response_excerpt: string | null;
  }>;
}

const statusOf = async (deliveryOfEvent: string, endpointId: string) =>
  (
    await db()
      .selectFrom('webhook_deliveries')
      .select('status')
      .where('event_id', '=', deliveryOfEvent)
      .where('endpoint_id', '=', endpointId)
      .executeTakeFirst()
  )?.status;

describe('delivery', () => {
  it("delivers a booking's event signed, with the body GET /events/{id} answers; test endpoints only hear test events", async () => {
    const { tenant, supervisor, headers } = await world();
    const r = await receiver();
    const endpoint = await createEndpoint(headers, r.url, ['booking.created']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.live_mode).toBe(false);
    // A live endpoint of the same agency (made in a console session) hears nothing of test bookings.
    const session = asSession(await signInWithPassword(stack.baseUrl, supervisor.email, supervisor.password));
    const live = await createEndpoint(session, `https://127.0.0.1:${r.port}/live`, ['booking.created'], {
      live_mode: true,
    });
    expect(live.live_mode).toBe(true);

    const [fare] = await findFares(stack.baseUrl, headers, { origin: 'WAW', destination: 'FRA', days: 45 });
    const booked = await book(stack.baseUrl, headers, fare!, 'Webhookova');
    const [delivery] = await waitFor(
      'the delivery',
      async () => r.received,
      (x) => x.length >= 1,
    );
    const event = verified(delivery!, endpoint.secret);
    expect(event.type).toBe('booking.created');
    expect((event.data.object as { locator: string }).locator).toBe(booked.locator);
    const fromApi = await api()
      .get(`/api/v1/events/${idOf(delivery!)}`)
      .set(headers);
    expect(fromApi.status).toBe(200);
    expect(JSON.parse(delivery!.body)).toEqual(fromApi.body);
    expect(delivery!.headers['content-type']).toBe('application/json');
    // The secret is answered once, and stored sealed.
    const read = await api().get(`/api/v1/webhook_endpoints/${endpoint.id}`).set(headers);
    expect(read.body.secret).toBeUndefined();
    const stored = await db()
      .selectFrom('webhook_endpoints')
      .selectAll()
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(endpoint.secret.slice(6));
    expect(
      await db().selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', live.id).execute(),
    ).toEqual([]);
    // Only events it subscribed to: a booking.issued event of the agency does not reach it.
    const other = await raise(tenant, { type: 'booking.issued' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(of(r, other)).toEqual([]);
  });

  it('retries on the schedule with the same webhook-id, records each attempt, and gives up after the last', async () => {
    const { tenant, headers } = await world();
    let n = 0;
    const r = await receiver((_d, res) =>
      ++n <= 2 ? res.writeHead(500).end('try later') : res.writeHead(200).end('ok'),
    );
    const endpoint = await createEndpoint(headers, r.url, ['booking.created']);
    const eventId = await raise(tenant);
    await waitFor(
      'three attempts',
      async () => of(r, eventId),
      (x) => x.length >= 3,
    );
    const got = of(r, eventId);
    for (const d of got) verified(d, endpoint.secret);
    // Every attempt sends the same bytes: the first one's body, written at fan-out, and the retries',
    // written from a claim, are the same text.
    expect(new Set(got.map((d) => d.body)).size).toBe(1);
    // Each wait at least the schedule's step (a worker's pick-up adds a little).
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(schedule[1]! - 20);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(schedule[2]! - 20);
    await waitFor(
      'success recorded',
      () => statusOf(eventId, endpoint.id),
      (s) => s === 'succeeded',
    );
    const attempts = (await attemptsOf(headers, endpoint.id)).reverse();
    expect(attempts.map((a) => [a.attempt, a.status_code, a.succeeded])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(attempts[0]!.response_excerpt).toBe('try later');
    expect(attempts[0]!.next_retry_at).not.toBeNull();
    expect(attempts[2]!.next_retry_at).toBeNull();

    // Always failing: the schedule's four attempts, then given up; delivery_success tells them apart
    // (company events here, whose object GET /events can answer: the company as its GET has it).
    const company = (await api().get(`/api/v1/companies/${tenant.companyId}`).set(headers)).body;
    await api()
      .patch(`/api/v1/webhook_endpoints/${endpoint.id}`)
      .set(headers)
      .send({ events: ['booking.created', 'balance.low'] });
    const delivered = await raise(tenant, { type: 'balance.low', object: company });
    await waitFor(
      'delivered',
      () => statusOf(delivered, endpoint.id),
      (s) => s === 'succeeded',
    );
    r.answer((_d, res) => res.writeHead(500).end());
    const failing = await raise(tenant, { type: 'balance.low', object: company });
    await waitFor(
      'given up',
      () => statusOf(failing, endpoint.id),
      (s) => s === 'failed',
      10_000,
    );
    expect(of(r, failing)).toHaveLength(schedule.length);
    const failed = await api()
      .get('/api/v1/events')
      .query({ delivery_success: 'false', type: 'balance.low', limit: 100 })
      .set(headers);
    const succeeded = await api()
      .get('/api/v1/events')
      .query({ delivery_success: 'true', type: 'balance.low', limit: 100 })
      .set(headers);
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body.data.map((e: { id: string }) => e.id)).toContain(failing);
    expect(failed.body.data.map((e: { id: string }) => e.id)).not.toContain(delivered);
    expect(succeeded.body.data.map((e: { id: string }) => e.id)).toContain(delivered);
    expect(succeeded.body.data.map((e: { id: string }) => e.id)).not.toContain(failing);
  });

  it('waits as long as Retry-After asks on 429 and 503', async () => {
    const { tenant, headers } = await world();
    let n = 0;
    const r = await receiver((_d, res) => {
      n += 1;
      if (n === 1) res.writeHead(429, { 'retry-after': '1' }).end();
      else if (n === 2) res.writeHead(503, { 'retry-after': '1' }).end();
      else res.writeHead(200).end();
    });
    await createEndpoint(headers, r.url, ['booking.created']);
    const eventId = await raise(tenant);
    const got = await waitFor(
      'three attempts',
      async () => of(r, eventId),
      (x) => x.length >= 3,
      10_000,
    );
    expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(980);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(980);
  });

  it('switches the endpoint off on 410 and raises webhook_endpoint.disabled with the endpoint', async () => {
    const { tenant, headers } = await world();
    const gone = await receiver((_d, res) => res.writeHead(410).end());
    const watcher = await receiver();
    const endpoint = await createEndpoint(headers, gone.url, ['booking.created']);
    const watching = await createEndpoint(headers, watcher.url, ['webhook_endpoint.disabled']);
    const eventId = await raise(tenant);
    await waitFor(
      'the 410',
      async () => of(gone, eventId),
      (x) => x.length >= 1,
    );
    const read = await waitFor(
      'switched off',
      async () => (await api().get(`/api/v1/webhook_endpoints/${endpoint.id}`).set(headers)).body,
      (b) => b.enabled === false,
    );
    expect(read.disabled_reason).toBe('gone');
    const [notice] = await waitFor(
      'the disabled event delivered',
      async () => watcher.received,
      (x) => x.length >= 1,
    );
    const event = verified(notice!, watching.secret);
    expect(event.type).toBe('webhook_endpoint.disabled');
    expect(event.data.object).toMatchObject({ id: endpoint.id, enabled: false, disabled_reason: 'gone' });
    // Nothing more goes to it.
    const later = await raise(tenant);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(of(gone, later)).toEqual([]);
    expect(of(gone, eventId)).toHaveLength(1);
  });

  it('switches off an endpoint that failed everything for the whole window (five days; shortened here)', async () => {
    const { tenant, headers } = await world();
    const r = await receiver((_d, res) => res.writeHead(500).end());
    const endpoint = await createEndpoint(headers, r.url, ['booking.created']);
    const first = await raise(tenant);
    await waitFor(
      'given up',
      () => statusOf(first, endpoint.id),
      (s) => s === 'failed',
      10_000,
    );
    const stillOn = await api().get(`/api/v1/webhook_endpoints/${endpoint.id}`).set(headers);
    expect(stillOn.body.enabled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const second = await raise(tenant);
    await waitFor(
      'switched off',
      async () => (await api().get(`/api/v1/webhook_endpoints/${endpoint.id}`).set(headers)).body,
      (b) => b.enabled === false,
      10_000,
    );
    expect(await statusOf(second, endpoint.id)).toBe('failed');
    const events = await api()
      .get('/api/v1/events')
      .query({ type: 'webhook_endpoint.disabled', limit: 100 })
      .set(headers);
    const mine = events.body.data.filter((e: { data: { object: { id: string } } }) => e.data.object.id === endpoint.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].data.object).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    // Switching it back on starts afresh.
    r.answer((_d, res) => res.writeHead(200).end());
    const on = await api().patch(`/api/v1/webhook_endpoints/${endpoint.id}`).set(headers).send({ enabled: true });
    expect(on.body).toMatchObject({ enabled: true, disabled_reason: null });
    const third = await raise(tenant);
    await waitFor(
      'delivered again',
      () => statusOf(third, endpoint.id),
      (s) => s === 'succeeded',
    );
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const { tenant, headers } = await world();
    const r = await receiver();
    const endpoint = await createEndpoint(headers, r.url, ['booking.created']);
    const rotated = await api().post(`/api/v1/webhook_endpoints/${endpoint.id}/rotate_secret`).set(headers);
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const expires = Date.parse(rotated.body.previous_secret_expires_at);
    expect(Math.abs(expires - Date.now() - 24 * 3600_000)).toBeLessThan(60_000);
    const eventId = await raise(tenant);
    const [d] = await waitFor(
      'the delivery',
      async () => of(r, eventId),
      (x) => x.length >= 1,
    );
    expect((d!.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(verifyStandardWebhook(d!, [rotated.body.secret, endpoint.secret])).toEqual([0, 1]);
    expect(verifyWebhook(d!.body, d!.headers as Record<string, string>, endpoint.secret).id).toBe(eventId);
    expect(verifyWebhook(d!.body, d!.headers as Record<string, string>, rotated.body.secret).id).toBe(eventId);
    expect(() =>
      verifyWebhook(d!.body, d!.headers as Record<string, string>, `whsec_${randomBytes(24).toString('base64')}`),
    ).toThrow();
    expect(() => verifyWebhook(`${d!.body} `, d!.headers as Record<string, string>, endpoint.secret)).toThrow();
    const stale = {
      ...(d!.headers as Record<string, string>),
      'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 301),
    } as Record<string, string>;
    expect(() => verifyWebhook(d!.body, stale, endpoint.secret)).toThrow();
  });

  it("keeps one booking's events in order to an endpoint, without holding back another booking's", async () => {
    const { tenant, headers } = await world();
    const firstTries = new Map<string, number>();
    let held = '';
    const r = await receiver((d, res) => {
      const id = idOf(d);
      const n = (firstTries.get(id) ?? 0) + 1;
      firstTries.set(id, n);
      // The booking's first event fails twice before it goes through.
      if (id === held && n <= 2) res.writeHead(500).end();
      else res.writeHead(200).end();
    });
    await createEndpoint(headers, r.url, ['booking.created', 'booking.issued', 'booking.voided']);
    const booking = `bkg_${randomBytes(6).toString('hex')}`;
    held = await raise(tenant, { bookingId: booking, type: 'booking.created' });
    const second = await raise(tenant, { bookingId: booking, type: 'booking.issued' });
    const third = await raise(tenant, { bookingId: booking, type: 'booking.voided' });
    const elsewhere = await raise(tenant, { bookingId: `${booking}x`, type: 'booking.created' });
    await waitFor(
      'all four',
      async () => [held, second, third, elsewhere].map((id) => of(r, id).length),
      (x) => x[0]! >= 3 && x.slice(1).every((n) => n >= 1),
    );
    const firstOk = of(r, held)[2]!.at;
    expect(of(r, second)[0]!.at).toBeGreaterThanOrEqual(firstOk);
    expect(of(r, third)[0]!.at).toBeGreaterThanOrEqual(of(r, second)[0]!.at);
    expect(of(r, elsewhere)[0]!.at).toBeLessThan(firstOk);
  });

  it('pings, and redelivers an event with the same webhook-id', async () => {
    const { tenant, headers } = await world();
    const r = await receiver();
    const endpoint = await createEndpoint(headers, r.url, ['booking.created']);
    const ping = await api().post(`/api/v1/webhook_endpoints/${endpoint.id}/ping`).set(headers);
    expect(ping.status, JSON.stringify(ping.body)).toBe(202);
    const [p] = await waitFor(
      'the ping',
      async () => of(r, ping.body.event_id),
      (x) => x.length >= 1,
    );
    const pinged = verified(p!, endpoint.secret);
    expect(pinged.type).toBe('ping');
    expect(pinged.data.object).toMatchObject({ id: endpoint.id });

    const eventId = await raise(tenant);
    await waitFor(
      'first delivery',
      async () => of(r, eventId),
      (x) => x.length >= 1,
    );
    const again = await api()
      .post(`/api/v1/events/${eventId}/redeliver`)
      .set(headers)
      .send({ endpoint_id: endpoint.id });
    expect(again.status, JSON.stringify(again.body)).toBe(202);
    expect(again.body.data).toHaveLength(1);
    const both = await waitFor(
      'redelivered',
      async () => of(r, eventId),
      (x) => x.length >= 2,
    );
    expect(JSON.parse(both[1]!.body)).toEqual(JSON.parse(both[0]!.body));
    verified(both[1]!, endpoint.secret);
    const all = await api().post(`/api/v1/events/${eventId}/redeliver`).set(headers).send({});
    expect(all.body.data.map((d: { endpoint_id: string }) => d.endpoint_id)).toEqual([endpoint.id]);
  });

  it('loses nothing when Redis loses the queue: the sweeper enqueues the deliveries again', async () => {
    const { tenant, headers } = await world();
    const r = await receiver((_d, res) => res.writeHead(503, { 'retry-after': '3' }).end());
    const endpoint = await createEndpoint(headers, r.url, ['booking.created']);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await raise(tenant));
    await waitFor(
      'first attempts',
      async () => ids.map((id) => of(r, id).length),
      (x) => x.every((n) => n >= 1),
    );
    // Every retry now waits in Redis as a delayed job: drop this run's queue keys, as a Redis
    // restarted without persistence would.
    const redis = new Redis(testEnv().REDIS_URL!);
    const keys = await redis.keys(`${env.KEY_PREFIX}:webhook-delivery:*`);
    expect(keys.length).toBeGreaterThan(0);
    await redis.del(...keys);
    redis.disconnect();
    r.answer((_d, res) => res.writeHead(200).end());
    await waitFor(
      'every delivery succeeded',
      async () => Promise.all(ids.map((id) => statusOf(id, endpoint.id))),
      (s) => s.every((x) => x === 'succeeded'),
      20_000,
    );
    for (const id of ids) for (const d of of(r, id)) verified(d, endpoint.secret);
  });
});

describe('endpoints', () => {
  it('refuses URLs it must not reach, with a clear 422, and http in live mode', async () => {
    const { supervisor, headers } = await world();
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://10.1.2.3/hook',
      'http://[::ffff:192.168.0.1]/hook',
      'http://[fd00:ec2::254]/hook',
      'ftp://example.com/hook',
      'http://user:pw@example.com/hook',
    ]) {
      const res = await api()
        .post('/api/v1/webhook_endpoints')
        .set(headers)
        .send({ url, events: ['booking.created'] });
      expect(res.status, url).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ code: 'webhook_url_refused', source: { pointer: '/url' } });
    }
    const session = asSession(await signInWithPassword(stack.baseUrl, supervisor.email, supervisor.password));
    const live = await api()
      .post('/api/v1/webhook_endpoints')
      .set(session)
      .send({ url: 'http://example.com/hook', events: ['booking.created'], live_mode: true });
    expect(live.status).toBe(422);
    expect(live.body.errors[0].detail).toMatch(/https/);
    const mismatch = await api()
      .post('/api/v1/webhook_endpoints')
      .set(headers)
      .send({ url: 'https://example.com/hook', events: ['booking.created'], live_mode: true });
    expect(mismatch.status).toBe(400);
    const noEvents = await api()
      .post('/api/v1/webhook_endpoints')
      .set(headers)
      .send({ url: 'https://example.com/hook', events: [] });
    expect(noEvents.status).toBe(400);
    const count = await db()
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('created_by', '=', supervisor.id)
      .execute();
    expect(count).toEqual([]);
  });

  it('lists, changes and deletes; a test token sees no live endpoint; agents may not manage them', async () => {
    const { tenant, supervisor, headers } = await world();
    const r = await receiver();
    const endpoint = await createEndpoint(headers, r.url, ['booking.created'], { description: 'ops' });
    const session = asSession(await signInWithPassword(stack.baseUrl, supervisor.email, supervisor.password));
    const live = await createEndpoint(session, 'https://example.com/hook', ['booking.created'], { live_mode: true });
    const listed = await api().get('/api/v1/webhook_endpoints').set(headers);
    expect(listed.body.data.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    expect((await api().get(`/api/v1/webhook_endpoints/${live.id}`).set(headers)).status).toBe(404);
    const bySession = await api().get('/api/v1/webhook_endpoints').set(session);
    expect(bySession.body.meta.total).toBe(2);
    const changed = await api()
      .patch(`/api/v1/webhook_endpoints/${endpoint.id}`)
      .set(headers)
      .send({ events: ['booking.issued'], description: null });
    expect(changed.body).toMatchObject({ events: ['booking.issued'], description: null });
    const agent = await createAccount(db(), { userType: 'Agent', tenant });
    expect((await api().get('/api/v1/webhook_endpoints').set(bearer(agent.token))).status).toBe(403);
    expect((await api().delete(`/api/v1/webhook_endpoints/${endpoint.id}`).set(headers)).status).toBe(204);
    expect((await api().get(`/api/v1/webhook_endpoints/${endpoint.id}`).set(headers)).status).toBe(404);
  });
});
