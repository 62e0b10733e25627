// Schedule change decisions under concurrency, RACE_ROUNDS rounds each (default 3): 30 accepts
// racing two deadline passes that would auto-cancel, and 20 accepts racing 20 cancels. Exactly one
// decision wins each round (one 200 at most, every other answer 409 `schedule_change_decided`,
// never a 5xx), one `schedule_change.resolved` is raised, the booking says what the airline's
// order says, and every company's balance is the sum of its ledger entries.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { airlineParts } from '../../api/src/core.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { advanceSandbox, bearer, payBy, setBalance } from '../support/bookings.js';
import { createAccount, createTenant, type TestTenant } from '../support/factories.js';
import { expectBalancesMatchLedgers } from '../support/ledgers.js';
import { expectBookingMatchesAirline, issuedBooking, raceRounds, type RaceWorld } from '../support/races.js';
import { disrupt } from '../support/schedule-changes.js';
import { closedPort } from '../support/services.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';
import { waitFor } from '../support/wait.js';

let stack: Stack;
let worker: WorkerHandle;
let tenant: TestTenant;
let world: RaceWorld;
const clock = new TestClock();

beforeAll(async () => {
  const env = { KEY_PREFIX: `${testEnv().KEY_PREFIX}-schedule-races`, PORT: String(await closedPort()) };
  stack = await startStack({ env, clock });
  worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
  tenant = await createTenant(stack.ctx.db);
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setBalance(stack.ctx.db, tenant.companyId, '500000.00');
  world = {
    urls: [stack.baseUrl],
    db: stack.ctx.db,
    token: agent.token,
    airline: airlineParts(stack.config, stack.ctx.db),
  };
}, 120_000);
afterAll(async () => {
  await worker?.close();
  await stack?.close();
});

let day = 80;

/** An issued booking with a pending change of the given consequence; answers its locator and change id. */
async function pendingChange(consequence: 'auto_accept' | 'auto_cancel') {
  const booked = await issuedBooking(world, (day += 1));
  await disrupt(stack.baseUrl, bearer(world.token), booked.locator, {
    kind: 'delay',
    notice: 'light',
    consequence_of_inaction: consequence,
    action_deadline: new Date(clock.now().getTime() + 3600_000).toISOString(),
  });
  const list = await waitFor(
    'the schedule change',
    async () =>
      (
        await request(stack.baseUrl)
          .get('/api/v1/schedule_changes')
          .query({ locator: booked.locator })
          .set(bearer(world.token))
      ).body,
    (body: { data: { id: string; status: string }[] }) => body.data?.some((c) => c.status === 'pending'),
  );
  return { locator: booked.locator, id: list.data[0]!.id };
}

const decide = (id: string, action: 'accept' | 'cancel') =>
  request(stack.baseUrl).post(`/api/v1/schedule_changes/${id}/${action}`).set(bearer(world.token)).send({});

async function expectOneResolution(id: string) {
  const events = await stack.ctx.db
    .selectFrom('events')
    .select(['type', 'data'])
    .where('type', '=', 'schedule_change.resolved')
    .execute();
  expect(events.filter((e) => (e.data as { object: { id: string } }).object.id === id)).toHaveLength(1);
}

it(`settles 30 accepts against two deadline passes that would auto-cancel, ${raceRounds()} rounds`, async () => {
  const outcomes: string[] = [];
  for (let round = 0; round < raceRounds(); round += 1) {
    const { locator, id } = await pendingChange('auto_cancel');
    // Past the deadline for the passes; the airline's clock moves with ours (its refund quote holds).
    clock.advance(2 * 3600_000);
    await advanceSandbox(stack.sandboxUrl, 2 * 3600);
    const [answers] = await Promise.all([
      Promise.all(Array.from({ length: 30 }, () => decide(id, 'accept'))),
      stack.ctx.scheduleChanges.resolveDue(),
      stack.ctx.scheduleChanges.resolveDue(),
    ]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeLessThanOrEqual(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.errors?.[0]?.code)).toEqual(
      answers.filter((a) => a.status !== 200).map(() => 'schedule_change_decided'),
    );
    const change = (await request(stack.baseUrl).get(`/api/v1/schedule_changes/${id}`).set(bearer(world.token))).body;
    expect(change.status).toBe(ok.length ? 'accepted' : 'auto_cancelled');
    const row = await stack.ctx.db
      .selectFrom('bookings')
      .select('status')
      .where('locator', '=', locator)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(ok.length ? 'issued' : 'refunded');
    outcomes.push(change.status);
    await expectOneResolution(id);
    await expectBookingMatchesAirline(world, locator, answers);
  }
  await expectBalancesMatchLedgers(stack.ctx.db);
  console.info(`accept vs deadline: ${outcomes.join(', ')}`);
}, 600_000);

it(`settles 20 accepts against 20 cancels, ${raceRounds()} rounds`, async () => {
  const outcomes: string[] = [];
  for (let round = 0; round < raceRounds(); round += 1) {
    const { locator, id } = await pendingChange('auto_accept');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => decide(id, i % 2 === 0 ? 'accept' : 'cancel')),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array(39).fill(409));
    const won = ok[0]!.body.status as string;
    const row = await stack.ctx.db
      .selectFrom('bookings')
      .select('status')
      .where('locator', '=', locator)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(won === 'accepted' ? 'issued' : 'refunded');
    outcomes.push(won);
    await expectOneResolution(id);
    await expectBookingMatchesAirline(world, locator, answers);
  }
  await expectBalancesMatchLedgers(stack.ctx.db);
  console.info(`accept vs cancel: ${outcomes.join(', ')}`);
}, 600_000);
