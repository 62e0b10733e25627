// The marketing pages' public operations: the fare demo (a GDS entry priced through the sandbox
// against the GDS price with the carrier's surcharges), demo requests (stored, mailed to sales,
// listed for staff), and their per-address limits.
import { gdsSurcharges } from '@contrail/gds-surcharges';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { SALES_INBOX: 'sales-test@contrail.example' } });
});
afterAll(async () => {
  await stack.close();
});

const api = () => request(stack.baseUrl);
// Each test speaks from its own address, so the per-address limits of one do not touch another.
let nextIp = 10;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${nextIp++}` });

describe('POST /demo/fare_quote', () => {
  it('prices an entry through the sandbox and against the GDS price, at the ROE typed in it', async () => {
    const res = await api().post('/api/v1/demo/fare_quote').send({ entry: 'waw lo kbp 120.00NUC120.00END ROE3.98' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      entry: 'WAW LO KBP 120.00NUC120.00END ROE3.98',
      segments: [{ from: 'WAW', to: 'KBP', carrier: 'LO', connection: false }],
      nuc_total: '120.00',
      carrier: 'LO',
      roe: '3.980000',
    });
    expect(res.body.flights[0]).toMatch(/^LO \d+$/);
    // LO is not in the surcharge table: the GDS price is the fare at LOT's ROE alone.
    expect(res.body.gds_fare).toEqual({ amount: '477.60', currency: 'PLN' });
    expect(res.body.gds_surcharge).toEqual({ amount: '0.00', currency: 'PLN' });
    const saving = Number(res.body.gds_price.amount) - Number(res.body.our_price.amount);
    expect(res.body.saving.amount).toBe(saving.toFixed(2));
    // Another ROE typed is the one used: the GDS fare follows it, the NDC price does not.
    const other = await api()
      .post('/api/v1/demo/fare_quote')
      .set(from())
      .send({ entry: 'WAW LO KBP 120.00NUC120.00END ROE1.00' });
    expect(other.body).toMatchObject({ roe: '1.000000', gds_fare: { amount: '120.00', currency: 'PLN' } });
    expect(other.body.our_price).toEqual(res.body.our_price);
  });

  it('uses the carrier ROE when the entry has none', async () => {
    const res = await api()
      .post('/api/v1/demo/fare_quote')
      .set(from())
      .send({ entry: 'WAW LO KBP 120.00NUC120.00END' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ roe: '3.980000', gds_fare: { amount: '477.60', currency: 'PLN' } });
  });

  it('adds the carrier surcharge of the shared table on every flown segment', async () => {
    const res = await api()
      .post('/api/v1/demo/fare_quote')
      .send({ entry: 'FRA LH LHR 100.00 LH FRA 100.00NUC200.00END ROE0.920000' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const lh = gdsSurcharges.find((s) => s.carrier === 'LH')!;
    expect(res.body.gds_price.currency).toBe('EUR');
    expect(res.body.gds_surcharge.amount).toBe((2 * Number(lh.perSegment)).toFixed(2));
    expect(res.body.gds_fare.amount).toBe('184.00');
    expect(res.body.flights).toHaveLength(2);
  });

  it('names what it could not read, pointing at /entry', async () => {
    const res = await api().post('/api/v1/demo/fare_quote').send({ entry: 'WAW LOT KBP 120.00NUC120.00END' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      code: 'fare_calculation_unreadable',
      detail: 'Could not read "LOT" at character 5: expected a two-character airline code, /- or the NUC total.',
      source: { pointer: '/entry' },
    });
  });

  it('says when the sandbox airlines cannot price the itinerary', async () => {
    const res = await api().post('/api/v1/demo/fare_quote').send({ entry: 'XXX LO KBP 120.00NUC120.00END' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('demo_itinerary_unavailable');
    expect(res.body.errors[0].detail).toMatch(/XXX/);
  });

  it('bounds the body', async () => {
    const res = await api()
      .post('/api/v1/demo/fare_quote')
      .send({ entry: 'A'.repeat(501) });
    expect(res.status).toBe(400);
    expect((await api().post('/api/v1/demo/fare_quote').send({ entry: 'x', extra: 1 })).status).toBe(400);
  });
});

describe('demo requests', () => {
  it('stores the request, mails the sales inbox and lists it for staff only', async () => {
    const email = `airline-${Date.now()}@carrier.example`;
    const res = await api().post('/api/v1/demo_requests').send({ email, language: 'fr' });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toEqual({ status: 'accepted' });

    const mail = await stack.ctx.db
      .selectFrom('mail_messages')
      .selectAll()
      .where('recipient', '=', 'sales-test@contrail.example')
      .where('body', 'like', `%${email}%`)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Demo request from ${email}`);

    const list = await api().get('/api/v1/demo_requests?per_page=100').set('Authorization', `Bearer ${tokens.Support}`);
    expect(list.status).toBe(200);
    expect(list.body.data.find((r: { email: string }) => r.email === email)).toMatchObject({ email, language: 'fr' });
    expect(list.body.meta.total).toBeGreaterThanOrEqual(1);

    const agent = await api().get('/api/v1/demo_requests').set('Authorization', `Bearer ${tokens.Agent}`);
    expect(agent.status).toBe(403);
    expect((await api().get('/api/v1/demo_requests')).status).toBe(401);
  });

  it('refuses what is not an email address', async () => {
    const res = await api().post('/api/v1/demo_requests').send({ email: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source).toEqual({ pointer: '/email' });
  });
});

describe('per-address limits', () => {
  it('allows five demo requests an hour from one address, then answers 429 with Retry-After', async () => {
    const limited = await startStack({ env: { TRUST_PROXY: 'true' } });
    try {
      const ip = from();
      for (let i = 0; i < 5; i++) {
        const ok = await request(limited.baseUrl)
          .post('/api/v1/demo_requests')
          .set(ip)
          .send({ email: `a${i}@x.example` });
        expect(ok.status).toBe(202);
      }
      const refused = await request(limited.baseUrl)
        .post('/api/v1/demo_requests')
        .set(ip)
        .send({ email: 'b@x.example' });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('3600');
      const other = await request(limited.baseUrl)
        .post('/api/v1/demo_requests')
        .set(from())
        .send({ email: 'c@x.example' });
      expect(other.status).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
