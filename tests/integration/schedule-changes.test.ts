// Airline-initiated schedule changes end to end over HTTP: the sandbox airline disrupts a test
// booking (POST /sandbox/bookings/{locator}/disrupt), pushes its notice (full: with the new order;
// light: only that it changed) to this API's receiver, and the worker takes it in: one schedule
// change per notice, the flights as booked and as changed side by side, the change type worked out
// from them, and `schedule_change.detected`. Each decision (accept, cancel with an involuntary
// refund, change flights free of the airline's fee) happens once, is told to the airline, and
// raises `schedule_change.resolved`; at the deadline the consequence of inaction is carried out.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { airlineParts } from '../../api/src/core.js';
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { advanceSandbox, bearer, book, findFares, payBy, setBalance, balanceOf } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { expectBalancesMatchLedgers } from '../support/ledgers.js';
import { disrupt as disruptAt, type Disruption } from '../support/schedule-changes.js';
import { closedPort } from '../support/services.js';
import { asSession, signInWithPassword } from '../support/sessions.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';
import { waitFor } from '../support/wait.js';

let stack: Stack;
let worker: WorkerHandle;
let tenant: TestTenant;
let agent: TestAccount;
const clock = new TestClock();
let airline: ReturnType<typeof airlineParts> | undefined;

beforeAll(async () => {
  // A known port, so the URL registered with the airline is where this API listens.
  const env = { KEY_PREFIX: `${testEnv().KEY_PREFIX}-schedule-changes`, PORT: String(await closedPort()) };
  stack = await startStack({ env, clock });
  worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setBalance(stack.ctx.db, tenant.companyId, '100000.00');
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await stack?.close();
});

const db = () => stack.ctx.db;
const api = () => request(stack.baseUrl);
const auth = () => bearer(agent.token);
let day = 60;

interface Segment {
  flight_id: string;
  flight_number: string;
  departure_at: string;
}
interface Change {
  id: string;
  locator: string;
  status: string;
  type: string;
  removed_segments: Segment[];
  added_segments: Segment[];
  available_actions: string[];
  action_taken: string | null;
  action_taken_by: { type: string; account_id: string | null } | null;
  flights_change_request_id: string | null;
  consequence_of_inaction: string;
  action_deadline: string;
}

async function held(family?: string) {
  const fares = await findFares(
    stack.baseUrl,
    auth(),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    {
      carriers: ['LH'],
      currency: 'EUR',
    },
  );
  const fare = fares.find((f) => !family || f.family === family) ?? fares[0]!;
  return (await book(stack.baseUrl, auth(), fare)).locator;
}

async function issued(family = 'CL') {
  const locator = await held(family);
  const res = await api().post('/api/v1/bookings/issue').set(auth()).send({ locator });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return locator;
}

/** Waits for the booking's schedule change to be taken in. */
async function changeOf(locator: string, status = 'pending'): Promise<Change> {
  const list = await waitFor(
    `the schedule change of ${locator}`,
    async () => (await api().get('/api/v1/schedule_changes').query({ locator }).set(auth())).body,
    (body: { data: Change[] }) => body.data?.some((c) => c.status === status),
  );
  return list.data.find((c: Change) => c.status === status)!;
}

/** What the airline's order says the seller answered to its latest change. */
async function airlineAnswerOf(locator: string) {
  const row = await bookingOf(locator);
  airline ??= airlineParts(stack.config, db());
  const { channel } = await airline.channels.forBooking(row);
  const order = await airline.provider.retrieveOrder(channel, orderRefOf(row));
  return order.airlineChanges?.at(-1)?.state;
}

/** Disrupts with a deadline an hour after the API's (test) clock. */
const disrupt = (baseUrl: string, headers: Record<string, string>, locator: string, d: Disruption) =>
  disruptAt(baseUrl, headers, locator, {
    action_deadline: new Date(clock.now().getTime() + 3600_000).toISOString(),
    ...d,
  });

const bookingOf = (locator: string) =>
  db().selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirstOrThrow();
