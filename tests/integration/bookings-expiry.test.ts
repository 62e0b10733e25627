// The hold-expiry pass, driven by both clocks: the API's test clock and the sandbox airlines'.
// A hold past its time limit that the airline expired (or has dropped since) ends as `expired`
// with its history, its end time and its event; a second pass finds nothing left to do; a hold the airline
// still keeps is left alone.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { advanceSandbox, bearer, book, findFares } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
const clock = new TestClock();
beforeAll(async () => {
  stack = await startStack({ clock });
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
});
afterAll(async () => {
  await stack.close();
});

const rowOf = (locator: string) =>
  stack.ctx.db.selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirstOrThrow();
const historyOf = (locator: string) =>
  stack.ctx.db
    .selectFrom('booking_history as h')
    .innerJoin('bookings as b', 'b.id', 'h.booking_id')
    .select(['h.action', 'h.detail'])
    .where('b.locator', '=', locator)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();
const onePass = () => stack.ctx.bookings.expireHolds({ agencyId: tenant.agencyId });
async function advanceBoth(seconds: number) {
  clock.advance(seconds * 1000);
  await advanceSandbox(stack.sandboxUrl, seconds);
}
async function hold(days: number) {
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days },
    { carriers: ['LH'] },
  );
  const booked = await book(stack.baseUrl, bearer(agent.token), fares[0]!);
  return { ...booked, timeLimit: new Date((await rowOf(booked.locator)).time_limit!) };
}
const secondsUntil = (at: Date) => Math.ceil((at.getTime() - clock.now().getTime()) / 1000);

it('leaves holds alone before their time limit', async () => {
  await hold(30);
  expect(await onePass()).toEqual({ checked: 0, expired: 0 });
});

it('expires a hold the airline expired at its time limit, records it, and is done after one pass', async () => {
  const booked = await hold(31);
  await advanceBoth(secondsUntil(booked.timeLimit) + 60);
  // The first test's hold (an earlier flight, the same hold time) has passed its limit too.
  const pass = await onePass();
  expect(pass.checked).toBeGreaterThanOrEqual(1);
  expect(pass.expired).toBe(pass.checked);
  const row = await rowOf(booked.locator);
  expect(row).toMatchObject({ status: 'expired', provider_status: 'expired' });
  expect(row.ended_at).not.toBeNull();
  const history = await historyOf(booked.locator);
  expect(history.map((h) => h.action)).toEqual(['created', 'expired']);
  expect(history[1]!.detail).toContain('Nothing was paid, so nothing is given back');
  // Announced once, as the airline's doing: no API call caused it.
  const events = await stack.ctx.db
    .selectFrom('events as e')
    .innerJoin('bookings as b', 'b.id', 'e.booking_id')
    .select(['e.type', 'e.request_id'])
    .where('b.locator', '=', booked.locator)
    .orderBy('e.seq')
    .execute();
  expect(events).toEqual([
    { type: 'booking.created', request_id: expect.any(String) },
    { type: 'booking.expired', request_id: null },
  ]);
  expect(await onePass()).toEqual({ checked: 0, expired: 0 });
  const listed = await request(stack.baseUrl).get('/api/v1/bookings?status=new').set(bearer(agent.token));
  expect(listed.body.data.map((b: { locator: string }) => b.locator)).not.toContain(booked.locator);
});

it('expires a hold the airline has dropped since (24 h after it expired it)', async () => {
  const booked = await hold(40);
  await advanceBoth(secondsUntil(booked.timeLimit) + 25 * 3600);
  expect(await onePass()).toEqual({ checked: 1, expired: 1 });
  expect(await rowOf(booked.locator)).toMatchObject({ status: 'expired' });
  expect((await historyOf(booked.locator)).map((h) => h.action)).toEqual(['created', 'airline_missing']);
});

it('keeps a hold the airline still holds when only our clock passed its limit', async () => {
  const booked = await hold(50);
  const gap = secondsUntil(booked.timeLimit) + 60;
  clock.advance(gap * 1000);
  expect(await onePass()).toEqual({ checked: 1, expired: 0 });
  expect(await rowOf(booked.locator)).toMatchObject({ status: 'new', provider_status: 'held' });
  // Once the airline's clock is there too, the next pass ends it.
  await advanceSandbox(stack.sandboxUrl, gap);
  expect(await onePass()).toEqual({ checked: 1, expired: 1 });
});
