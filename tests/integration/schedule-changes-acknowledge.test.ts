// A schedule change's decision when the airline cannot hear it: the API and the worker reach the
// sandbox airline through a door (tests/support/airline-door.ts) that the test closes (connections
// refused) or that drops only the acknowledgement. The decision is kept all the same, the booking's
// history says the airline is to be told again, and the pass the worker runs tells it, with a
// growing wait between tries, once it is back: once, and never the decision's own work again (a
// refund is made once, the balance credited once). Accepting moves the booking onto the airline's
// flights in the transaction that raises `schedule_change.resolved`, whose object carries them.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { airlineParts } from '../../api/src/core.js';
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { startAirlineDoor, type AirlineDoor } from '../support/airline-door.js';
import { balanceOf, bearer, book, findFares, payBy, setBalance } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { expectBalancesMatchLedgers } from '../support/ledgers.js';
import { disrupt } from '../support/schedule-changes.js';
import { closedPort } from '../support/services.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';
import { waitFor } from '../support/wait.js';

let door: AirlineDoor;
let stack: Stack;
let worker: WorkerHandle;
let tenant: TestTenant;
let agent: TestAccount;
// The API's clock: moved forward to make the next try due. The worker only takes the airline's
// notices in and is stopped before the tests decide, so the only passes are the tests' own.
const clock = new TestClock();
let ticketed: Awaited<ReturnType<typeof booked>>;
let held: Awaited<ReturnType<typeof booked>>;
let day = 90;

