// Money and tickets under races, against the sandbox airlines over real HTTP (RACE_ROUNDS rounds of
// each, default 3): 30 concurrent requests adding the same bag after issue buy one EMD and debit
// once, every repeat answered like the first; a void a few milliseconds before or after the confirm
// of a flight change leaves the booking as the airline has it, the void crediting the price of the
// tickets it voided, and no exchange debit stranded. At the end every company's balance is the sum
// of its ledger entries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { airlineParts } from '../../api/src/core.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { emdRequestsOf, ledgerOf } from '../support/ancillaries.js';
import { payBy, setAgencyFee, setBalance } from '../support/bookings.js';
import { createAccount, createTenant, type TestTenant } from '../support/factories.js';
import { expectBalancesMatchLedgers } from '../support/ledgers.js';
import {
  expectBookingMatchesAirline,
  raceRounds,
  raceSameBag,
  raceVoidAndChange,
  type RaceWorld,
} from '../support/races.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

const env = { KEY_PREFIX: `${testEnv().KEY_PREFIX}-races` };
let stack: Stack;
let worker: WorkerHandle;
let tenant: TestTenant;
let world: RaceWorld;
let day = 120;

beforeAll(async () => {
  stack = await startStack({ env });
  worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
  tenant = await createTenant(stack.ctx.db);
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setAgencyFee(stack.ctx.db, tenant, 'exchange', '3.00');
  await setAgencyFee(stack.ctx.db, tenant, 'void', '2.00');
  await setBalance(stack.ctx.db, tenant.companyId, '500000.00');
  world = {
    urls: [stack.baseUrl],
    db: stack.ctx.db,
    token: agent.token,
    airline: airlineParts(stack.config, stack.ctx.db),
  };
}, 180_000);
afterAll(async () => {
  await worker?.close();
  await stack?.close();
});

describe('30 concurrent requests adding the same bag after issue', () => {
  it('buy one EMD, debit once, and answer every repeat like the first', { timeout: 600_000 }, async () => {
    for (let round = 0; round < raceRounds(); round += 1) {
      const { locator, bag, answers } = await raceSameBag(world, (day += 1), 30);
      expect(
        answers.map((a) => a.status).filter((s) => s !== 202),
        JSON.stringify(answers.map((a) => a.body)),
      ).toEqual([]);
      const requests = await waitFor(
        'the EMD',
        () => emdRequestsOf(stack.ctx.db, locator),
        (rows) => rows.every((r) => r.status === 'done'),
      );
      expect(requests, `round ${round}: EMD requests`).toHaveLength(1);
      const debits = (await ledgerOf(stack.ctx.db, tenant.companyId)).filter((t) => t.reason === `EMDs ${locator}`);
      expect(debits, `round ${round}: debits`).toEqual([{ amount: `-${bag.price.amount}`, reason: `EMDs ${locator}` }]);
      const row = await stack.ctx.db
        .selectFrom('bookings')
        .select('documents')
        .where('locator', '=', locator)
        .executeTakeFirstOrThrow();
      expect((row.documents as { type: string }[]).filter((d) => d.type === 'emd')).toHaveLength(1);
    }
  });
});

describe('a void racing the confirm of a flight change', () => {
  for (const [name, leadMs] of [
    ['void first', 5],
    ['void at once', 0],
    ['void after', -5],
    ['void well after', -25],
  ] as const)
    it(`${name}: the booking is what the airline has, money moved once`, { timeout: 600_000 }, async () => {
      for (let round = 0; round < raceRounds(); round += 1) {
        const { locator, voids, confirms } = await raceVoidAndChange(world, (day += 2), leadMs);
        await expectBookingMatchesAirline(world, locator, [...voids, ...confirms]);
        for (const a of [...voids, ...confirms].filter((a) => a.status !== 200))
          expect(a.status, JSON.stringify(a.body)).toBe(409);
      }
    });
});

it('leaves every balance equal to the sum of its ledger entries', async () => {
  await expectBalancesMatchLedgers(stack.ctx.db);
});
