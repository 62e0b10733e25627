// The request log: every call of a signed-in caller is written off the request path and read back by
// GET /request_logs with the id its answer carried; bodies keep no secret (card numbers, passwords,
// one-time codes, tokens and signing secrets); the filters and the cursor; the walls (a supervisor
// the agency's calls, anyone else their own, a token its own mode, another agency's call a 404); a
// replayed idempotent answer is flagged; a call links to the events it caused and their deliveries;
// each filter finds rare matches under many newer calls; and a day past retention is dropped whole.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ensureRequestLogDays,
  insertRequestLogs,
  requestLogDays,
  type NewRequestLog,
} from '../../api/src/db/request-logs.repository.js';
import { keepRequestLogDays } from '../../api/src/domain/request-log/request-log-retention.js';
import { bearer, book, findFares, payBy } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { asSession, signInWithPassword } from '../support/sessions.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let other: TestTenant;
let agent: TestAccount;
let agent2: TestAccount;
let supervisor: TestAccount;
let outsider: TestAccount;
beforeAll(async () => {
  stack = await startStack({ env: { WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8', REQUEST_LOG_FLUSH_MS: '20' } });
  [tenant, other] = await Promise.all([createTenant(stack.ctx.db), createTenant(stack.ctx.db)]);
  [agent, agent2, supervisor, outsider] = await Promise.all([
    createAccount(stack.ctx.db, { userType: 'Agent', tenant }),
    createAccount(stack.ctx.db, { userType: 'Agent', tenant }),
    createAccount(stack.ctx.db, { userType: 'Supervisor', tenant }),
    createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: other }),
  ]);
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const api = () => request(stack.baseUrl);
const written = () => stack.ctx.requestLogRecorder!.flush();

async function logsOf(token: string, query: Record<string, string> = {}) {
  await written();
  // Written out by hand, so a comma-separated list stays one (supertest would encode the commas).
  const search = Object.entries(query)
    .map(([k, v]) => `${k}=${encodeURIComponent(v).replaceAll('%2C', ',')}`)
    .join('&');
  const res = await api().get(`/api/v1/request_logs?${search}`).set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { data: Array<Record<string, any>>; meta: { next_cursor: string | null; limit: number } };
}

async function detailOf(token: string, id: string) {
  await written();
  return api().get(`/api/v1/request_logs/${id}`).set(bearer(token));
}

describe('the request log', () => {
  it('logs a call under the id its answer carried, with its token, mode, source and timing', async () => {
    const res = await api().get('/api/v1/events').set(bearer(agent.token)).set('User-Agent', 'log-test/1');
    expect(res.status).toBe(200);
    const id = res.headers['request-id'] as string;
    expect(res.headers['x-request-id']).toBe(id);
    const { data } = await logsOf(agent.token);
    const row = data.find((r) => r.id === id);
    expect(row).toMatchObject({
      method: 'GET',
      route: '/api/v1/events',
      path: '/api/v1/events',
      status: 200,
      source: 'api',
      credential: 'token',
      token_name: 'test',
      mode: 'test',
      account_id: agent.id,
      account_email: agent.email,
      idempotency_key: null,
      replayed: false,
    });
    expect(row!.duration_ms).toBeGreaterThan(0);
    const detail = await detailOf(agent.token, id);
    expect(detail.status).toBe(200);
    expect(detail.body.log).toEqual(row);
    expect(detail.body.headers['user-agent']).toBe('log-test/1');
    expect(detail.body.headers.authorization).toBeUndefined();
    expect(JSON.parse(detail.body.response_body as string)).toMatchObject({ data: expect.any(Array) });
  });

  it('marks console and workspace calls by their source', async () => {
    const session = await signInWithPassword(stack.baseUrl, supervisor.email, supervisor.password);
    const fromConsole = await api().get('/api/v1/events').set(asSession(session));
    const fromWorkspace = await api()
      .get('/api/v1/events')
      .set(bearer(supervisor.token))
      .set('Contrail-Source', 'workspace');
    const { data } = await logsOf(supervisor.token, { limit: '100' });
    // A test token reads test-mode calls only; the console session's call has no mode.
    expect(data.find((r) => r.id === fromConsole.headers['request-id'])).toBeUndefined();
    const rows = await api().get('/api/v1/request_logs').set(asSession(session)).query({ limit: '100' });
    const byId = new Map((rows.body.data as Array<Record<string, any>>).map((r) => [r.id, r]));
    expect(byId.get(fromConsole.headers['request-id'] as string)).toMatchObject({
      source: 'console',
      credential: 'session',
      mode: null,
      token_id: null,
    });
    expect(byId.get(fromWorkspace.headers['request-id'] as string)).toMatchObject({
      source: 'workspace',
      mode: 'test',
    });
  });

  it('keeps no card number, password, one-time code, token or signing secret in a body', async () => {
    const secrets = {
      card: '4111 1111 1111 1111',
      password: 'hunter2-very-secret',
      code: '493021',
      token: agent.token,
    };
    const refused = await api()
      .post('/api/v1/webhook_endpoints')
      .set(bearer(supervisor.token))
      .send({
        url: 'http://127.0.0.1:9/hooks',
        description: `card ${secrets.card} token ${secrets.token}`,
        password: secrets.password,
        code: secrets.code,
        nested: { card: { number: '5555555555554444', cvv: '123' } },
      });
    expect(refused.status).toBe(400);
    const created = await api()
      .post('/api/v1/webhook_endpoints')
      .set(bearer(supervisor.token))
      .send({ url: 'http://127.0.0.1:9/hooks', events: ['booking.created'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_/);

    const one = await detailOf(supervisor.token, refused.headers['request-id'] as string);
    expect(one.status).toBe(200);
    const text = JSON.stringify(one.body);
    for (const secret of [...Object.values(secrets), '5555555555554444', '"123"']) expect(text).not.toContain(secret);
    expect(JSON.parse(one.body.request_body as string)).toMatchObject({
      url: 'http://127.0.0.1:9/hooks',
      description: 'card [redacted] token [redacted]',
      password: '[redacted]',
      code: '[redacted]',
      nested: { card: { number: '[redacted]', cvv: '[redacted]' } },
    });
    const two = await detailOf(supervisor.token, created.headers['request-id'] as string);
    expect(two.status).toBe(200);
    expect(JSON.stringify(two.body)).not.toContain(created.body.secret as string);
    expect(JSON.parse(two.body.response_body as string)).toMatchObject({ id: created.body.id, secret: '[redacted]' });
  });

  it('flags a replayed idempotent answer and lists every retry of a key', async () => {
    await payBy(stack.ctx.db, tenant, 'company_balance');
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 45 });
    const created = await book(stack.baseUrl, bearer(agent.token), fare!, 'Logova');
    const key = `log-issue-${created.locator}`;
    const issue = () =>
      api()
        .post('/api/v1/bookings/issue')
        .set(bearer(agent.token))
        .set('Idempotency-Key', key)
        .send({ locator: created.locator });
    const first = await issue();
    const second = await issue();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.headers['idempotency-replayed']).toBe('true');
    const { data } = await logsOf(agent.token, { idempotency_key: key });
    expect(data.map((r) => [r.id, r.replayed])).toEqual([
      [second.headers['request-id'], true],
      [first.headers['request-id'], false],
    ]);
  });

  it('links a call to the events it caused and their webhook deliveries', async () => {
    const endpoint = await api()
      .post('/api/v1/webhook_endpoints')
      .set(bearer(supervisor.token))
      .send({ url: 'http://127.0.0.1:9/linked', events: ['booking.created'] });
    expect(endpoint.status).toBe(201);
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 46 });
    const booked = await api()
      .post('/api/v1/bookings')
      .set(bearer(agent.token))
      .send({
        fare_id: fare!.fareId,
        search_result_id: fare!.searchResultId,
        passengers: [{ type: 'ADT', first_name: 'Olena', last_name: 'Linkova', title: 'MRS', birthdate: '1985-03-14' }],
        contacts: { email: 'olena@example.com', phone: '+48 600 100 200' },
      });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const requestId = booked.headers['request-id'] as string;
    const event = await stack.ctx.db
      .selectFrom('events')
      .select(['id', 'seq', 'type'])
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    // The delivery the dispatcher would fan out to the endpoint (the worker is not running here).
    await stack.ctx.db
      .insertInto('webhook_deliveries')
      .values({
        id: `whd_log_${event.id}`,
        endpoint_id: endpoint.body.id as string,
        event_id: event.id,
        event_type: event.type,
        event_seq: event.seq,
        next_attempt_at: new Date(),
        created_at: new Date(),
      })
      .execute();
    const detail = await detailOf(supervisor.token, requestId);
    expect(detail.status).toBe(200);
    expect(detail.body.log).toMatchObject({
      method: 'POST',
      route: '/api/v1/bookings',
      status: 201,
      account_id: agent.id,
    });
    expect(detail.body.events).toEqual([
      {
        id: event.id,
        type: 'booking.created',
        created_at: expect.any(String),
        deliveries: [expect.objectContaining({ endpoint_id: endpoint.body.id, event_id: event.id, status: 'pending' })],
      },
    ]);
  });

  it('walls the log: a supervisor the agency, an agent their own calls, never another agency (404)', async () => {
    const mine = await api().get('/api/v1/events').set(bearer(agent2.token));
    const id = mine.headers['request-id'] as string;
    expect((await logsOf(agent2.token)).data.some((r) => r.id === id)).toBe(true);
    expect((await logsOf(supervisor.token, { limit: '100' })).data.some((r) => r.id === id)).toBe(true);
    expect((await logsOf(agent.token, { limit: '100' })).data.some((r) => r.account_id !== agent.id)).toBe(false);
    const outside = await logsOf(outsider.token, { limit: '100' });
    expect(outside.data.every((r) => r.account_id === outsider.id || r.id === undefined)).toBe(true);
    expect(outside.data.some((r) => r.id === id)).toBe(false);
    expect((await detailOf(outsider.token, id)).status).toBe(404);
    expect((await detailOf(agent.token, id)).status).toBe(404);
    expect((await detailOf(supervisor.token, id)).status).toBe(200);
  });

  it('filters by status (exact and class), method, path and time, and pages by cursor', async () => {
    const since = new Date(Date.now() - 1).toISOString();
    await api().get('/api/v1/events').set(bearer(agent2.token));
    await api().get('/api/v1/events/evt_nope').set(bearer(agent2.token));
    await api().get('/api/v1/bookings/ZZZZZZ').set(bearer(agent2.token));
    await api().post('/api/v1/webhook_endpoints').set(bearer(agent2.token)).send({});
    for (let i = 0; i < 5; i++) await api().get('/api/v1/notifications').set(bearer(agent2.token));
    const q = { created_after: since };
    const ids = (body: { data: Array<Record<string, any>> }) =>
      body.data.map((r) => `${r.method} ${r.status} ${r.route}`);
    expect(ids(await logsOf(agent2.token, { ...q, status: '404' }))).toEqual([
      'GET 404 /api/v1/bookings/{locator}',
      'GET 404 /api/v1/events/{id}',
    ]);
    expect(ids(await logsOf(agent2.token, { ...q, status: '4xx' }))).toEqual([
      'POST 403 /api/v1/webhook_endpoints',
      'GET 404 /api/v1/bookings/{locator}',
      'GET 404 /api/v1/events/{id}',
    ]);
    expect(ids(await logsOf(agent2.token, { ...q, status: '403,2xx', method: 'POST' }))).toEqual([
      'POST 403 /api/v1/webhook_endpoints',
    ]);
    expect((await logsOf(agent2.token, { ...q, path: '/api/v1/events' })).data).toHaveLength(2);
    expect((await logsOf(agent2.token, { ...q, created_before: since })).data.every((r) => r.created_at < since)).toBe(
      true,
    );

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await logsOf(agent2.token, {
        ...q,
        path: '/api/v1/notif',
        limit: '2',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.data.map((r) => r.id as string));
      cursor = page.meta.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
    expect(seen).toEqual((await logsOf(agent2.token, { ...q, path: '/api/v1/notif' })).data.map((r) => r.id));

    const bad = await api().get('/api/v1/request_logs').query({ status: '99x' }).set(bearer(agent2.token));
    expect(bad.status).toBe(400);
    const badCursor = await api().get('/api/v1/request_logs').query({ cursor: 'bm9wZQ' }).set(bearer(agent2.token));
    expect(badCursor.status).toBe(400);
  });
});

describe('filters at depth', () => {
  // A supervisor's agency whose newest calls are all one read (as a busy integration makes them):
  // each filter still finds the few older calls it matches, in order, and pages through them.
  it('finds the rare calls a filter matches under many newer ones, and pages across them', async () => {
    const db = stack.ctx.db;
    const deep = await createTenant(db);
    const boss = await createAccount(db, { userType: 'Supervisor', tenant: deep });
    const now = Date.now();
    const row = (at: number, method: string, path: string, status: number): NewRequestLog => ({
      request_id: `req_deep_${at}`,
      created_at: new Date(at),
      agency_id: deep.agencyId,
      account_id: boss.id,
      credential: 'token',
      token_id: null,
      mode: 'test',
      source: 'api',
      method,
      route: null,
      path,
      status,
      duration_ms: 1,
      idempotency_key: null,
      replayed: false,
      headers: {},
      request_body: null,
      request_body_truncated: false,
      response_body: null,
      response_body_truncated: false,
    });
    const rare = [
      row(now - 2 * 3_600_000, 'POST', '/api/v1/bookings/AB1/issue', 500),
      row(now - 3 * 3_600_000, 'GET', '/api/v1/bookings/AB1', 200),
      row(now - 4 * 3_600_000, 'POST', '/api/v1/webhook_endpoints', 201),
      row(now - 5 * 3_600_000, 'GET', '/api/v1/webhookXendpoints', 404),
      row(now - 3 * 86_400_000, 'GET', '/api/v1/bookings/AB2', 503),
    ];
    const busy = Array.from({ length: 1_500 }, (_, i) => row(now - 60_000 - i, 'GET', '/api/v1/account/details', 200));
    await ensureRequestLogDays(db, new Date(now - 4 * 86_400_000), 5);
    await insertRequestLogs(db, [...busy, ...rare]);
    const ids = async (query: Record<string, string>) => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await logsOf(boss.token, { ...query, limit: '2', ...(cursor ? { cursor } : {}) });
        seen.push(...page.data.map((r) => r.id as string));
        cursor = page.meta.next_cursor;
      } while (cursor);
      return seen;
    };
    const idOf = (i: number) => rare[i]!.request_id;
    expect(await ids({ path: '/api/v1/bookings/AB' })).toEqual([idOf(0), idOf(1), idOf(4)]);
    expect(await ids({ path: '/api/v1/webhook_' })).toEqual([idOf(2)]);
    expect(await ids({ path: '/api/v1/nothing' })).toEqual([]);
    expect(await ids({ status: '5xx' })).toEqual([idOf(0), idOf(4)]);
    expect(await ids({ status: '404,503' })).toEqual([idOf(3), idOf(4)]);
    expect(await ids({ method: 'POST' })).toEqual([idOf(0), idOf(2)]);
    expect(await ids({ method: 'GET', path: '/api/v1/bookings' })).toEqual([idOf(1), idOf(4)]);
    expect(await ids({ path: '/api/v1/bookings/', created_before: new Date(now - 86_400_000).toISOString() })).toEqual([
      idOf(4),
    ]);
  });
});