beforeAll(async () => {
  door = await startAirlineDoor();
  const env = {
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-schedule-acks`,
    PORT: String(await closedPort()),
    SANDBOX_URL: door.url,
  };
  stack = await startStack({ env, clock });
  door.target = stack.sandboxUrl;
  worker = await startWorker(loadConfig(testEnv(env)));
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setBalance(stack.ctx.db, tenant.companyId, '100000.00');
  ticketed = await booked(true);
  held = await booked(false);
  await worker.close();
}, 120_000);
afterAll(async () => {
  await stack?.close();
  await door?.stop();
});

const db = () => stack.ctx.db;
const api = () => request(stack.baseUrl);
const auth = () => bearer(agent.token);
const ack = 'AcknowledgeChange';
const pass = () => stack.ctx.scheduleChanges.retryAcknowledgements();
const changeRow = (id: string) =>
  db().selectFrom('schedule_changes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const bookingOf = (locator: string) =>
  db().selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirstOrThrow();

async function booked(issue: boolean) {
  const fares = await findFares(
    stack.baseUrl,
    auth(),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { carriers: ['LH'], currency: 'EUR' },
  );
  const locator = (await book(stack.baseUrl, auth(), fares.find((f) => f.family === 'LT') ?? fares[0]!)).locator;
  if (issue) expect((await api().post('/api/v1/bookings/issue').set(auth()).send({ locator })).status).toBe(200);
  await disrupt(stack.baseUrl, auth(), locator, {
    kind: issue ? 'cancellation' : 'delay',
    notice: 'full',
    action_deadline: new Date(clock.now().getTime() + 3600_000).toISOString(),
  });
  const list = await waitFor(
    `the schedule change of ${locator}`,
    async () => (await api().get('/api/v1/schedule_changes').query({ locator }).set(auth())).body,
    (body: { data?: { id: string; status: string; new_segments: unknown[] }[] }) =>
      body.data?.some((c) => c.status === 'pending') ?? false,
  );
  return { locator, change: list.data![0]! };
}

async function airlineStateOf(locator: string) {
  const row = await bookingOf(locator);
  const airline = airlineParts(stack.config, db());
  const { channel } = await airline.channels.forBooking(row);
  return (await airline.provider.retrieveOrder(channel, orderRefOf(row))).airlineChanges?.at(-1)?.state;
}

async function lastHistory(locator: string) {
  const res = await api().get(`/api/v1/bookings/${locator}/history`).set(auth());
  return res.body.data as { action: string; detail: string | null }[];
}

it('refunds once when only the acknowledgement fails, and tells the airline without refunding again', async () => {
  const { locator, change } = ticketed;
  const before = Number(await balanceOf(db(), tenant.companyId));
  door.drop(ack);
  const cancelled = await api().post(`/api/v1/schedule_changes/${change.id}/cancel`).set(auth()).send({});
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
  expect(cancelled.body).toMatchObject({ status: 'cancelled', airline_acknowledged_at: null });
  const booking = await bookingOf(locator);
  expect(booking.status).toBe('refunded');
  const credited = Number(await balanceOf(db(), tenant.companyId)) - before;
  expect(credited).toBeCloseTo(Number(booking.airline_total), 2);
  const sentAfterDecision = door.passed('');

  // Due after 5 s, 10 s, 20 s: still dropped.
  for (const wait of [5_000, 10_000, 20_000]) {
    clock.advance(wait + 500);
    expect(await pass()).toBe(0);
  }
  door.drop(null);
  clock.advance(40_500);
  expect(await pass()).toBe(1);
  expect((await changeRow(change.id)).acknowledged_at).not.toBeNull();
  // Only the acknowledgement went to the airline after the decision: no second refund.
  expect(door.passed('') - sentAfterDecision).toBe(door.passed(ack));
  expect(door.passed(ack)).toBe(1);
  expect(await airlineStateOf(locator)).toBe('cancelled');
  expect(Number(await balanceOf(db(), tenant.companyId)) - before).toBeCloseTo(credited, 2);
  const refunds = await db()
    .selectFrom('booking_requests')
    .select('id')
    .where('booking_id', '=', booking.id)
    .where('kind', '=', 'refund')
    .execute();
  expect(refunds).toHaveLength(1);
  await expectBalancesMatchLedgers(db());
}, 60_000);

it('keeps an accept while the airline is down, and tells the airline once it is back', async () => {
  const { locator, change } = held;
  const acks = () => door.passed(ack) - acksBefore;
  const acksBefore = door.passed(ack);
  await door.close();
  const accepted = await api().post(`/api/v1/schedule_changes/${change.id}/accept`).set(auth()).send({});
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body).toMatchObject({ status: 'accepted', airline_acknowledged_at: null });
  // The booking took the airline's flights, and the resolved event carries them.
  const booking = await bookingOf(locator);
  expect(booking.segments).toEqual(change.new_segments);
  const resolved = await db()
    .selectFrom('events')
    .select('data')
    .where('booking_id', '=', booking.id)
    .where('type', '=', 'schedule_change.resolved')
    .executeTakeFirstOrThrow();
  expect((resolved.data as { object: { new_segments: unknown } }).object.new_segments).toEqual(booking.segments);
  expect((await lastHistory(locator)).map((h) => h.detail).join(' ')).toContain('could not be reached');

  // Not due yet; then due, but the airline is still down: the next wait is longer (5 s, then 10 s).
  expect(await pass()).toBe(0);
  expect((await changeRow(change.id)).ack_attempts).toBe(1);
  clock.advance(6_000);
  expect(await pass()).toBe(0);
  let row = await changeRow(change.id);
  expect(row.ack_attempts).toBe(2);
  expect(row.ack_next_at!.getTime() - clock.now().getTime()).toBeGreaterThan(9_000);
  expect(acks()).toBe(0);

  await door.open();
  clock.advance(11_000);
  expect(await pass()).toBe(1);
  row = await changeRow(change.id);
  expect(row.acknowledged_at).not.toBeNull();
  expect(row.ack_next_at).toBeNull();
  expect(acks()).toBe(1);
  expect(await airlineStateOf(locator)).toBe('accepted');
  const got = await api().get(`/api/v1/schedule_changes/${change.id}`).set(auth());
  expect(got.body.airline_acknowledged_at).toBe(row.acknowledged_at!.toISOString());
  expect((await lastHistory(locator)).map((h) => h.action)).toContain('schedule_change_acknowledged');

  // Told: later passes send nothing more.
  clock.advance(3600_000);
  expect(await pass()).toBe(0);
  expect(acks()).toBe(1);
}, 60_000);
