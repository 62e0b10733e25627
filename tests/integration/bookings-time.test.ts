// Time limits and void windows, reached by moving both clocks: the API's test clock and the sandbox
// airlines' (POST /sandbox/clock). Each test books after the moves of the ones before it.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { advanceSandbox, bearer, book, findFares } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';

let stack: Stack;
let agent: TestAccount;
const clock = new TestClock();
beforeAll(async () => {
  stack = await startStack({ clock });
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: await createTenant(stack.ctx.db) });
});
afterAll(async () => {
  await stack.close();
});

const api = () => request(stack.baseUrl);
async function advanceBoth(seconds: number) {
  clock.advance(seconds * 1000);
  await advanceSandbox(stack.sandboxUrl, seconds);
}
async function lhBooking(days: number) {
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days },
    { carriers: ['LH'] },
  );
  return book(stack.baseUrl, bearer(agent.token), fares[0]!);
}
const issue = (locator: string) => api().post('/api/v1/bookings/issue').set(bearer(agent.token)).send({ locator });

it('refuses to issue after the time limit; the booking shows as expired', async () => {
  const booked = await lhBooking(30);
  const limit = new Date((booked as unknown as { time_limit: string }).time_limit).getTime();
  await advanceBoth(Math.ceil((limit - clock.now().getTime()) / 1000) + 60);
  const res = await issue(booked.locator);
  expect(res.status).toBe(409);
  expect(res.body.errors[0].code).toBe('booking_time_limit_passed');
  const after = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(after.body).toMatchObject({ status: 'expired', provider_status: 'expired', time_limit: null });
  const expired = await api().get('/api/v1/bookings?status=expired').set(bearer(agent.token));
  expect(expired.body.data.map((b: { locator: string }) => b.locator)).toContain(booked.locator);
});

it('refuses to void once the airline closed the void window, telling to request a refund', async () => {
  const booked = await lhBooking(40);
  expect((await issue(booked.locator)).body.status).toBe('issued');
  // Only the airline's clock passes the window: the airline's refusal is what the agent reads.
  await advanceSandbox(stack.sandboxUrl, 25 * 3600);
  const res = await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(res.status).toBe(409);
  expect(res.body.errors[0].code).toBe('void_window_closed');
  expect(res.body.errors[0].title).toContain('Request a refund');
  clock.advance(25 * 3600 * 1000);
  const ours = await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(ours.status).toBe(409);
  expect(ours.body.errors[0].detail).toContain('Request a refund instead.');
  const still = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(still.body).toMatchObject({ status: 'issued', tickets_present: true });
});

it('voids inside the window', async () => {
  const booked = await lhBooking(45);
  expect((await issue(booked.locator)).body.status).toBe('issued');
  await advanceBoth(23 * 3600);
  const res = await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('voided');
});

it('re-prices before issue with reshop and takes a cheaper class the airline opened', async () => {
  // CPH–FRA: from 24 h after booking the airline offers the fare family's lowest class (scenario).
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'CPH', destination: 'FRA', days: 50 },
    { carriers: ['LH'] },
  );
  const light = fares.find((f) => f.inventory.every((k) => k.endsWith('/K')));
  const booked = await book(stack.baseUrl, bearer(agent.token), light ?? fares[0]!);
  await advanceBoth(25 * 3600);
  const res = await api()
    .post('/api/v1/bookings/issue')
    .set(bearer(agent.token))
    .send({ locator: booked.locator, reshop: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.status).toBe('issued');
  expect(Number(res.body.price.amount)).toBeLessThan(Number(booked.price.amount));
  expect(res.body.documents[0].amount.amount).toBe(res.body.price.amount);
});

it('takes over a schedule change the airline made, and records it once', async () => {
  // BRU–OPO: an hour after booking the airline retimes the first journey (scenario).
  const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'BRU', destination: 'OPO', days: 55 });
  const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
  const before = (booked as unknown as { segments: { departure_at: string }[] }).segments[0]!.departure_at;
  await advanceBoth(2 * 3600);
  const seen = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(seen.body.segments[0].departure_at).not.toBe(before);
  await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  const history = await api().get(`/api/v1/bookings/${booked.locator}/history`).set(bearer(agent.token));
  expect(history.body.data.map((h: { action: string }) => h.action)).toEqual(['created', 'refreshed']);
});