describe('retention', () => {
  it('drops a day whole once it is past 30 days, and makes the coming days ahead', async () => {
    const db = stack.ctx.db;
    const now = new Date();
    const old = new Date(now.getTime() - 31 * 86_400_000);
    await ensureRequestLogDays(db, old, 1);
    await db
      .insertInto('request_logs')
      .values({
        request_id: 'req_old',
        created_at: old,
        account_id: agent.id,
        credential: 'token',
        source: 'api',
        method: 'GET',
        path: '/api/v1/events',
        status: 200,
        duration_ms: 1,
      })
      .execute();
    const oldDay = `request_logs_${old.toISOString().slice(0, 10).replaceAll('-', '')}`;
    const dropped = await keepRequestLogDays(db, now);
    expect(dropped).toContain(oldDay);
    const left = await db.selectFrom('request_logs').select('seq').where('request_id', '=', 'req_old').execute();
    expect(left).toEqual([]);
    const names = await requestLogDays(db);
    for (let i = 0; i < 3; i++) {
      const day = new Date(now.getTime() + i * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
      expect(names).toContain(`request_logs_${day}`);
    }
    expect(names).not.toContain(oldDay);
    // Today's calls stay.
    expect((await logsOf(agent.token)).data.length).toBeGreaterThan(0);
  });
});
