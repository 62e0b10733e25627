// `npm run bench:webhooks`: webhook delivery on this machine, to a receiver on loopback, with the
// real worker (dispatcher, consumer, BullMQ on Redis, the delivery processor) in this process.
//  1. Throughput: N events committed at once, delivered at 50 concurrent deliveries; deliveries per
//     second as a ratio to a bare loop of signed POSTs from Node (the same envelope, signed as
//     Contrail signs it, undici with the poster's agent settings) at the same concurrency to the
//     same receiver, in the same run: bare and Contrail rounds in turns, each Contrail round against
//     the bare rounds on either side; `--rounds` (default 3) Contrail rounds, the median ratio
//     reported, after a warm-up round of each side that is not counted. Goal: >= 0.5x.
//     `--profile FILE`: a CPU profile of the Contrail rounds.
//  2. Latency: 50 events/s steady; from each event's commit to its arrival at the receiver. Goal:
//     p99 <= 250 ms.
//  3. Recovery: the receiver down (connections refused) for `--down-seconds` (default 120) under the
//     same load, then up; the production retry schedule; waits until every event arrived, and
//     counts duplicates by webhook-id. `--down-seconds 0` leaves this part out (a quick run).
// Where a delivery's cost goes: each Contrail round prints this process's CPU and its database
// backends' CPU per delivery (from /proc); `--statements` counts and times the statements sent,
// `--waits` samples what PostgreSQL's backends run (tests/bench/wait-sampler.ts), `--profile` above.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import { createServer, type Server } from 'node:http';
import { performance as nodePerformance, type EventLoopUtilization } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { Agent, request } from 'undici';
import { loadConfig } from '../../api/src/config.js';
import { createDb } from '../../api/src/db/database.js';
import type { EventRow } from '../../api/src/db/events.repository.js';
import { recordEvent } from '../../api/src/domain/events/record-event.js';
import { eventView } from '../../api/src/domain/events/events.service.js';
import { newWebhookSecret, signDelivery } from '../../api/src/domain/webhooks/webhook-signing.js';
import { newId } from '../../api/src/domain/ids.js';
import { demoAgency, demoCompany } from '../../api/src/scripts/seed.js';
import { startWorker } from '../../api/src/worker.js';
import { localRedisUrl } from '../../scripts/local-services.js';
import { backendCpuMs, backendCpuMsBetween, benchDatabase, benchSecretKey, percentile } from './bench-support.js';
import { insertDemoEndpoint } from '../support/webhook-endpoints.js';
import { startWaitSampler } from './wait-sampler.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const eventLoopUtilization = (since?: EventLoopUtilization) => nodePerformance.eventLoopUtilization(since);
const burst = arg('events', 3000);
const rounds = arg('rounds', 3);
const concurrency = 50;
const rate = 50;
const latencySeconds = arg('latency-seconds', 20);
const downSeconds = arg('down-seconds', 120);
const countStatements = process.argv.includes('--statements');
const sampleWaits = process.argv.includes('--waits');

// `--statements`: every statement this process sends to PostgreSQL during the throughput rounds,
// by shape (its first words), counted and timed from send to answer: where a delivery's round
// trips go.
const statements = new Map<string, { n: number; ms: number }>();
let counting = false;
if (countStatements) {
  const query = Reflect.get(pg.Client.prototype, 'query') as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    if (!counting) return query.apply(this, args);
    const shape = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    const t0 = performance.now();
    const done = () => {
      const s = statements.get(shape) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += performance.now() - t0;
      statements.set(shape, s);
    };
    // pg.Pool's own query() (the stable-plan and keyed connections) answers by callback.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function')
      args[last] = (...answer: unknown[]) => {
        done();
        return (callback as (...a: unknown[]) => unknown)(...answer);
      };
    const result = query.apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    return result;
  } as typeof pg.Client.prototype.query;
}

const databaseUrl = await benchDatabase(process.env.BENCH_DATABASE ?? 'contrail_bench_webhooks');
const db = createDb(databaseUrl, 4);
// What came before (a previous run's leftovers) is not this run's.
await db.deleteFrom('webhook_attempts').execute();
await db.deleteFrom('webhook_deliveries').execute();
await db.deleteFrom('webhook_endpoints').execute();
await db.deleteFrom('event_dispatch_queue').execute();
// This machine's PostgreSQL runs without autovacuum: the dead rows earlier runs left would slow every
// claim down run after run, which a production database (autovacuum on) never sees.
const vacuum = new pg.Client({ connectionString: databaseUrl });
await vacuum.connect();
await vacuum.query('VACUUM ANALYZE events, event_dispatch_queue, webhook_deliveries, webhook_attempts, notifications');
await vacuum.end();

