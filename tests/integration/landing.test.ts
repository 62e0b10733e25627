// The landing page's API: the neo-airline's flights from the sandbox, one flight's prices, and the
// airlines' presentation requests (stored as sent, mailed to sales, listed for staff, limited per
// address). Every response is checked against the contract by the stack.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { presentationLimit } from '../../api/src/domain/landing/presentation-requests.service.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  // Behind a trusted proxy, so each test can send from an address of its own: the per-address
  // limit is kept in the run's shared Redis, which other test files' requests count against too.
  stack = await startStack({ env: { SALES_INBOX: 'sales-landing@contrail.test', TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await stack.close();
});
const api = () => request(stack.baseUrl);
const bearer = (role: keyof typeof tokens) => ({ authorization: `Bearer ${tokens[role]}` });
let lastOctet = Math.floor(Math.random() * 200);
/** A client address no other test (or test run sharing Redis) has used. */
const newClient = () => ({ 'x-forwarded-for': `198.51.${Date.now() % 250}.${++lastOctet % 250}` });

interface WireFlight {
  flight_number: string;
  departure_airport: string;
  arrival_airport: string;
  departure_date: string;
  arrival_date: string;
  departure_time: string;
  journey_time: number;
  carrier: { code: string; name: string };
}
const priceBody = (f: WireFlight) => ({
  flight_number: f.flight_number,
  departure_airport: f.departure_airport,
  arrival_airport: f.arrival_airport,
  departure_date: f.departure_date,
  arrival_date: f.arrival_date,
  airline: f.carrier.code,
});

describe('GET /neo_flights', () => {
  it('lists the neo-airline’s direct flights on its whole network for tomorrow, in departure order, with no account', async () => {
    const res = await api().get('/api/v1/neo_flights');
    expect(res.status).toBe(200);
    const flights = res.body.flights as WireFlight[];
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(flights.length).toBeGreaterThanOrEqual(10);
    expect(new Set(flights.map((f) => f.carrier.code))).toEqual(new Set(['NE']));
    expect(flights.every((f) => f.departure_date === tomorrow && f.journey_time > 0)).toBe(true);
    const routes = new Set(flights.map((f) => `${f.departure_airport}-${f.arrival_airport}`));
    for (const spoke of ['KBP', 'LWO', 'VIE', 'BER', 'BCN']) {
      expect(routes.has(`WAW-${spoke}`) && routes.has(`${spoke}-WAW`)).toBe(true);
    }
    const order = flights.map((f) => `${f.departure_date}T${f.departure_time}`);
    expect(order).toEqual([...order].sort());
  });
});

describe('POST /neo_airline_price', () => {
  it('answers our price below the airline’s public fare for a listed flight', async () => {
    const [flight] = (await api().get('/api/v1/neo_flights')).body.flights as WireFlight[];
    const res = await api().post('/api/v1/neo_airline_price').send(priceBody(flight!));
    expect(res.status).toBe(200);
    expect(res.body.provider_price.currency).toBe('EUR');
    expect(res.body.airline_price.currency).toBe('EUR');
    expect(Number(res.body.provider_price.amount)).toBeLessThan(Number(res.body.airline_price.amount));
  });

  it('answers 404 for a flight the neo-airline does not fly and for another airline, 400 for a bad body', async () => {
    const [flight] = (await api().get('/api/v1/neo_flights')).body.flights as WireFlight[];
    const unknown = await api()
      .post('/api/v1/neo_airline_price')
      .send({ ...priceBody(flight!), flight_number: '1' });
    expect(unknown.status).toBe(404);
    const other = await api()
      .post('/api/v1/neo_airline_price')
      .send({ ...priceBody(flight!), airline: 'LH' });
    expect(other.status).toBe(404);
    const bad = await api()
      .post('/api/v1/neo_airline_price')
      .send({ ...priceBody(flight!), departure_airport: 'warsaw', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.length).toBeGreaterThanOrEqual(1);
  });
});

describe('presentation requests', () => {
  it('stores the email exactly as typed, even empty, mails sales and lists the requests for staff only', async () => {
    const client = newClient();
    const typed = await api()
      .post('/api/v1/for_airlines/send_presentation')
      .set(client)
      .send({ language: 'pl', email: '  not-an-email ', type: 'api' });
    expect(typed.status).toBe(201);
    expect(typed.body).toMatchObject({ language: 'pl', email: '  not-an-email ', type: 'api' });

    const empty = await api()
      .post('/api/v1/for_airlines/send_presentation')
      .send({ language: 'en', email: '', type: 'api' });
    expect(empty.status).toBe(201);
    expect(empty.body.email).toBe('');

    const outbox = await api().get('/api/v1/mail_outbox?to=sales-landing@contrail.test').set(bearer('Admin'));
    const subjects = (outbox.body.data as { subject: string; body: string }[]).map((m) => m.subject);
    expect(subjects).toContain('API presentation requested (no email given: nobody to answer)');
    expect(subjects).toContain('API presentation requested by   not-an-email ');
    const stored = await stack.ctx.db
      .selectFrom('presentation_requests')
      .select(['email', 'mail_message_id'])
      .where('id', '=', empty.body.id)
      .executeTakeFirstOrThrow();
    expect(stored.email).toBe('');
    expect(stored.mail_message_id).toMatch(/^msg_/);

    for (const role of ['Admin', 'Support'] as const) {
      const list = await api().get('/api/v1/presentation_requests?per_page=5').set(bearer(role));
      expect(list.status).toBe(200);
      expect(list.body.meta.total).toBeGreaterThanOrEqual(2);
      expect(list.body.data[0].id).toBe(empty.body.id);
    }
    expect((await api().get('/api/v1/presentation_requests').set(bearer('Agent'))).status).toBe(403);
    expect((await api().get('/api/v1/presentation_requests').set(bearer('Supervisor'))).status).toBe(403);
    expect((await api().get('/api/v1/presentation_requests')).status).toBe(401);
  });

  it('refuses a body that is not the form’s: other type, unknown language, an email past 254 characters', async () => {
    const send = (body: object) => api().post('/api/v1/for_airlines/send_presentation').send(body);
    expect((await send({ language: 'en', email: 'a@b.c', type: 'demo' })).status).toBe(400);
    expect((await send({ language: 'de', email: 'a@b.c', type: 'api' })).status).toBe(400);
    expect((await send({ language: 'en', email: 'a'.repeat(255), type: 'api' })).status).toBe(400);
    expect((await send({ language: 'en', type: 'api' })).status).toBe(400);
  });

  it(`lets one address send ${presentationLimit.perWindow} an hour, then answers 429 with Retry-After`, async () => {
    const client = newClient();
    const send = () =>
      api()
        .post('/api/v1/for_airlines/send_presentation')
        .set(client)
        .send({ language: 'en', email: 'x@y.z', type: 'api' });
    const statuses: number[] = [];
    for (let i = 0; i < presentationLimit.perWindow; i++) statuses.push((await send()).status);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 201).length).toBe(presentationLimit.perWindow);
    // Another address is not held back.
    const other = await api()
      .post('/api/v1/for_airlines/send_presentation')
      .set(newClient())
      .send({ language: 'en', email: 'x@y.z', type: 'api' });
    expect(other.status).toBe(201);
  });
});

describe('when the sandbox does not answer', () => {
  it('answers 503 for the flights and prices, saying nothing internal', async () => {
    const down = await startStack({ withSandbox: false });
    try {
      const flights = await request(down.baseUrl).get('/api/v1/neo_flights');
      expect(flights.status).toBe(503);
      expect(flights.body.errors[0].code).toBe('dependency_unavailable');
      const price = await request(down.baseUrl).post('/api/v1/neo_airline_price').send({
        flight_number: '7022',
        departure_airport: 'WAW',
        arrival_airport: 'KBP',
        departure_date: '2030-01-01',
        arrival_date: '2030-01-01',
        airline: 'NE',
      });
      expect(price.status).toBe(503);
    } finally {
      await down.close();
    }
  });
});