const eventsOf = (changeId: string) =>
  db()
    .selectFrom('events')
    .select(['type', 'data'])
    .where('type', 'like', 'schedule_change.%')
    .orderBy('seq')
    .execute()
    .then((rows) =>
      rows.filter((r) => (r.data as { object: { id: string } }).object.id === changeId).map((r) => r.type),
    );

describe('every kind, from a full and from a light notice', () => {
  const kinds: Disruption['kind'][] = ['delay', 'retime', 'flight_number_change', 'cancellation', 'time_limit_change'];
  for (const kind of kinds)
    for (const notice of ['full', 'light'] as const)
      it(`takes in a ${kind} from a ${notice} notice`, async () => {
        const locator = await held();
        const before = (await bookingOf(locator)).segments as Segment[];
        await disrupt(stack.baseUrl, auth(), locator, { kind, notice });
        const change = await changeOf(locator);
        expect(change).toMatchObject({ type: kind, locator, available_actions: ['accept', 'cancel'] });
        if (kind === 'time_limit_change') {
          expect(change.removed_segments).toEqual([]);
        } else {
          expect(change.removed_segments[0]).toEqual(before[0]);
          expect(change.added_segments[0]).not.toEqual(before[0]);
          if (kind === 'flight_number_change')
            expect(change.added_segments[0]!.departure_at).toBe(before[0]!.departure_at);
        }
        // Until someone accepts, the booking keeps its flights as booked (even when opened).
        const opened = await api().get(`/api/v1/bookings/${locator}`).set(auth());
        expect(opened.body.segments).toEqual(before);
        expect(await eventsOf(change.id)).toEqual(['schedule_change.detected']);
      });
});

it('keeps one schedule change and one event when the airline repeats its notice', async () => {
  const locator = await held();
  const sent = await disrupt(stack.baseUrl, auth(), locator, { kind: 'delay', notice: 'light', repeat: 3 });
  const change = await changeOf(locator);
  await waitFor(
    'the three notices',
    () => db().selectFrom('airline_notifications').selectAll().where('notif_id', '=', sent.notice_id).execute(),
    (rows) => rows.length === 1 && rows[0]!.refreshed_at !== null,
  );
  // The sandbox pushed three times; give the last ones time to land before counting.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const all = await api().get('/api/v1/schedule_changes').query({ locator }).set(auth());
  expect(all.body.data.map((c: Change) => c.id)).toEqual([change.id]);
  expect(await eventsOf(change.id)).toEqual(['schedule_change.detected']);
});

it('accepts once: the booking takes the new flights, the airline is told, a second accept is 409', async () => {
  const locator = await issued();
  await disrupt(stack.baseUrl, auth(), locator, { kind: 'delay', notice: 'full', minutes: 120 });
  const change = await changeOf(locator);
  expect(change.available_actions).toEqual(['accept', 'cancel', 'change']);
  // Undecided, it waits in "Action required" with its own deadline; decided, it leaves it.
  const waiting = async () =>
    (await api().get('/api/v1/action_required').query({ per_page: 100 }).set(auth())).body.data.filter(
      (i: { kind: string; booking_locator: string }) => i.kind === 'schedule_change' && i.booking_locator === locator,
    );
  expect(await waiting()).toEqual([expect.objectContaining({ deadline: change.action_deadline })]);
  const accepted = await api().post(`/api/v1/schedule_changes/${change.id}/accept`).set(auth()).send({});
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  expect(accepted.body).toMatchObject({
    status: 'accepted',
    action_taken: 'accept',
    action_taken_by: { type: 'account', account_id: agent.id },
    available_actions: [],
  });
  const row = await bookingOf(locator);
  expect((row.segments as Segment[])[0]).toEqual(change.added_segments[0]);
  expect(await airlineAnswerOf(locator)).toBe('accepted');
  expect(await waiting()).toEqual([]);
  const again = await api().post(`/api/v1/schedule_changes/${change.id}/accept`).set(auth()).send({});
  expect(again.status).toBe(409);
  expect(again.body.errors[0].code).toBe('schedule_change_decided');
  expect(await eventsOf(change.id)).toEqual(['schedule_change.detected', 'schedule_change.resolved']);
  const history = await api().get(`/api/v1/bookings/${locator}/history`).set(auth());
  expect(history.body.data.map((h: { action: string }) => h.action)).toEqual(
    expect.arrayContaining(['schedule_change_detected', 'schedule_change_decided']),
  );
});

