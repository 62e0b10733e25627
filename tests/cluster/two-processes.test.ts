// `npm start` with API_PROCESSES=2 and WORKER_PROCESSES=2 on one PostgreSQL and Redis, as real
// processes (scripts/start.ts and its supervisor) on a database that does not exist yet. Racing
// requests are spread over both API processes; reconciler rounds run side by side on both workers
// settle a stranded intent once; a worker killed in the middle of an EMD job leaves it to the
// other, and it is done once; a killed child comes back; SIGTERM drains and exits 0. The services
// run compiled (api/dist, sandbox/dist), as npm start runs them.
// CLUSTER_RACE_ROUNDS repeats the races (default 1, so CI stays quick).
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAncillaries, emdRequestsOf, paidService } from '../support/ancillaries.js';
import { bearer, book, findFares } from '../support/bookings.js';
import { startCluster, type Cluster } from '../support/cluster.js';
import {
  balancesOffLedger,
  concurrentEmdAdd,
  concurrentIssue,
  concurrentReconcile,
  concurrentWrongCodes,
  concurrentWrongPasswords,
  payingAgent,
} from '../support/cluster-races.js';
import { expectBookingMatchesAirline, raceVoidAndChange, type RaceWorld } from '../support/races.js';
import { testSecretKey } from '../support/services.js';
import { waitFor } from '../support/wait.js';
import { loadConfig } from '../../api/src/config.js';
import { airlineParts } from '../../api/src/core.js';

const rounds = Number(process.env.CLUSTER_RACE_ROUNDS ?? 1);
const emdHoldMs = 15_000;
let cluster: Cluster;
let stopped: Awaited<ReturnType<Cluster['stop']>> | undefined;

beforeAll(async () => {
  cluster = await startCluster({
    apiProcesses: 2,
    workerProcesses: 2,
    // The EMD job waits between the airline and its record, so a worker can be killed right there.
    // Each one-time code guess comes from an address of its own (X-Forwarded-For), as a botnet's would.
    env: {
      LOG_LEVEL: 'info',
      EMD_CLAIM_LEASE_MS: '3000',
      EMD_JOB_TEST_DELAY_MS: String(emdHoldMs),
      TRUST_PROXY: 'true',
    },
  });
}, 300_000);
afterAll(async () => {
  if (!stopped) await cluster?.stop();
});

it('created the database DATABASE_URL names, and runs two API processes and two workers', async () => {
  expect(cluster.output()).toContain(`Created database ${cluster.databaseName}.`);
  expect(Object.keys(cluster.pids()).sort()).toEqual(['api 1', 'api 2', 'sandbox', 'worker 1', 'worker 2']);
});

it('runs every service compiled, with plain node rather than through tsx', () => {
  const commands = Object.fromEntries(
    Object.entries(cluster.pids()).map(([name, pid]) => [
      name,
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).slice(1).join(' '),
    ]),
  );
  expect(commands).toEqual({
    'api 1': '--max-semi-space-size=32 api/dist/server.mjs',
    'api 2': '--max-semi-space-size=32 api/dist/server.mjs',
    'worker 1': 'api/dist/worker.mjs',
    'worker 2': 'api/dist/worker.mjs',
    sandbox: 'sandbox/dist/server.mjs',
  });
});

