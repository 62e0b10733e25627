// Booking changes that depend on time, reached by moving both clocks (the API's test clock and the
// sandbox airlines'): a refund quote confirmed after its expiry, the cheaper class CPH–FRA opens a
// day after booking taken with reshop, and a re-price offer taken after its expiry.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toMinor } from '../../api/src/money.js';
import { advanceSandbox, balanceOf, bearer, book, findFares, payBy } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';

let stack: Stack;
let own: TestTenant;
let agent: TestAccount;
const clock = new TestClock();
beforeAll(async () => {
  stack = await startStack({ clock });
  own = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: own });
  await payBy(stack.ctx.db, own, 'company_balance');
});
afterAll(async () => {
  await stack.close();
});

const post = (path: string, body: object = {}) =>
  request(stack.baseUrl).post(`/api/v1${path}`).set(bearer(agent.token)).send(body);
async function advanceBoth(seconds: number) {
  clock.advance(seconds * 1000);
  await advanceSandbox(stack.sandboxUrl, seconds);
}
async function lhBooking(route: [string, string], days: number) {
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: route[0], destination: route[1], days },
    { carriers: ['LH'], currency: 'EUR' },
  );
  return book(stack.baseUrl, bearer(agent.token), fares[0]!);
}

it('refuses to confirm a refund quote after its expiry, changing nothing; a new quote refunds', async () => {
  const booked = await lhBooking(['WAW', 'FRA'], 60);
  expect((await post('/bookings/issue', { locator: booked.locator })).status).toBe(200);
  const quote = await post(`/orders/${booked.locator}/refund_requests/create`);
  expect(quote.status).toBe(201);
  const balance = await balanceOf(stack.ctx.db, own.companyId);
  await advanceBoth(21 * 60);
  const late = await post(`/orders/${booked.locator}/refund_requests/confirm`, { refund_request_id: quote.body.id });
  expect(late.status).toBe(409);
  expect(late.body.errors[0].code).toBe('refund_quote_expired');
  expect(late.body.errors[0].detail).toContain('ask for a new quote');
  expect(await balanceOf(stack.ctx.db, own.companyId)).toBe(balance);
  const seen = await request(stack.baseUrl).get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(seen.body).toMatchObject({ status: 'issued', provider_status: 'issued', tickets_present: true });
  const history = await request(stack.baseUrl)
    .get(`/api/v1/bookings/${booked.locator}/history`)
    .set(bearer(agent.token));
  expect(history.body.data.map((h: { action: string }) => h.action)).not.toContain('refund_started');

  const fresh = await post(`/orders/${booked.locator}/refund_requests/create`);
  const done = await post(`/orders/${booked.locator}/refund_requests/confirm`, { refund_request_id: fresh.body.id });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  expect(done.body.status).toBe('refunded');
  expect(toMinor(await balanceOf(stack.ctx.db, own.companyId))).toBe(
    toMinor(balance) + toMinor(fresh.body.refund.amount),
  );
});

it('takes the cheaper class CPH–FRA opens a day after booking, with reshop', async () => {
  const booked = await lhBooking(['CPH', 'FRA'], 50);
  const early = await post('/bookings/reprice', { locator: booked.locator });
  expect(early.body.price_changed).toBe(false);
  await advanceBoth(25 * 3600);
  const check = await post('/bookings/reprice', { locator: booked.locator });
  expect(check.status, JSON.stringify(check.body)).toBe(200);
  expect(check.body.price_changed).toBe(true);
  expect(toMinor(check.body.difference.amount)).toBeLessThan(0);
  expect(toMinor(check.body.new_price.amount) - toMinor(check.body.price.amount)).toBe(
    toMinor(check.body.difference.amount),
  );
  // The check changed nothing.
  const unchanged = await request(stack.baseUrl).get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(unchanged.body.price).toEqual(booked.price);

  const res = await post('/bookings/reshop', { locator: booked.locator, offer_id: check.body.offer_id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body).toMatchObject({ status: 'new', price: check.body.new_price });
  const history = await request(stack.baseUrl)
    .get(`/api/v1/bookings/${booked.locator}/history`)
    .set(bearer(agent.token));
  const last = history.body.data.at(-1);
  expect(last.action).toBe('reshopped');
  expect(last.detail).toContain(`${booked.price.amount} → ${check.body.new_price.amount}`);
  // Issuing pays the new price.
  const before = toMinor(await balanceOf(stack.ctx.db, own.companyId));
  const issued = await post('/bookings/issue', { locator: booked.locator });
  expect(issued.status).toBe(200);
  expect(issued.body.price).toEqual(check.body.new_price);
  expect(toMinor(await balanceOf(stack.ctx.db, own.companyId))).toBe(before - toMinor(check.body.new_price.amount));
});

it('refuses a re-price offer taken after its expiry', async () => {
  const booked = await lhBooking(['WAW', 'FRA'], 70);
  const check = await post('/bookings/reprice', { locator: booked.locator });
  await advanceBoth(31 * 60);
  const res = await post('/bookings/reshop', { locator: booked.locator, offer_id: check.body.offer_id });
  expect(res.status).toBe(409);
  expect(res.body.errors[0].code).toBe('reshop_offer_expired');
});
