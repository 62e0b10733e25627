// The EMD job survives its worker being killed: the worker runs as its own process (`tsx
// api/src/worker.ts`), is killed with SIGKILL after the airline took the services but before the
// job recorded them (EMD_JOB_TEST_DELAY_MS holds it there), and is started again. The EMD exists
// exactly once at the airline (OrderRetrieve), the balance was debited once, and there is one sales
// document.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addAncillaries, emdRequestsOf, ledgerOf, paidService } from '../support/ancillaries.js';
import { waitFor } from '../support/wait.js';
import { balanceOf, bearer, book, findFares, payBy } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const env = { KEY_PREFIX: `${testEnv().KEY_PREFIX}-emd-kill` };
const leaseMs = 3_000;
let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
const children: ChildProcess[] = [];

beforeAll(async () => {
  stack = await startStack({ env });
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGTERM');
  await stack.close();
});

/** The worker in a process group of its own, so a kill reaches tsx and the node it runs. */
function startWorkerProcess(extra: Record<string, string>): ChildProcess {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'api/src/worker.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      ...testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl, LOG_LEVEL: 'warn', EMD_CLAIM_LEASE_MS: String(leaseMs) }),
      ...extra,
    },
  });
  child.stdout?.resume();
  child.stderr?.resume();
  children.push(child);
  return child;
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/** The order as the airline has it, asked of the sandbox directly with the channel's credential. */
async function airlineOrder(orderId: string) {
  const res = await request(stack.sandboxUrl)
    .post('/ndc/OrderRetrieve')
    .set('Authorization', `Bearer sbx_LH_${tenant.agencyId}`)
    .send({ OrderID: orderId });
  expect(res.status).toBe(200);
  return res.body as {
    Order: {
      OrderItem: { TypeCode: string; ServiceDefinitionRefID?: string; PaxRefID: string[]; StatusCode?: string }[];
    };
    TicketDocInfo: { TicketNumber: string; TicketDocTypeCode: string; StatusCode: string }[];
  };
}

it('issues the EMD exactly once when the worker is killed between the airline and the record', async () => {
  const [fare] = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: 80 },
    { currency: 'EUR', carriers: ['LH'] },
  );
  const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
  const issued = await request(stack.baseUrl)
    .post('/api/v1/bookings/issue')
    .set(bearer(agent.token))
    .send({ locator: booked.locator });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const airlineLocator = issued.body.airline_locator as string;
  const bag = await paidService(stack.baseUrl, agent.token, booked.locator);
  const before = await balanceOf(stack.ctx.db, tenant.companyId);

  const res = await addAncillaries(stack.baseUrl, agent.token, booked.locator, [
    { service_id: bag.id, passenger_id: 'PAX1' },
  ]);
  expect(res.status, JSON.stringify(res.body)).toBe(202);

  // The worker takes the job, the airline issues the EMD, and the job waits before recording it.
  const first = startWorkerProcess({ EMD_JOB_TEST_DELAY_MS: '60000' });
  await waitFor(
    'the airline to issue the EMD while the job holds its claim',
    async () => ({
      rows: await emdRequestsOf(stack.ctx.db, booked.locator),
      order: await airlineOrder(airlineLocator),
    }),
    ({ rows, order }) => rows[0]?.status === 'running' && order.TicketDocInfo.some((d) => d.TicketDocTypeCode === 'J'),
    60_000,
  );
  killGroup(first, 'SIGKILL');
  await exited(first);
  expect((await emdRequestsOf(stack.ctx.db, booked.locator))[0]).toMatchObject({ status: 'running', attempts: 1 });

  // Past the claim's lease a restarted worker's sweeper takes it over; the order shows the EMD.
  await new Promise((resolve) => setTimeout(resolve, leaseMs + 500));
  startWorkerProcess({});
  const [done] = await waitFor(
    'the restarted worker to finish the request',
    () => emdRequestsOf(stack.ctx.db, booked.locator),
    (rows) => rows[0]?.status === 'done',
    60_000,
  );
  expect(done!.attempts).toBe(2);

  const order = await airlineOrder(airlineLocator);
  const bags = order.Order.OrderItem.filter((i) => i.TypeCode !== 'FLIGHT' && i.PaxRefID.includes('PAX1'));
  expect(bags).toHaveLength(1);
  const emds = order.TicketDocInfo.filter((d) => d.TicketDocTypeCode === 'J');
  expect(emds).toHaveLength(1);

  const booking = (await request(stack.baseUrl).get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token)))
    .body;
  expect(booking).toMatchObject({
    async_emd_issue: false,
    ancillaries: [{ status: 'issued', emd_number: emds[0]!.TicketNumber }],
  });
  const debits = (await ledgerOf(stack.ctx.db, tenant.companyId)).filter((t) => t.reason === `EMDs ${booked.locator}`);
  expect(debits).toHaveLength(1);
  expect(Math.round((Number(before) - Number(await balanceOf(stack.ctx.db, tenant.companyId))) * 100)).toBe(
    Math.round(Number(bag.price.amount) * 100),
  );
  const sales = await stack.ctx.db
    .selectFrom('sales_documents')
    .select('number')
    .where('locator', '=', booked.locator)
    .where('kind', '=', 'emd')
    .execute();
  expect(sales).toEqual([{ number: emds[0]!.TicketNumber }]);
}, 150_000);
