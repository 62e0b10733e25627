// Airlines push the changes they make on their own: booking on a channel registers this API's
// receiver with the airline, and when the sandbox clock passes a scenario's moment the sandbox
// POSTs an OrderChangeNotif to it. The notification is recorded in the booking's history with the
// airline's words, once per NotifID, and the worker refreshes the booking from the airline. A
// wrong key is refused with 404 and leaves no trace. A refresh that never happened is enqueued again
// by the sweeper.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { createNotificationKeys } from '../../api/src/domain/crypto/notification-keys.js';
import { sweepBookings } from '../../api/src/jobs/bookings-sweep.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { waitFor } from '../support/wait.js';
import { advanceSandbox, bearer, book, findFares } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { closedPort, testSecretKey } from '../support/services.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';

let env: Record<string, string>;
let stack: Stack;
let worker: WorkerHandle;
let tenant: TestTenant;
let agent: TestAccount;

beforeAll(async () => {
  // A known port, so the URL registered with the airline is where this API listens.
  env = { KEY_PREFIX: `${testEnv().KEY_PREFIX}-notifications`, PORT: String(await closedPort()) };
  stack = await startStack({ env });
  worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
});
afterAll(async () => {
  await worker.close();
  await stack.close();
});

const db = () => stack.ctx.db;
const channelOf = (carrier: string) => `ach_${tenant.agencyId}_${carrier.toLowerCase()}`;
const receiver = (channelId: string, key: string) =>
  request(stack.baseUrl).post(`/api/v1/airline_notifications/${channelId}`).query({ key });
const rowOf = (locator: string) =>
  db().selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirstOrThrow();
const historyOf = async (locator: string) =>
  db()
    .selectFrom('booking_history as h')
    .innerJoin('bookings as b', 'b.id', 'h.booking_id')
    .select(['h.action', 'h.airline_answer'])
    .where('b.locator', '=', locator)
    .orderBy('h.created_at')
    .orderBy('h.id')
    .execute();

async function bookOn(origin: string, destination: string, days: number) {
  const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin, destination, days });
  const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
  return { ...booked, carrier: fare!.carrier, airlineLocator: (await rowOf(booked.locator)).airline_locator };
}

it('records a BRU–OPO schedule change the airline pushed, and refreshes the booking', async () => {
  const booked = await bookOn('BRU', 'OPO', 70);
  const registered = await db()
    .selectFrom('airline_notification_channels')
    .select('url')
    .where('channel_id', '=', channelOf(booked.carrier))
    .executeTakeFirst();
  expect(registered?.url).toContain(`${stack.baseUrl}/api/v1/airline_notifications/${channelOf(booked.carrier)}?key=`);
  const before = ((await rowOf(booked.locator)).segments as { departure_at: string }[])[0]!.departure_at;

  await advanceSandbox(stack.sandboxUrl, 2 * 3600);
  const history = await waitFor(
    'the notification and the refresh',
    () => historyOf(booked.locator),
    (h) => h.some((e) => e.action === 'refreshed'),
  );
  expect(history.map((h) => h.action)).toEqual(['created', 'schedule_change', 'refreshed']);
  expect(history[1]!.airline_answer).toMatch(/^Schedule change: /);
  // The worker took the new times over without anyone opening the booking.
  const after = ((await rowOf(booked.locator)).segments as { departure_at: string }[])[0]!.departure_at;
  expect(after).not.toBe(before);
  const kept = await db()
    .selectFrom('airline_notifications')
    .selectAll()
    // An airline locator is unique on its airline only: another carrier may use the same six letters.
    .where('channel_id', '=', channelOf(booked.carrier))
    .where('airline_locator', '=', booked.airlineLocator)
    .execute();
  expect(kept).toMatchObject([{ change_type: 'SCHEDULE_CHANGE', channel_id: channelOf(booked.carrier) }]);
  expect(kept[0]!.refreshed_at).not.toBeNull();
});

it('ends a MAD–PMI hold the airline cancelled, from its notification', async () => {
  const booked = await bookOn('MAD', 'PMI', 75);
  await advanceSandbox(stack.sandboxUrl, 3 * 3600);
  await waitFor(
    'the cancellation',
    () => rowOf(booked.locator),
    (row) => row.status === 'cancelled',
  );
  const row = await rowOf(booked.locator);
  expect(row).toMatchObject({ status: 'cancelled', provider_status: 'airline_cancelled' });
  expect(row.ended_at).not.toBeNull();
  const history = await historyOf(booked.locator);
  expect(history.map((h) => h.action)).toEqual(['created', 'airline_cancellation', 'airline_cancelled']);
  const listed = await request(stack.baseUrl).get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(listed.body).toMatchObject({ status: 'cancelled', provider_status: 'airline_cancelled' });
});

