// A webhook delivery survives its worker being killed mid-attempt: the worker runs as its own
// process (`tsx api/src/worker.ts`), the receiver holds the request open, the worker is killed
// with SIGKILL while the attempt is in flight, and a new worker is started. The claim in
// PostgreSQL runs out, the sweeper enqueues the delivery again, and it arrives again with the same
// webhook-id (at least once) and is recorded as delivered, exactly one successful attempt.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordEvent } from '../../api/src/domain/events/record-event.js';
import { bearer } from '../support/bookings.js';
import { createAccount, createTenant } from '../support/factories.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';
import { startReceiver, verifyStandardWebhook, type Receiver } from '../support/webhook-receiver.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let env: Record<string, string>;
let stack: Stack;
let receiver: Receiver;
const children: ChildProcess[] = [];
const held: ServerResponse[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase('webhooks_kill');
  env = {
    DATABASE_URL: scratch.url,
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-whk${randomBytes(3).toString('hex')}`,
    WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
    WEBHOOK_TIMEOUT_MS: '8000',
    WEBHOOK_SWEEP_MS: '300',
    WEBHOOK_LOST_AFTER_MS: '600',
    EVENTS_SWEEP_MS: '200',
  };
  stack = await startStack({ env, withSandbox: false });
  receiver = await startReceiver((_d, res) => held.push(res));
}, 120_000);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) killGroup(child, 'SIGTERM');
  await receiver?.close();
  await stack?.close();
  await scratch?.drop();
});

function startWorkerProcess(extra: Record<string, string> = {}): ChildProcess {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'api/src/worker.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', ...testEnv({ ...env, LOG_LEVEL: 'warn', ...extra }) },
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

it('delivers after the worker is killed mid-attempt, with the same webhook-id', async () => {
  const db = stack.ctx.db;
  const tenant = await createTenant(db);
  const supervisor = await createAccount(db, { userType: 'Supervisor', tenant });
  const created = await request(stack.baseUrl)
    .post('/api/v1/webhook_endpoints')
    .set(bearer(supervisor.token))
    .send({ url: receiver.url, events: ['booking.created'] });
  expect(created.status).toBe(201);
  const first = startWorkerProcess();
  const dedupeKey = `kill:${randomBytes(6).toString('hex')}`;
  await db.transaction().execute((trx) =>
    recordEvent(trx, {
      type: 'booking.created',
      agencyId: tenant.agencyId,
      liveMode: false,
      object: { note: dedupeKey },
      at: new Date(),
      dedupeKey,
    }),
  );
  await waitFor(
    'the attempt in flight',
    async () => receiver.received.length,
    (n) => n >= 1,
    60_000,
  );
  killGroup(first, 'SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));
  for (const res of held.splice(0)) res.destroy();
  receiver.answer((_d, res) => res.writeHead(200).end());
  // The dead worker's claim lasts WEBHOOK_TIMEOUT_MS + 10 s; then the new worker's sweeper takes it.
  startWorkerProcess();
  const delivery = await waitFor(
    'delivered',
    () =>
      db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', created.body.id)
        .executeTakeFirstOrThrow(),
    (d) => d.status === 'succeeded',
    120_000,
  );
  const ids = receiver.received.map((d) => d.headers['webhook-id']);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  expect(new Set(ids)).toEqual(new Set([delivery.event_id]));
  for (const d of receiver.received) expect(verifyStandardWebhook(d, [created.body.secret])).toEqual([0]);
  const attempts = await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', delivery.id).execute();
  expect(attempts.filter((a) => a.succeeded)).toHaveLength(1);
}, 180_000);