describe.each(Array.from({ length: rounds }, (_, i) => i + 1))('races across both API processes, round %i', () => {
  it('30 concurrent issues of one booking: one ticket, one debit', { timeout: 120_000 }, async () => {
    const seen = await concurrentIssue(cluster.baseUrls, cluster.db, 30);
    expect(seen.statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(seen.statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(seen.salesDocuments).toBe(1);
    expect(seen.newLedgerEntries).toBe(1);
    expect(seen.debitedMinor).toBeGreaterThan(0);
  });

  it('30 concurrent adds of the same bag after issue: one EMD request, one debit', { timeout: 120_000 }, async () => {
    const seen = await concurrentEmdAdd(cluster.baseUrls, cluster.db, 30);
    expect(seen.statuses.every((s) => s < 500)).toBe(true);
    expect(seen.emdRequests).toBe(1);
    expect(seen.newLedgerEntries).toBe(1);
  });

  it(
    'a void racing the confirm of a flight change: the booking is what the airline has',
    { timeout: 180_000 },
    async () => {
      const { agent } = await payingAgent(cluster.db);
      const config = loadConfig({
        DATABASE_URL: cluster.databaseUrl,
        SANDBOX_URL: cluster.sandboxUrl,
        SECRET_KEY: testSecretKey,
      });
      const world: RaceWorld = {
        urls: cluster.baseUrls,
        db: cluster.db,
        token: agent.token,
        airline: airlineParts(config, cluster.db),
      };
      for (const leadMs of [5, 0, -5]) {
        const days = 40 + Math.floor(Math.random() * 200);
        // Three voids and three confirms at once, spread over both API processes.
        const { locator, voids, confirms } = await raceVoidAndChange(world, days, leadMs, 2);
        await expectBookingMatchesAirline(world, locator, [...voids, ...confirms]);
        for (const a of [...voids, ...confirms].filter((a) => a.status !== 200))
          expect(a.status, JSON.stringify(a.body)).toBe(409);
      }
    },
  );

  it('30 concurrent wrong passwords: no more than five are tried, then the identity is locked', async () => {
    const seen = await concurrentWrongPasswords(cluster.baseUrls, cluster.db, 30);
    expect(seen.statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(seen.statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(seen.rightPasswordStatus).toBe(429);
  });

  it('30 concurrent wrong one-time codes from 30 addresses: five compared, then the right code is refused', async () => {
    const seen = await concurrentWrongCodes(cluster.baseUrls, cluster.db, 30);
    expect(seen.statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(seen.attempts).toBe(5);
    expect([401, 429]).toContain(seen.rightCodeStatus);
  });

  it(
    'reconciler rounds on both workers at once settle each stranded void once: one credit, one history entry',
    { timeout: 300_000 },
    async () => {
      const { tenant, agent } = await payingAgent(cluster.db);
      const config = loadConfig({
        DATABASE_URL: cluster.databaseUrl,
        SANDBOX_URL: cluster.sandboxUrl,
        SECRET_KEY: testSecretKey,
      });
      const seen = await concurrentReconcile(
        {
          urls: cluster.baseUrls,
          db: cluster.db,
          token: agent.token,
          airline: airlineParts(config, cluster.db),
          redisUrl: cluster.redisUrl,
          keyPrefix: cluster.keyPrefix,
        },
        tenant.companyId,
        { stranded: 3, jobs: 8 },
      );
      console.log(`reconciler rounds ran on: ${seen.workers.join(', ')}`);
      expect(seen.failedRounds).toEqual([]);
      expect(seen.workers.length, 'rounds run by both workers').toBe(2);
      expect(seen.finished).toBeLessThanOrEqual(3);
      for (const b of seen.bookings) {
        expect(b.status).toBe('voided');
        expect(b.credits).toEqual([b.airlineTotal]);
        expect(b.voidedEntries).toBe(1);
        expect(b.reconciledEntries).toBe(1);
        expect(b.voidDocuments).toBe(1);
        expect(b.intents).toEqual(['succeeded']);
      }
      expect(await balancesOffLedger(cluster.db)).toEqual([]);
    },
  );
});

it('a SIGKILLed worker leaves its EMD job to the other worker, and the EMD is issued and paid once', async () => {
  const { tenant, agent } = await payingAgent(cluster.db);
  const [baseUrl] = cluster.baseUrls as [string];
  const [fare] = await findFares(
    baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: 90 },
    { currency: 'EUR', carriers: ['LH'] },
  );
  const booked = await book(baseUrl, bearer(agent.token), fare!);
  const issued = await request(baseUrl)
    .post('/api/v1/bookings/issue')
    .set(bearer(agent.token))
    .send({ locator: booked.locator });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const bag = await paidService(baseUrl, agent.token, booked.locator);
  const jobsBefore = [...cluster.output().matchAll(/"pid":(\d+)[^\n]*"msg":"EMD job started"/g)].length;
  const added = await addAncillaries(baseUrl, agent.token, booked.locator, [
    { service_id: bag.id, passenger_id: 'PAX1' },
  ]);
  expect(added.status, JSON.stringify(added.body)).toBe(202);

  // Which worker took the job: it says so when the job starts.
  await waitFor(
    'a worker to take the EMD job',
    async () => [...cluster.output().matchAll(/"pid":(\d+)[^\n]*"msg":"EMD job started"/g)].length,
    (count) => count > jobsBefore,
    60_000,
  );
  const holder = Number([...cluster.output().matchAll(/"pid":(\d+)[^\n]*"msg":"EMD job started"/g)][jobsBefore]![1]);
  const holderName = Object.entries(cluster.pids()).find(([, pid]) => pid === holder)![0];
  const other = Object.entries(cluster.pids()).find(([name, pid]) => name.startsWith('worker') && pid !== holder)![1];
  await waitFor(
    'the job to hold its claim after the airline answered',
    () => emdRequestsOf(cluster.db, booked.locator),
    (rows) => rows[0]?.status === 'running',
    60_000,
  );
  process.kill(holder, 'SIGKILL');
  await cluster.waitForOutput(new RegExp(`${holderName} exited \\(SIGKILL\\); restarting in \\d+ ms`), 30_000);

  const done = await waitFor(
    'another worker to finish the EMD job',
    () => emdRequestsOf(cluster.db, booked.locator),
    (rows) => rows[0]?.status === 'done',
    180_000,
  );
  expect(done).toHaveLength(1);
  const finishers = [...cluster.output().matchAll(/"pid":(\d+)[^\n]*"msg":"EMD job started"/g)]
    .slice(jobsBefore + 1)
    .map((m) => Number(m[1]));
  expect(finishers.length).toBeGreaterThan(0);
  expect(finishers).not.toContain(holder);
  console.log(
    `EMD job: taken by ${holder}, killed; finished by ${finishers.join(', ')} (other original worker: ${other})`,
  );

  const emdDebits = await cluster.db
    .selectFrom('transactions')
    .select('amount')
    .where('company_id', '=', tenant.companyId)
    .where('reason', 'ilike', '%emd%')
    .execute();
  expect(emdDebits.length).toBeLessThanOrEqual(1);
  const emds = await cluster.db
    .selectFrom('sales_documents')
    .select('id')
    .where('locator', '=', booked.locator)
    .where('kind', '=', 'emd')
    .execute();
  expect(emds).toHaveLength(1);
  // The supervisor brought the killed worker back.
  await cluster.waitForOutput(new RegExp(`${holderName} started \\(pid (?!${holder}\\))\\d+\\)`), 30_000);
}, 400_000);

it('every company balance is the sum of its ledger entries', async () => {
  expect(await balancesOffLedger(cluster.db)).toEqual([]);
});

it('drains on SIGTERM and exits 0 with no stack trace', async () => {
  stopped = await cluster.stop('SIGTERM');
  const drain = stopped.output.slice(stopped.output.lastIndexOf('Stopping:'));
  expect(stopped.code).toBe(0);
  expect(drain).toContain('every process stopped');
  expect(drain).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
}, 60_000);
