// What every benchmark shares: its own database (migrated and seeded, kept between runs under a
// fixed name), the benchmark servers' process pinned to a core of its own, and percentiles.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { createDb } from '../../api/src/db/database.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import { postToLedger } from '../../api/src/domain/balances/ledger.js';
import { demoAccounts, demoAgency, demoCompany, seed } from '../../api/src/scripts/seed.js';
import { localPostgresUrl, localRedisUrl } from '../../scripts/local-services.js';
import { buildServices } from '../../scripts/build-services.js';
import { apiV8Flags, compiledService, nodeArgs } from '../../scripts/node-flags.js';
import { closedPort } from '../support/services.js';

/** The routes the search benches shop, one after another (every sandbox carrier flies some). */
export const searchRoutes = [
  ['WAW', 'FRA'],
  ['LHR', 'ATH'],
  ['CDG', 'MAD'],
  ['VIE', 'BRU'],
  ['WAW', 'LIS'],
  ['AMS', 'BCN'],
  ['ZRH', 'FCO'],
  ['KBP', 'VIE'],
] as const;

export const benchSecretKey = 'bench-secret-key-that-is-long-enough-0123456789';

/** How the demo agency's channels pay when a benchmark issues (BENCH_PAY). */
export type BenchPayment = 'bsp_cash' | 'company_balance';

/**
 * The demo agency's channels pay by `form` (BSP cash, as seeded; or from the demo company's balance,
 * which every issue then debits under the company row lock, all clients debiting the same company).
 * Paying from the balance, the company is first credited through the ledger with enough for a run.
 */
export async function demoAgencyPays(databaseUrl: string, form: BenchPayment): Promise<void> {
  const db = createDb(databaseUrl, 1);
  try {
    await db
      .updateTable('agency_channels')
      .set({ form_of_payment: form })
      .where('agency_id', '=', demoAgency.id)
      .execute();
    if (form !== 'company_balance') return;
    const { balance_currency } = await db
      .selectFrom('companies')
      .select('balance_currency')
      .where('id', '=', demoCompany.id)
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      postToLedger(trx, {
        companyId: demoCompany.id,
        currency: balance_currency.trim(),
        entries: [{ amount: '10000000.00', reason: 'Benchmark top-up' }],
        actorAccountId: demoAccounts.find((a) => a.userType === 'Admin')!.id,
        at: new Date(),
      }),
    );
  } finally {
    await db.destroy();
  }
}

/** BENCH_DATABASE names another database (a branch whose migrations the shared one must not get). */
export async function benchDatabase(name = process.env.BENCH_DATABASE ?? 'contrail_bench'): Promise<string> {
  const admin = process.env.BENCH_DATABASE_ADMIN_URL ?? localPostgresUrl;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), 1);
  await migrateToLatest(db);
  await seed(db, benchSecretKey);
  await db.destroy();
  return url.toString();
}

/**
 * `script` (tests/bench/servers.ts unless named: the API's app, with the API's V8 flags) in a process
 * of its own on core 1, this load generator on core 0, so the two do not take turns on one core
 * (which made run-to-run figures swing by a third). PostgreSQL floats. BENCH_PROFILE_DIR writes the
 * servers' CPU profile (SIGTERM ends it). Answers the ports the script prints, its pid, and `stop`,
 * which also lets this process use every core again.
 */
export async function startBenchServers<Ports>(
  databaseUrl: string,
  script = 'tests/bench/servers.ts',
): Promise<{ ports: Ports; pid: number; stop: () => void }> {
  const command = pinnable ? ['taskset', '-c', '1', process.execPath] : [process.execPath];
  if (pinnable) execFileSync('taskset', ['-pc', '0', String(process.pid)], { stdio: 'ignore' });
  const child = spawn(command[0]!, [...command.slice(1), ...profileFlags(), ...nodeArgs(script, apiV8Flags)], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL ?? localRedisUrl,
      RATE_LIMIT_PER_MINUTE: '100000000',
      SECRET_KEY: benchSecretKey,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
  // Stopped, the servers give their core back: what the benchmark runs next (the export's own
  // processes, which inherit this process's cores) runs on every core, as the worker does.
  const stop = () => {
    child.kill('SIGTERM');
    if (pinnable) execFileSync('taskset', ['-pc', `0-${cpus().length - 1}`, String(process.pid)], { stdio: 'ignore' });
  };
  return { ports: JSON.parse(line) as Ports, pid: child.pid!, stop };
}

const pinnable = existsSync('/usr/bin/taskset') && cpus().length >= 2;

/** The node flags that write a CPU profile of a benchmark's service into BENCH_PROFILE_DIR, when set. */
export const profileFlags = (): string[] =>
  process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];

