// `npm run bench:request-log`: the request log at a million rows, on loopback, bounded in time.
// (a) GET /request_logs, one page of 50, sequential requests over HTTP: p50/p99 with no filter and
//     with each filter, beside GET /account/details by the same token (the cheapest logged read) as
//     the bare baseline of the same run, the reads taken in turns (see timedInTurns). Goal: p99 ≤ 25 ms.
// (b) The cost of logging on the cheapest logged operation (GET /account/details by token):
//     requests per second at 50 connections with the request log on and off, in alternating rounds
//     of the same run, and the median of the per-round ratios. Goal: ≤ 5 % fewer requests.
// The million rows are seeded once (generate_series) into the demo agency over the last 29 days
// and kept between runs in the database BENCH_DATABASE names (default contrail_bench_request_log).
// The load average is printed with each part: on a shared machine it says what the figures mean.
// BENCH_PARTS=b runs (b) alone (default `ab`: both), to measure the cost of logging without the reads.
// (b) also reads the CPU each side spends per request (the servers' process and this database's
// PostgreSQL backends, from /proc), which a loaded machine does not skew as it skews requests/s,
// and, of the backends', the request log writer's own (its COPY), which the others' load skews least.
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb } from '../../api/src/db/database.js';
import { ensureRequestLogDays } from '../../api/src/db/request-logs.repository.js';
import { demoAccounts, demoAgency } from '../../api/src/scripts/seed.js';
import {
  backendCpuMs,
  backendCpuMsBetween,
  benchDatabase,
  cpuMsOf,
  loadAverage,
  percentile,
  startBenchServers,
} from './bench-support.js';

const rows = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 400);
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const parts = process.env.BENCH_PARTS ?? 'ab';

const supervisor = demoAccounts.find((a) => a.userType === 'Supervisor')!;
const agent = demoAccounts.find((a) => a.userType === 'Agent')!;

async function seedLog(databaseUrl: string): Promise<void> {
  const db = createDb(databaseUrl, 1);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const now = new Date();
    await ensureRequestLogDays(db, new Date(now.getTime() - 30 * 86_400_000), 34);
    const { rows: counted } = await client.query<{ n: string }>('SELECT count(*) AS n FROM request_logs');
    const have = Number(counted[0]!.n);
    if (have >= rows) return console.log(`request log: ${have} rows already seeded`);
    const started = Date.now();
    // Spread over the last 29 days, newest at now; 1 in 10 a POST with an idempotency key, 1 in 12
    // a 4xx, 1 in 200 a 5xx; the agent's and the supervisor's calls, tokens and the console.
    await client.query(
      `INSERT INTO request_logs (request_id, created_at, agency_id, account_id, credential, token_id, mode, source,
        method, route, path, status, duration_ms, idempotency_key, replayed, headers, request_body, response_body)
      SELECT 'req_bench' || g,
             $1::timestamptz - (g * (29 * 86400.0 / $3) || ' seconds')::interval,
             $4,
             CASE WHEN g % 3 = 0 THEN $5 ELSE $6 END,
             CASE WHEN g % 7 = 0 THEN 'session' ELSE 'token' END,
             CASE WHEN g % 7 = 0 THEN NULL WHEN g % 3 = 0 THEN 'tok_demo_supervisor' ELSE 'tok_demo_agent' END,
             CASE WHEN g % 7 = 0 THEN NULL ELSE 'test' END,
             CASE WHEN g % 7 = 0 THEN 'console' WHEN g % 11 = 0 THEN 'workspace' ELSE 'api' END,
             CASE WHEN g % 10 = 0 THEN 'POST' ELSE 'GET' END,
             CASE WHEN g % 10 = 0 THEN '/api/v1/bookings/issue' WHEN g % 4 = 0 THEN '/api/v1/bookings/{locator}'
                  ELSE '/api/v1/bookings' END,
             CASE WHEN g % 10 = 0 THEN '/api/v1/bookings/issue' WHEN g % 4 = 0 THEN '/api/v1/bookings/BK' || (g % 9999)
                  ELSE '/api/v1/bookings?page=' || (g % 5 + 1) END,
             CASE WHEN g % 200 = 0 THEN 500 WHEN g % 12 = 0 THEN 404 ELSE 200 END,
             5 + (g % 300) / 10.0,
             CASE WHEN g % 10 = 0 THEN 'issue-' || (g / 20) END,
             g % 20 = 0,
             '{"content-type":"application/json"}',
             CASE WHEN g % 10 = 0 THEN '{"locator":"BK' || (g % 9999) || '"}' END,
             '{"locator":"BK' || (g % 9999) || '","status":"issued","price":{"amount":"123.45","currency":"EUR"}}'
        FROM generate_series($2::bigint, $3::bigint) AS g`,
      [now, have + 1, rows, demoAgency.id, supervisor.id, agent.id],
    );
    // A live log's past days have been vacuumed by autovacuum (all-visible, so read from an index
    // alone); a fresh seed is not yet.
    await client.query('VACUUM ANALYZE request_logs');
    console.log(`request log: seeded ${rows - have} rows in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await client.end();
    await db.destroy();
  }
}

/** One request's time in ms (the body read whole); throws on anything but 2xx. */
async function timeOne(url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

/**
 * `samples` sequential requests of each read, taken in turns (one of each, then the next round), so
 * that a pause of the machine or of the servers' process (a major garbage collection while its heap
 * grows, a checkpoint, an autovacuum) falls on every read alike instead of on whichever read was
 * being measured at the time. Each read is warmed first (20 requests: its statement prepared and
 * planned on the connection, its code optimised). Answers p50 and p99 of each read's times in ms.
 */
async function timedInTurns(reads: ReadonlyArray<readonly [string, string, string]>) {
  for (const [, url, token] of reads) for (let i = 0; i < 20; i++) await timeOne(url, token);
  const times = reads.map((): number[] => []);
  for (let round = 0; round < samples; round++) {
    for (const [i, [, url, token]] of reads.entries()) times[i]!.push(await timeOne(url, token));
  }
  return times.map((t) => ({ p50: percentile(t, 50), p99: percentile(t, 99) }));
}

const databaseUrl = await benchDatabase(process.env.BENCH_DATABASE ?? 'contrail_bench_request_log');
await seedLog(databaseUrl);
const {
  ports,
  pid: serversPid,
  stop,
} = await startBenchServers<{ logged: number; unlogged: number }>(databaseUrl, 'tests/bench/request-log-servers.ts');

/**
 * CPU milliseconds so far of the servers' process and of this database's PostgreSQL backends: the
 * cost of a request in CPU, which the machine's load does not skew as it skews requests per second.
 */
const cpuMs = async () => ({ node: cpuMsOf(serversPid), pg: await backendCpuMs(databaseUrl) });

/**
 * The backend of the request log's own connection (its last statement a COPY into the log), of
 * those `backendCpuMs` read: what writing the log costs PostgreSQL, apart from the backends that
 * serve the requests, whose CPU a request also costs more when the machine is busier.
 */
async function logWriterPids(): Promise<Set<number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: found } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE '%COPY request_logs %'`,
    );
    return new Set(found.map((r) => r.pid));
  } finally {
    await client.end();
  }
}

