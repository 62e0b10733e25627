// The delivery claim's ordering check ("no earlier event of this booking waits for dispatch") is a
// probe of the dispatch queue's booking index, in the claim by the delivery loop and in the claim
// taken at fan-out, on the statistics PostgreSQL has in practice: taken while nothing waited. A
// burst of events then waits, and a plan that walks the queue by seq (its primary key) instead
// would read the whole burst for each delivery it checks. And a batch of outcomes reaches each
// delivery by one probe of its key, not by matching every outcome against every row of the batch.
// Each statement is captured as the repository sends it and explained (not run), with the planner
// settings of the connection it runs on.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, keyedPlanSwitches, type Db } from '../../api/src/db/database.js';
import { claimUndispatched } from '../../api/src/db/events.repository.js';
import {
  claimDeliveries,
  insertDeliveriesClaiming,
  settleAttempts,
  type NewDelivery,
} from '../../api/src/db/webhooks.repository.js';
import { recordEvent } from '../../api/src/domain/events/record-event.js';
import { newId } from '../../api/src/domain/ids.js';
import { newWebhookSecret } from '../../api/src/domain/webhooks/webhook-signing.js';
import { demoAgency, demoCompany } from '../../api/src/scripts/seed.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { testSecretKey } from '../support/services.js';
import { insertDemoEndpoint } from '../support/webhook-endpoints.js';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Db;
let client: pg.Client;
const waiting = 400;
const rows: NewDelivery[] = [];

// The statements sent while `capture` is set, with their values.
const captured: { text: string; values: unknown[] }[] = [];
let capture = false;
const query = Reflect.get(pg.Client.prototype, 'query') as (this: pg.Client, ...args: unknown[]) => unknown;

beforeAll(async () => {
  scratch = await createScratchDatabase('webhooks_plan');
  db = createDb(scratch.url, 2);
  client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  const endpointId = await insertDemoEndpoint(db, {
    url: 'https://example.com/hooks',
    secret: newWebhookSecret(),
    secretKey: testSecretKey,
    by: 'plan',
  });
  const now = new Date();
  const record = (n: number) =>
    db.transaction().execute(async (trx) => {
      for (let i = 0; i < n; i++)
        await recordEvent(trx, {
          type: 'booking.created',
          agencyId: demoAgency.id,
          companyId: demoCompany.id,
          bookingId: `bkg_${randomBytes(8).toString('hex')}`,
          liveMode: false,
          object: { locator: 'PLAN01' },
          at: now,
          dedupeKey: `plan:${randomBytes(8).toString('hex')}`,
        });
    });
  // The statistics of a quiet log: every event dispatched.
  await record(200);
  await db.deleteFrom('event_dispatch_queue').execute();
  await client.query('VACUUM ANALYZE events, event_dispatch_queue, webhook_deliveries');
  // Then a burst waits for dispatch, with a delivery row for each of its events.
  await record(waiting);
  const events = await db
    .selectFrom('event_dispatch_queue as q')
    .innerJoin('events as e', 'e.seq', 'q.seq')
    .select(['e.id', 'e.seq', 'e.booking_id'])
    .execute();
  for (const e of events)
    rows.push({
      id: newId('whd'),
      endpoint_id: endpointId,
      event_id: e.id,
      event_type: 'booking.created',
      event_seq: e.seq,
      booking_id: e.booking_id,
      next_attempt_at: now,
      created_at: now,
    });
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; values?: unknown[] } | undefined;
    if (capture && typeof first === 'object' && first?.text)
      captured.push({ text: first.text, values: first.values ?? [] });
    else if (capture && typeof first === 'string') captured.push({ text: first, values: (args[1] as unknown[]) ?? [] });
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
});

afterAll(async () => {
  pg.Client.prototype.query = query as typeof pg.Client.prototype.query;
  await client?.end();
  await db?.destroy();
  await scratch?.drop();
});

/** The plan of the captured statement that starts with `start`, on a connection set as `settings`. */
async function planOf(start: RegExp, settings: string[]): Promise<string> {
  const statement = captured.find((c) => start.test(c.text.trim()));
  expect(statement, `a statement like ${start}`).toBeDefined();
  await client.query('BEGIN');
  try {
    for (const s of settings) await client.query(`SET LOCAL ${s}`);
    const { rows: plan } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN ${statement!.text}`,
      statement!.values,
    );
    return plan.map((r) => r['QUERY PLAN']).join('\n');
  } finally {
    await client.query('ROLLBACK');
  }
}

// What the booking check may read: its booking's entries in the booking index, nothing wider.
const probesOnly = (plan: string) => {
  expect(plan).toContain('event_dispatch_queue_booking_idx');
  expect(plan).not.toMatch(/event_dispatch_queue_pkey\b/);
  expect(plan).not.toMatch(/Seq Scan on event_dispatch_queue\b/);
};

// The keyed connection's switches, as its pool sets them (database.ts, `keyedPlan`).
const keyed = keyedPlanSwitches.map((s) => `${s} = off`);

it('the delivery loop’s claim probes the dispatch queue’s booking index for earlier waiting events', async () => {
  capture = true;
  await db
    .transaction()
    .execute((trx) => insertDeliveriesClaiming(trx, rows, { ids: new Set(), token: 'plan', until: new Date() }));
  await claimDeliveries(db, {
    token: 'plan',
    now: new Date(),
    until: new Date(Date.now() + 60_000),
    dueBy: new Date(),
    limit: 100,
  });
  capture = false;
  probesOnly(await planOf(/^WITH unclaimed AS/, keyed));
  // The fan-out's claim runs in the dispatcher's transaction, with the planner as it is.
  probesOnly(await planOf(/^WITH d AS/, []));
});

// The dispatcher's claim reads the waiting events by their seq, one probe each: never a walk of the
// events' seq index from the log's first event (a merge join planned on the queue's statistics of a
// quiet log), which would read the whole log on every claim.
it('the dispatcher’s claim probes each waiting event by its seq', async () => {
  capture = true;
  await db.transaction().execute((trx) => claimUndispatched(trx, 500));
  capture = false;
  const plan = await planOf(/^WITH claimed AS/, []);
  expect(plan).toMatch(/Index Scan using events_seq_key on events ev[\s\S]*Index Cond: \(seq = c\.seq\)/);
  expect(plan).not.toMatch(/Merge Join|Hash Join|Seq Scan on events/);
});

it('a batch of outcomes reaches each delivery by a probe of its key, one per outcome', async () => {
  const now = new Date();
  capture = true;
  // Explained, not run for its effect: no row holds this token, so nothing is written.
  await settleAttempts(
    db,
    rows.map((row, n) => ({
      deliveryId: row.id,
      token: 'plan',
      status: 'succeeded' as const,
      nextAttemptAt: null,
      at: now,
      attempt: { id: `wha_plan_${n}`, number: 1, succeeded: true, status_code: 204, duration_ms: 1 },
    })),
  );
  capture = false;
  const plan = await planOf(/^WITH v AS/, keyed);
  expect(plan).toMatch(/Index Cond: \(id = v\.delivery_id\)/);
  // Not the batch's rows taken at once and each outcome matched against each of them (n²).
  expect(plan).not.toContain('Join Filter');
});