it('refuses a wrong key or an unknown channel with 404, and records nothing', async () => {
  const booked = await bookOn('WAW', 'FRA', 71);
  const channelId = channelOf(booked.carrier);
  const notification = {
    NotifID: 'NTFORGED1',
    OrderID: booked.airlineLocator,
    ChangeTypeCode: 'AIRLINE_CANCELLATION',
    DescText: 'Forged.',
  };
  const right = createNotificationKeys(testSecretKey).keyFor(channelId);
  const wrong = await receiver(channelId, `${right.slice(0, -2)}xx`).send(notification);
  expect(wrong.status).toBe(404);
  expect(wrong.body.errors[0].code).toBe('not_found');
  const stranger = await receiver('ach_nosuch_lh', createNotificationKeys(testSecretKey).keyFor('ach_nosuch_lh')).send(
    notification,
  );
  expect(stranger.status).toBe(404);
  const kept = await db()
    .selectFrom('airline_notifications')
    .select('notif_id')
    .where('notif_id', '=', 'NTFORGED1')
    .execute();
  expect(kept).toEqual([]);
  expect((await historyOf(booked.locator)).map((h) => h.action)).toEqual(['created']);
  expect((await rowOf(booked.locator)).status).toBe('new');
});

it('records a notification the airline sends again once', async () => {
  const booked = await bookOn('WAW', 'FRA', 72);
  const channelId = channelOf(booked.carrier);
  const key = createNotificationKeys(testSecretKey).keyFor(channelId);
  const notification = {
    PayloadAttributes: { Version: '21.3', Timestamp: new Date().toISOString() },
    NotifID: `NTREPEAT${booked.locator}`,
    OrderID: booked.airlineLocator,
    OwnerCode: booked.carrier,
    ChangeTypeCode: 'TIME_LIMIT_CHANGE',
    DescText: 'The payment time limit is now earlier.',
    OccurredDateTime: new Date().toISOString(),
    Order: { StatusCode: 'HELD', PaymentTimeLimitDateTime: null },
  };
  const answers = await Promise.all([1, 2, 3].map(() => receiver(channelId, key).send(notification)));
  expect(answers.map((a) => a.status)).toEqual([204, 204, 204]);
  const history = await historyOf(booked.locator);
  expect(history.filter((h) => h.action === 'time_limit_change')).toEqual([
    { action: 'time_limit_change', airline_answer: 'The payment time limit is now earlier.' },
  ]);
});

it('enqueues a refresh whose job was lost or failed again on the sweeper’s pass, each time under a new id', async () => {
  const booked = await bookOn('WAW', 'FRA', 73);
  const channelId = channelOf(booked.carrier);
  const notifId = `NTSTRAND${booked.locator}`;
  // The test's sweeps run an hour ahead, so the worker's own sweeper (on the real clock) leaves the row alone.
  const now = new Date(Date.now() + 3_600_000);
  const received = new Date(now.getTime() - 5 * 60_000);
  // A notification whose refresh never happened: its job was lost, or failed through every attempt.
  await db()
    .insertInto('airline_notifications')
    .values({
      channel_id: channelId,
      notif_id: notifId,
      airline_locator: booked.airlineLocator,
      booking_id: (await rowOf(booked.locator)).id,
      change_type: 'SCHEDULE_CHANGE',
      description: null,
      occurred_at: null,
      received_at: received,
      refreshed_at: null,
      refresh_tries: 0,
      next_refresh_at: received,
    })
    .execute();
  const enqueued: { notifId: string; tries: number | undefined }[] = [];
  const sweepAt = (at: Date) =>
    sweepBookings({
      db: db(),
      clock: { now: () => at },
      jobs: {
        enqueueEmdIssue: async () => undefined,
        enqueueNotificationRefresh: async (_channel, id, tries) => void enqueued.push({ notifId: id, tries }),
      },
      expireHolds: async () => ({ checked: 0, expired: 0 }),
      staleAfterMs: 60_000,
      emdLeaseMs: 60_000,
    });
  const ours = () => enqueued.filter((e) => e.notifId === notifId).map((e) => e.tries);

  await sweepAt(now);
  expect(ours()).toEqual([1]);
  // Enqueued just now: the next pass leaves it to its job.
  await sweepAt(new Date(now.getTime() + 30_000));
  expect(ours()).toEqual([1]);
  // Still not refreshed a minute on: a new try, under a new job id.
  await sweepAt(new Date(now.getTime() + 61_000));
  expect(ours()).toEqual([1, 2]);
  const row = await db()
    .selectFrom('airline_notifications')
    .select(['refresh_tries', 'next_refresh_at'])
    .where('notif_id', '=', notifId)
    .executeTakeFirstOrThrow();
  expect(row).toEqual({ refresh_tries: 2, next_refresh_at: new Date(now.getTime() + 61_000) });
  // Once refreshed, the sweeper has nothing more to do for it.
  await db()
    .updateTable('airline_notifications')
    .set({ refreshed_at: new Date() })
    .where('notif_id', '=', notifId)
    .execute();
  await sweepAt(new Date(now.getTime() + 200_000));
  expect(ours()).toEqual([1, 2]);
});