/** (a): the reads of the log, p50 and p99 of each, beside the bare baseline. */
async function readTheLog(): Promise<void> {
  const base = `http://127.0.0.1:${ports.unlogged}/api/v1`;
  const aWeekAgo = new Date(Date.now() - 7 * 86_400_000);
  const window = `created_after=${new Date(aWeekAgo.getTime() - 3_600_000).toISOString()}&created_before=${aWeekAgo.toISOString()}`;
  const first = (await (
    await fetch(`${base}/request_logs?limit=50`, { headers: { authorization: `Bearer ${supervisor.token}` } })
  ).json()) as { meta: { next_cursor: string } };
  const reads: Array<[string, string, string]> = [
    ['baseline: GET /account/details', `${base}/account/details`, supervisor.token],
    ['page of 50, no filter (supervisor: agency)', `${base}/request_logs?limit=50`, supervisor.token],
    ['page of 50, no filter (agent: own calls)', `${base}/request_logs?limit=50`, agent.token],
    [
      'page of 50, second page (cursor)',
      `${base}/request_logs?limit=50&cursor=${first.meta.next_cursor}`,
      supervisor.token,
    ],
    ['page of 50, status=4xx', `${base}/request_logs?limit=50&status=4xx`, supervisor.token],
    ['page of 50, status=5xx', `${base}/request_logs?limit=50&status=5xx`, supervisor.token],
    ['page of 50, method=POST', `${base}/request_logs?limit=50&method=POST`, supervisor.token],
    [
      'page of 50, path=/api/v1/bookings/BK',
      `${base}/request_logs?limit=50&path=/api/v1/bookings/BK`,
      supervisor.token,
    ],
    [
      'page of 50, path=/api/v1/bookings/BK777 (rare)',
      `${base}/request_logs?limit=50&path=/api/v1/bookings/BK777`,
      supervisor.token,
    ],
    ['page of 50, path matching nothing', `${base}/request_logs?limit=50&path=/api/v1/nothing`, supervisor.token],
    ['page of 50, status=5xx (agent: own calls)', `${base}/request_logs?limit=50&status=5xx`, agent.token],
    ['idempotency_key (every retry)', `${base}/request_logs?limit=50&idempotency_key=issue-777`, supervisor.token],
    ['page of 50, one hour a week ago', `${base}/request_logs?limit=50&${window}`, supervisor.token],
  ];
  console.log(
    `\n(a) GET /request_logs at ${rows} rows, ${samples} sequential requests each, in turns; load average ${loadAverage()}`,
  );
  const results = await timedInTurns(reads);
  const baseline = results[0]!.p99;
  for (const [i, [name]] of reads.entries()) {
    const r = results[i]!;
    console.log(
      `  ${name.padEnd(50)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms` +
        `  p99/baseline ${(r.p99 / baseline).toFixed(2)}`,
    );
  }
  console.log(`  load average after (a): ${loadAverage()}   goal: p99 ≤ 25 ms`);
}