it('cancels a ticketed booking once: refunded in full (the airline waives its penalty), balance = its entries', async () => {
  const locator = await issued('LT');
  const paid = await balanceOf(db(), tenant.companyId);
  await disrupt(stack.baseUrl, auth(), locator, { kind: 'cancellation', notice: 'light' });
  const change = await changeOf(locator);
  const answer = await api().post(`/api/v1/schedule_changes/${change.id}/cancel`).set(auth()).send({});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ status: 'cancelled', action_taken: 'cancel' });
  const row = await bookingOf(locator);
  expect(row.status).toBe('refunded');
  // A Light fare refunds only its taxes when the passenger cancels; here the whole ticket comes back.
  const refund = await db()
    .selectFrom('booking_requests')
    .select(['penalty_amount', 'refund_amount'])
    .where('booking_id', '=', row.id)
    .where('kind', '=', 'refund')
    .executeTakeFirstOrThrow();
  expect(refund.penalty_amount).toBe('0.00');
  expect(Number(await balanceOf(db(), tenant.companyId)) - Number(paid)).toBeCloseTo(Number(row.airline_total), 2);
  expect(await airlineAnswerOf(locator)).toBe('cancelled');
  const types = (await db().selectFrom('events').select('type').where('booking_id', '=', row.id).execute()).map(
    (e) => e.type,
  );
  expect(types).toEqual(expect.arrayContaining(['booking.refunded', 'schedule_change.resolved']));
  await expectBalancesMatchLedgers(db());
});

it('cancels a held booking: the hold is released', async () => {
  const locator = await held();
  await disrupt(stack.baseUrl, auth(), locator, { kind: 'retime', notice: 'full' });
  const change = await changeOf(locator);
  const answer = await api().post(`/api/v1/schedule_changes/${change.id}/cancel`).set(auth()).send({});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect((await bookingOf(locator)).status).toBe('cancelled');
});

it('changes flights: a flight change request whose alternatives carry no penalty; not for a hold', async () => {
  const locator = await issued('LT');
  await disrupt(stack.baseUrl, auth(), locator, { kind: 'cancellation', notice: 'full' });
  const change = await changeOf(locator);
  const answer = await api().post(`/api/v1/schedule_changes/${change.id}/change`).set(auth()).send({});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toMatchObject({ status: 'changed', action_taken: 'change' });
  const request = await db()
    .selectFrom('booking_requests')
    .select(['offers', 'kind'])
    .where('id', '=', answer.body.flights_change_request_id)
    .executeTakeFirstOrThrow();
  const offers = request.offers as { penalty: string }[];
  expect(offers.length).toBeGreaterThan(0);
  expect(offers.map((o) => o.penalty)).toEqual(offers.map(() => '0.00'));
  expect(await airlineAnswerOf(locator)).toBe('changed');

  const hold = await held();
  await disrupt(stack.baseUrl, auth(), hold, { kind: 'delay', notice: 'light' });
  const onHold = await changeOf(hold);
  const refused = await api().post(`/api/v1/schedule_changes/${onHold.id}/change`).set(auth()).send({});
  expect(refused.status).toBe(422);
  expect(refused.body.errors[0].code).toBe('action_not_available');
  expect((await api().get(`/api/v1/schedule_changes/${onHold.id}`).set(auth())).body.status).toBe('pending');
});