// PostgreSQL's share of a delivery: the CPU of this database's backends (from /proc), summed. The
// worker's pools keep their connections through a round.

// --- the receiver: records arrival time per webhook-id; can go down and come back on its port.
const arrivals = new Map<string, number[]>();
let server: Server;
const listen = (port: number) =>
  new Promise<number>((resolve) => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const id = req.headers['webhook-id'] as string;
        const seen = arrivals.get(id) ?? [];
        seen.push(performance.now());
        arrivals.set(id, seen);
        res.writeHead(204).end();
      });
    });
    server.keepAliveTimeout = 30_000;
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
const down = () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
const port = await listen(0);
const url = `http://127.0.0.1:${port}/hooks`;

// --- the endpoint and the worker
const secret = newWebhookSecret();
await insertDemoEndpoint(db, { url, secret, secretKey: benchSecretKey, by: 'bench' });
const now = new Date();
const config = loadConfig({
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL ?? localRedisUrl,
  KEY_PREFIX: `bench-webhooks-${randomBytes(3).toString('hex')}`,
  SECRET_KEY: benchSecretKey,
  LOG_LEVEL: 'warn',
  WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
  WEBHOOK_CONCURRENCY: String(concurrency),
});
const worker = await startWorker(config, pino({ level: 'warn' }));

// A booking-sized object (the real ones are ~2 KB of JSON).
const object = {
  locator: 'BENCH1',
  status: 'new',
  passengers: Array.from({ length: 2 }, (_, i) => ({ id: `PAX${i}`, first_name: 'Olena', last_name: 'Benchova' })),
  segments: Array.from({ length: 4 }, (_, i) => ({ flight: `LH${1000 + i}`, from: 'WAW', to: 'FRA', dep: now })),
  notes: 'x'.repeat(1200),
};

async function commitEvents(n: number): Promise<Map<string, number>> {
  const committed = new Map<string, number>();
  const keys: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < n; i++) {
      const key = `bench:${randomBytes(8).toString('hex')}`;
      keys.push(key);
      await recordEvent(trx, {
        type: 'booking.created',
        agencyId: demoAgency.id,
        companyId: demoCompany.id,
        bookingId: `bkg_${key}`,
        liveMode: false,
        object,
        at: new Date(),
        dedupeKey: key,
      });
    }
  });
  const at = performance.now();
  const rows = await db.selectFrom('events').select('id').where('dedupe_key', 'in', keys).execute();
  for (const r of rows) committed.set(r.id, at);
  return committed;
}

async function waitAll(ids: Iterable<string>, timeoutMs: number): Promise<boolean> {
  const list = [...ids];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (list.every((id) => arrivals.has(id))) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

// --- 1. throughput, and the bare loop. The bare loop sends what Contrail sends: the same envelope
// (same fields, same size, as bytes made once), signed per request by the same signDelivery, over an
// undici Agent with the poster's connection settings (keep-alive, 50 connections), to the same
// receiver, 50 requests in flight.
const bareEnvelope = eventView({
  id: newId('evt'),
  type: 'booking.created',
  created_at: new Date(),
  live_mode: false,
  agency_id: demoAgency.id,
  data: JSON.parse(JSON.stringify({ object })) as EventRow['data'],
  request_id: null,
  idempotency_key: null,
});
async function bareLoop(n: number): Promise<number> {
  const agent = new Agent({ connections: concurrency, keepAliveTimeout: 10_000 });
  const body = Buffer.from(JSON.stringify(bareEnvelope));
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) {
        const id = `evt_bare_${next++}`;
        const at = new Date();
        const res = await request(url, {
          method: 'POST',
          dispatcher: agent,
          body,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Contrail-Webhooks/1',
            ...signDelivery({ messageId: id, at, body, secrets: [secret] }),
          },
        });
        await res.body.text();
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  await agent.close();
  return n / seconds;
}

// `--profile FILE`: a CPU profile of this process (worker, receiver, dispatcher) during the
// Contrail rounds only, written to FILE, and its functions by self time.
const profileFile = (() => {
  const i = process.argv.indexOf('--profile');
  return i > 0 ? process.argv[i + 1] : undefined;
})();
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}
const profiles: CpuProfile[] = [];
const profiler = profileFile ? new inspector.Session() : undefined;
profiler?.connect();
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) =>
    profiler!.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))),
  );
if (profiler) {
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
}

// Warm-up, not counted: one round of each side at full size first (JIT, connections, the worker's
// first jobs). With a warm-up of a few hundred requests, each side's first counted round still ran
// at about twice the CPU per request of the rounds after it.
await waitAll((await commitEvents(burst)).keys(), 300_000);
await bareLoop(burst);