try {
  if (parts.includes('a')) await readTheLog();

  console.log(
    `\n(b) GET /account/details by token, ${connections} connections, ${seconds} s a round, ${rounds} rounds each way`,
  );
  const target = (port: number) => ({
    url: `http://127.0.0.1:${port}/api/v1/account/details`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${agent.token}` },
  });
  await autocannon({ ...target(ports.logged), duration: 2 });
  await autocannon({ ...target(ports.unlogged), duration: 2 });
  const ratios: number[] = [];
  // CPU ms per request, node and PostgreSQL, each side, every round.
  const cpu: Record<'logged' | 'unlogged', Array<{ node: number; pg: number }>> = { logged: [], unlogged: [] };
  // The log writer's backend CPU per logged request, every round.
  const writer: number[] = [];
  for (let round = 1; round <= rounds; round++) {
    // Alternate which side goes first, so a drift in the machine's load hits both alike.
    const order = round % 2 ? (['unlogged', 'logged'] as const) : (['logged', 'unlogged'] as const);
    const rps: Record<string, number> = {};
    for (const side of order) {
      const before = await cpuMs();
      const result = await autocannon(target(ports[side]));
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${side}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      rps[side] = result.requests.average;
      // The logging side's last batch is written before its CPU is read (it flushes every second).
      await sleep(1_400);
      const after = await cpuMs();
      const per = (ms: number) => ms / result.requests.total;
      cpu[side].push({ node: per(after.node - before.node), pg: per(backendCpuMsBetween(before.pg, after.pg)) });
      if (side === 'logged') {
        const pids = await logWriterPids();
        const only = (readings: Map<number, number>) => new Map([...readings].filter(([pid]) => pids.has(pid)));
        writer.push(per(backendCpuMsBetween(only(before.pg), only(after.pg))));
      }
    }
    ratios.push(rps.logged! / rps.unlogged!);
    const cpuOf = (side: 'logged' | 'unlogged') => {
      const last = cpu[side].at(-1);
      const copying = side === 'logged' ? `, log writer ${(writer.at(-1)! * 1000).toFixed(1)}` : '';
      return last ? ` (CPU ${(last.node * 1000).toFixed(0)}+${(last.pg * 1000).toFixed(0)} µs${copying})` : '';
    };
    console.log(
      `  round ${round}  off ${rps.unlogged!.toFixed(0).padStart(6)} req/s${cpuOf('unlogged')}` +
        `  on ${rps.logged!.toFixed(0).padStart(6)} req/s${cpuOf('logged')}` +
        `  on/off ${(rps.logged! / rps.unlogged!).toFixed(3)}  load ${loadAverage()}`,
    );
  }
  if (cpu.logged.length === rounds && cpu.unlogged.length === rounds) {
    // Paired by round (the two sides ran back to back), then the median of the rounds.
    const paired = (f: (on: { node: number; pg: number }, off: { node: number; pg: number }) => number) =>
      percentile(
        cpu.logged.map((on, i) => f(on, cpu.unlogged[i]!)),
        50,
      );
    const node = paired((on, off) => on.node - off.node) * 1000;
    const pgAdded = paired((on, off) => on.pg - off.pg) * 1000;
    const share = paired((on, off) => (on.node + on.pg) / (off.node + off.pg) - 1) * 100;
    const bare = percentile(
      cpu.unlogged.map((off) => off.node + off.pg),
      50,
    );
    console.log(
      `  CPU per request, median of rounds (node + this database's PostgreSQL backends): bare ${(bare * 1000).toFixed(0)} µs; ` +
        `logging adds ${node.toFixed(0)} + ${pgAdded.toFixed(0)} µs, ${share.toFixed(1)} % of the bare request's CPU` +
        ` (the log writer's own backend: ${(percentile(writer, 50) * 1000).toFixed(1)} µs)`,
    );
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  const median = percentile(ratios, 50);
  console.log(
    `  logging on / off, median of rounds: ${median.toFixed(3)} (rounds ${sorted[0]!.toFixed(3)}–${sorted.at(-1)!.toFixed(3)})` +
      `  = ${((1 - median) * 100).toFixed(1)} % fewer requests; goal ≤ 5 %`,
  );
} finally {
  stop();
}