it('carries out the consequence of inaction at the deadline, once with two workers', async () => {
  const acceptLater = await held();
  const cancelLater = await issued();
  await disrupt(stack.baseUrl, auth(), acceptLater, { kind: 'delay', notice: 'light' });
  await disrupt(stack.baseUrl, auth(), cancelLater, {
    kind: 'retime',
    notice: 'full',
    consequence_of_inaction: 'auto_cancel',
  });
  const [a, c] = [await changeOf(acceptLater), await changeOf(cancelLater)];
  // Before the deadline nothing happens.
  await stack.ctx.scheduleChanges.resolveDue();
  expect((await api().get(`/api/v1/schedule_changes/${a.id}`).set(auth())).body.status).toBe('pending');
  // The airline's clock moves with ours, so the refund quote it gives holds at our "now".
  clock.advance(2 * 3600_000);
  await advanceSandbox(stack.sandboxUrl, 2 * 3600);
  await Promise.all([stack.ctx.scheduleChanges.resolveDue(), stack.ctx.scheduleChanges.resolveDue()]);
  const accepted = (await api().get(`/api/v1/schedule_changes/${a.id}`).set(auth())).body;
  expect(accepted).toMatchObject({ status: 'auto_accepted', action_taken_by: { type: 'deadline', account_id: null } });
  expect(((await bookingOf(acceptLater)).segments as Segment[])[0]).toEqual(a.added_segments[0]);
  const cancelled = (await api().get(`/api/v1/schedule_changes/${c.id}`).set(auth())).body;
  expect(cancelled).toMatchObject({ status: 'auto_cancelled', action_taken: 'cancel' });
  expect((await bookingOf(cancelLater)).status).toBe('refunded');
  expect(await eventsOf(a.id)).toEqual(['schedule_change.detected', 'schedule_change.resolved']);
  expect(await eventsOf(c.id)).toEqual(['schedule_change.detected', 'schedule_change.resolved']);
  const late = await api().post(`/api/v1/schedule_changes/${a.id}/cancel`).set(auth()).send({});
  expect(late.status).toBe(409);
  await expectBalancesMatchLedgers(db());
});

it('refuses to disrupt a live booking, or with a live token, and in the past', async () => {
  const locator = await held();
  const past = await api()
    .post(`/api/v1/sandbox/bookings/${locator}/disrupt`)
    .set(auth())
    .send({
      kind: 'delay',
      notice: 'light',
      action_deadline: new Date(Date.now() - 60_000).toISOString(),
      consequence_of_inaction: 'auto_accept',
    });
  expect(past.status).toBe(400);
  await db().updateTable('bookings').set({ fake_booking: false }).where('locator', '=', locator).execute();
  const live = await api()
    .post(`/api/v1/sandbox/bookings/${locator}/disrupt`)
    .set(bearer(agent.token))
    .send({
      kind: 'delay',
      notice: 'light',
      action_deadline: new Date(Date.now() + 3600_000).toISOString(),
      consequence_of_inaction: 'auto_accept',
    });
  // A test token meets a live booking: the test-and-live rule refuses it first.
  expect(live.status).toBe(403);
  expect(live.body.errors[0].code).toBe('test_token_sandbox_only');
  // The console reaches both modes; disrupting a live booking is still refused.
  const session = asSession(await signInWithPassword(stack.baseUrl, agent.email, agent.password));
  const fromConsole = await api()
    .post(`/api/v1/sandbox/bookings/${locator}/disrupt`)
    .set(session)
    .send({
      kind: 'delay',
      notice: 'light',
      action_deadline: new Date(clock.now().getTime() + 3600_000).toISOString(),
      consequence_of_inaction: 'auto_accept',
    });
  expect(fromConsole.status).toBe(403);
  expect(fromConsole.body.errors[0].code).toBe('sandbox_only');
  await db().updateTable('bookings').set({ fake_booking: true }).where('locator', '=', locator).execute();
});

it('shows a change only to those who see its booking', async () => {
  const locator = await held();
  await disrupt(stack.baseUrl, auth(), locator, { kind: 'delay', notice: 'light' });
  const change = await changeOf(locator);
  const stranger = await createAccount(db(), { userType: 'Supervisor', tenant: await createTenant(db()) });
  const list = await api().get('/api/v1/schedule_changes').set(bearer(stranger.token));
  expect(list.body.data.map((c: Change) => c.id)).not.toContain(change.id);
  expect((await api().get(`/api/v1/schedule_changes/${change.id}`).set(bearer(stranger.token))).status).toBe(404);
  const supervisor = await createAccount(db(), { userType: 'Supervisor', tenant });
  const seen = await api().get('/api/v1/schedule_changes').query({ status: 'pending' }).set(bearer(supervisor.token));
  expect(seen.body.data.map((c: Change) => c.id)).toContain(change.id);
});