// This process's CPU time (user and system, all its threads) per request since `since`: what a
// delivery costs here whatever share of the machine the process got (wall-clock rates move with the
// machine's load; this moves far less). PostgreSQL's own work is not in it.
const cpuPer = (since: NodeJS.CpuUsage, n: number) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / n;
};

async function contrailRound(): Promise<{
  webhooks: number;
  fanOut: number;
  elu: number;
  cpuUs: number;
  postgresUs: number;
}> {
  const burstIds = await commitEvents(burst);
  // The bench's own writing of the events is left out; the worker's first statements are under way.
  const postgresBefore = await backendCpuMs(databaseUrl);
  // The profile and the statement count cover the round's own window: from the commit of the batch
  // to its last arrival, not the bench's writing of the events.
  if (profiler) await post('Profiler.start');
  counting = countStatements;
  const busy = eventLoopUtilization();
  const cpu = process.cpuUsage();
  const tBurst = Math.min(...burstIds.values());
  const wallAtCommit = Date.now() - (performance.now() - tBurst);
  await waitAll(burstIds.keys(), 300_000);
  const lastArrival = Math.max(...[...burstIds.keys()].map((id) => arrivals.get(id)![0]!));
  const webhooks = burst / ((lastArrival - tBurst) / 1000);
  const elu = eventLoopUtilization(busy).utilization;
  const cpuUs = cpuPer(cpu, burst);
  const postgresUs = (backendCpuMsBetween(postgresBefore, await backendCpuMs(databaseUrl)) * 1000) / burst;
  counting = false;
  // Where the time went: the dispatcher's fan-out (events -> delivery rows, with the notification
  // centre's rows in the same transactions) runs alongside the deliveries.
  const fanned = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where('event_id', 'in', [...burstIds.keys()])
    .executeTakeFirstOrThrow();
  const fanOut = burst / ((new Date(fanned.last).getTime() - wallAtCommit) / 1000);
  return { webhooks, fanOut, elu, cpuUs, postgresUs };
}

async function bareRound(): Promise<{ bare: number; elu: number; cpuUs: number }> {
  const busy = eventLoopUtilization();
  const cpu = process.cpuUsage();
  const bare = await bareLoop(burst);
  return { bare, elu: eventLoopUtilization(busy).utilization, cpuUs: cpuPer(cpu, burst) };
}

// The bare loop and Contrail take turns (bare, Contrail, bare, ..., Contrail, bare), and each
// Contrail round is compared with the two bare rounds on either side of it (their geometric mean):
// other work on this machine comes and goes, and a round then meets the same machine as its
// baseline. The median of the rounds' ratios is the figure.
const sampler = sampleWaits ? await startWaitSampler(databaseUrl, 5) : null;
const bares = [await bareRound()];
const contrail: Awaited<ReturnType<typeof contrailRound>>[] = [];
for (let round = 0; round < rounds; round++) {
  contrail.push(await contrailRound());
  if (profiler) {
    const { profile } = (await post('Profiler.stop')) as { profile: CpuProfile };
    profiles.push(profile);
  }
  bares.push(await bareRound());
}
const throughput = contrail.map((c, i) => {
  const bare = Math.sqrt(bares[i]!.bare * bares[i + 1]!.bare);
  return { ...c, before: bares[i]!, after: bares[i + 1]!, bare, ratio: c.webhooks / bare };
});
const waits = sampler ? await sampler.stop(20) : [];
const median = [...throughput].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds / 2)]!;

// --- 2. latency at a steady rate
async function steady(seconds: number, onTick?: (elapsed: number) => Promise<void>): Promise<Map<string, number>> {
  const all = new Map<string, number>();
  const start = performance.now();
  for (let i = 0; i < seconds * rate; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    for (const [id, at] of await commitEvents(1)) all.set(id, at);
    if (onTick) await onTick((performance.now() - start) / 1000);
  }
  return all;
}
const latencyIds = await steady(latencySeconds);
await waitAll(latencyIds.keys(), 60_000);
const latencies = [...latencyIds].map(([id, at]) => arrivals.get(id)![0]! - at);