/**
 * A service in a process of its own, started as `npm start` starts it (scripts/node-flags.ts),
 * pinned to `core` where taskset is there. BENCH_PROFILE_DIR writes a CPU profile of each;
 * `gcFile` has tests/bench/gc-observer.mjs record the service's garbage collections there.
 */
function startService(
  script: string,
  core: number,
  env: Record<string, string>,
  v8Flags?: readonly string[],
  gcFile?: string,
): ChildProcess {
  const command = pinnable ? ['taskset', '-c', String(core), process.execPath] : [process.execPath];
  const gc = gcFile ? ['--import', gcObserver] : [];
  return spawn(command[0]!, [...command.slice(1), ...profileFlags(), ...gc, ...nodeArgs(script, v8Flags)], {
    env: { ...process.env, ...env, ...(gcFile ? { BENCH_GC_FILE: gcFile } : {}) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const gcObserver = fileURLToPath(new URL('./gc-observer.mjs', import.meta.url));

/**
 * What tests/bench/gc-observer.mjs wrote: [start (epoch ms), pause ms, kind], [epoch ms, heap MB]
 * and the event loop's stalls, [start (epoch ms), stall ms, CPU ms the process used in it].
 */
interface GcRecord {
  collections: [number, number, string][];
  heap: [number, number][];
  stalls: [number, number, number][];
}

/** The event loop's stalls over a span: how many, the longest (and the CPU in it), and in all. */
export interface LoopStalls {
  count: number;
  longestMs: number;
  longestCpuMs: number;
  ms: number;
  cpuMs: number;
}

/**
 * The garbage collections a service (started with a gcFile) made between two instants (epoch ms),
 * by kind: how many, the pause they took in all and the longest; the heap in use over the span
 * (first and last reading, and the most); and its event loop's stalls. Waits for the observer's
 * next write first.
 */
export async function gcBetween(
  gcFile: string,
  from: number,
  to: number,
): Promise<{
  kinds: Map<string, { count: number; ms: number; longestMs: number }>;
  heapMb: number[];
  stalls: LoopStalls;
}> {
  await new Promise((resolve) => setTimeout(resolve, 400));
  const record = JSON.parse(readFileSync(gcFile, 'utf8')) as GcRecord;
  const kinds = new Map<string, { count: number; ms: number; longestMs: number }>();
  for (const [at, ms, kind] of record.collections) {
    if (at < from || at > to) continue;
    const k = kinds.get(kind) ?? { count: 0, ms: 0, longestMs: 0 };
    kinds.set(kind, { count: k.count + 1, ms: k.ms + ms, longestMs: Math.max(k.longestMs, ms) });
  }
  const heap = record.heap.filter(([at]) => at >= from && at <= to).map(([, mb]) => mb);
  const stalls: LoopStalls = { count: 0, longestMs: 0, longestCpuMs: 0, ms: 0, cpuMs: 0 };
  for (const [at, ms, cpuMs] of record.stalls) {
    if (at < from || at > to) continue;
    stalls.count++;
    stalls.ms += ms;
    stalls.cpuMs += cpuMs;
    if (ms > stalls.longestMs) Object.assign(stalls, { longestMs: ms, longestCpuMs: cpuMs });
  }
  return { kinds, heapMb: heap.length ? [heap[0]!, heap.at(-1)!, Math.max(...heap)] : [], stalls };
}

/**
 * Waits until `url` answers 2xx (a service's health check), for up to 90 s: with other work on
 * both cores (load average above 15) the API, pinned to one of them, took more than 30 s.
 */
async function ready(url: string): Promise<void> {
  for (let i = 0; i < 360; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up in 90 s`);
}

/**
 * The sandbox airlines on core 0 (beside the load generator) and the API in front of them on core
 * 1, each a process of its own started as `npm start` starts it (compiled, built first); resolves
 * once both answer.
 */
export async function startAirlineStack(
  databaseUrl: string,
  options: { latency?: 'off' | 'realistic'; apiEnv?: Record<string, string> } = {},
): Promise<{
  base: string;
  sandboxUrl: string;
  pids: { api: number; sandbox: number };
  /** With BENCH_GC=1: where the API's garbage collections are recorded (read with gcBetween). */
  gcFile?: string;
  stop: () => Promise<void>;
}> {
  const [apiPort, sandboxPort] = [await closedPort(), await closedPort()];
  const gcFile =
    process.env.BENCH_GC === '1' ? join(tmpdir(), `contrail-bench-gc-${process.pid}-${apiPort}.json`) : undefined;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  await buildServices();
  // BENCH_API_V8_FLAGS (space-separated) replaces the API's V8 flags, to weigh another setting
  // against the one `npm start` uses, in the same session.
  const apiFlags = process.env.BENCH_API_V8_FLAGS?.split(' ').filter(Boolean) ?? apiV8Flags;
  const sandbox = startService(compiledService('sandbox'), 0, {
    SANDBOX_PORT: String(sandboxPort),
    SANDBOX_LATENCY: options.latency ?? 'off',
    LOG_LEVEL: 'warn',
  });
  const api = startService(
    compiledService('api'),
    1,
    {
      PORT: String(apiPort),
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL ?? localRedisUrl,
      SECRET_KEY: benchSecretKey,
      SANDBOX_URL: sandboxUrl,
      RATE_LIMIT_PER_MINUTE: '100000000',
      AIRLINE_TIMEOUT_MS: '30000',
      LOG_LEVEL: 'info',
      ...options.apiEnv,
    },
    apiFlags,
    gcFile,
  );
  const children = [api, sandbox];
  process.once('exit', () => children.forEach((c) => c.kill('SIGTERM')));
  const stop = async () => {
    const exited = children.filter((c) => c.exitCode === null).map((c) => once(c, 'exit'));
    children.forEach((c) => c.kill('SIGTERM'));
    await Promise.all(exited);
  };
  await Promise.all([ready(`${sandboxUrl}/health`), ready(`http://127.0.0.1:${apiPort}/healthz`)]);
  return {
    base: `http://127.0.0.1:${apiPort}/api/v1`,
    sandboxUrl,
    pids: { api: api.pid!, sandbox: sandbox.pid! },
    ...(gcFile ? { gcFile } : {}),
    stop,
  };
}

/**
 * CPU milliseconds a process has used so far (user and system, from /proc; NaN where there is none).
 * Unlike latency it hardly moves when other work shares the machine: the figure to compare runs by.
 */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, the 14th and 15th fields, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/**
 * CPU milliseconds so far of each PostgreSQL backend serving the database `databaseUrl` names (from
 * /proc), the connection that reads them left out: where a benchmark's statements are planned,
 * compressed and written, on the same cores as the processes measured.
 */
export async function backendCpuMs(databaseUrl: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return new Map(rows.map(({ pid }) => [pid, cpuMsOf(pid)]));
  } finally {
    await client.end();
  }
}

/**
 * CPU milliseconds the backends spent between two `backendCpuMs` readings: one that started in
 * between counts whole, one that ended took its time with it (a pool keeps its connections through
 * a run, so neither is common).
 */
export function backendCpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let ms = 0;
  for (const [pid, used] of after) if (Number.isFinite(used)) ms += used - (before.get(pid) ?? 0);
  return ms;
}

/** The 1, 5 and 15 minute load averages, printed with a bench's figures: they say what the figures mean. */
export const loadAverage = (digits = 2): string =>
  loadavg()
    .map((l) => l.toFixed(digits))
    .join(' ');

export const percentile = (xs: readonly number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