const ms = (x: number) => `${x.toFixed(1)} ms`;
console.log(`webhooks bench (loopback receiver, ${concurrency} concurrent deliveries, worker in-process, Redis queue)`);
console.log(
  `throughput: ${burst} events a round, ${rounds} rounds after a warm-up round of each side, not counted (bare loop and Contrail in turns: bare, Contrail, bare, ...; each Contrail round against the geometric mean of the bare rounds on either side)`,
);
for (const [i, r] of throughput.entries())
  console.log(
    `  round ${i + 1}: bare signed POST loop ${r.before.bare.toFixed(0)} / ${r.after.bare.toFixed(0)} req/s (mean ${r.bare.toFixed(0)}), Contrail ${r.webhooks.toFixed(0)} deliveries/s (commit of the batch -> last arrival; fan-out alone ${r.fanOut.toFixed(0)} events/s), ratio ${r.ratio.toFixed(2)}x; this process's event loop busy ${(100 * r.before.elu).toFixed(0)}% / ${(100 * r.elu).toFixed(0)}%; its CPU per request ${r.before.cpuUs.toFixed(0)} µs bare / ${r.cpuUs.toFixed(0)} µs Contrail (PostgreSQL's backends ${r.postgresUs.toFixed(0)} µs more)`,
  );
console.log(`  median ratio               ${median.ratio.toFixed(2)}x (goal >= 0.5x)`);
console.log(`latency: ${rate} events/s for ${latencySeconds} s, commit -> receipt (${latencies.length} events)`);
console.log(
  `  p50 ${ms(percentile(latencies, 50))}  p99 ${ms(percentile(latencies, 99))}  max ${ms(Math.max(...latencies))} (goal p99 <= 250 ms)`,
);
if (countStatements) {
  const deliveries = burst * rounds;
  const all = [...statements.values()].reduce((t, s) => ({ n: t.n + s.n, ms: t.ms + s.ms }), { n: 0, ms: 0 });
  console.log(
    `statements in the throughput rounds: ${(all.n / deliveries).toFixed(2)} per delivery, ${(all.ms / deliveries).toFixed(2)} ms of waiting per delivery (summed over connections)`,
  );
  for (const [shape, s] of [...statements].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
    console.log(`  ${(s.n / deliveries).toFixed(3)}/delivery ${(s.ms / s.n).toFixed(2)} ms each  ${shape}`);
}
if (sampler)
  console.log(`PostgreSQL during the throughput rounds (bare ones included: idle there)\n${waits.join('\n')}`);
if (profileFile) {
  // Self time per function (name, file and line), summed over the Contrail rounds' samples.
  const self = new Map<string, number>();
  let total = 0;
  for (const [i, profile] of profiles.entries()) {
    writeFileSync(
      profiles.length > 1 ? profileFile.replace(/(\.cpuprofile)?$/, `-${i + 1}.cpuprofile`) : profileFile,
      JSON.stringify(profile),
    );
    const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
    for (const [k, id] of profile.samples.entries()) {
      const f = frames.get(id)!;
      const where = f.url ? `${f.url.replace(/^.*\/(node_modules|api|tests)\//, '$1/')}:${f.lineNumber + 1}` : '';
      const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
      const us = profile.timeDeltas[k] ?? 0;
      self.set(key, (self.get(key) ?? 0) + us);
      total += us;
    }
  }
  console.log(`profile of the Contrail rounds (${(total / 1e6).toFixed(1)} s sampled, ${profileFile}): self time`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25))
    console.log(`  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
}
if (downSeconds > 0) await recovery();

async function recovery() {
  // --- 3. recovery: down for downSeconds under load, then up
  let wentDown = 0;
  let cameUp = 0;
  const loadSeconds = downSeconds + 20;
  const recoveryIds = await steady(loadSeconds, async (elapsed) => {
    if (!wentDown && elapsed >= 10) {
      wentDown = performance.now();
      await down();
    } else if (wentDown && !cameUp && elapsed >= 10 + downSeconds) {
      cameUp = performance.now();
      await listen(port);
    }
  });
  const allArrived = await waitAll(recoveryIds.keys(), 45 * 60_000);
  const recovered = performance.now();
  const missing = [...recoveryIds.keys()].filter((id) => !arrivals.has(id)).length;
  const duplicates = [...recoveryIds.keys()].reduce((n, id) => n + Math.max(0, (arrivals.get(id)?.length ?? 0) - 1), 0);
  const attempts = await db
    .selectFrom('webhook_attempts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();

  console.log(
    `recovery: ${rate} events/s for ${loadSeconds} s, receiver down ${downSeconds} s (from t=10 s), production retry schedule`,
  );
  console.log(
    `  events ${recoveryIds.size}, arrived ${recoveryIds.size - missing}, missing ${missing}${allArrived ? '' : ' (timed out)'}`,
  );
  console.log(`  duplicates by webhook-id ${duplicates}`);
  console.log(
    `  every event in ${((recovered - cameUp) / 1000).toFixed(1)} s after the receiver came back (${((recovered - wentDown) / 1000).toFixed(1)} s after it went down)`,
  );
  console.log(`  attempts recorded in the whole run: ${attempts.n}`);
}

await worker.close();
await db.destroy();
await down().catch(() => undefined);
process.exit(0);
