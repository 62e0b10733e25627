// `npm run bench:request-log-split`: where the request log's cost on the cheapest logged operation
// (GET /account/details by token) goes, step by step (request-log-split-servers.ts: off, the hooks
// with a recorder that drops each call, the recorder encoding without writing, on). Each step is
// driven at BENCH_CONNECTIONS connections for BENCH_SECONDS, in turns (the order reversed every
// round), BENCH_ROUNDS rounds; per step it prints the median CPU per request of the servers'
// process and of this database's PostgreSQL backends (from /proc), and what the step adds to the
// one before. Requests per second are not printed: on a shared machine they say little. The
// database is BENCH_DATABASE's (default contrail_bench_request_log); the log's own rows are not
// needed, so it need not be seeded by `bench:request-log` first.
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { demoAccounts } from '../../api/src/scripts/seed.js';
import {
  backendCpuMs,
  backendCpuMsBetween,
  benchDatabase,
  cpuMsOf,
  loadAverage,
  percentile,
  startBenchServers,
} from './bench-support.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 8);
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const agent = demoAccounts.find((a) => a.userType === 'Agent')!;

const databaseUrl = await benchDatabase(process.env.BENCH_DATABASE ?? 'contrail_bench_request_log');
const { ports, pid, stop } = await startBenchServers<Record<string, number>>(
  databaseUrl,
  'tests/bench/request-log-split-servers.ts',
);
/** The servers' steps, in the order they print them (each adds to the one before). */
const steps = Object.keys(ports);
const target = (port: number, duration: number) => ({
  url: `http://127.0.0.1:${port}/api/v1/account/details`,
  connections,
  duration,
  headers: { authorization: `Bearer ${agent.token}` },
});

try {
  console.log(`request log, step by step: ${connections} connections, ${seconds} s a step, ${rounds} rounds`);
  console.log(`  load average before: ${loadAverage()}`);
  for (const step of steps) await autocannon(target(ports[step]!, 2));
  const node = new Map(steps.map((step) => [step, [] as number[]]));
  const pg = new Map(steps.map((step) => [step, [] as number[]]));
  for (let round = 0; round < rounds; round++) {
    for (const step of round % 2 ? [...steps].reverse() : steps) {
      const before = { node: cpuMsOf(pid), pg: await backendCpuMs(databaseUrl) };
      const result = await autocannon(target(ports[step]!, seconds));
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${step}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      // The recorders flush every second: the last batch is written before the CPU is read.
      await sleep(1_400);
      const per = (ms: number) => (ms * 1000) / result.requests.total;
      node.get(step)!.push(per(cpuMsOf(pid) - before.node));
      pg.get(step)!.push(per(backendCpuMsBetween(before.pg, await backendCpuMs(databaseUrl))));
    }
  }
  let previous: number | undefined;
  for (const step of steps) {
    const n = percentile(node.get(step)!, 50);
    const p = percentile(pg.get(step)!, 50);
    const added = previous === undefined ? '' : `  adds ${(n + p - previous).toFixed(1).padStart(6)} µs`;
    console.log(
      `  ${step.padEnd(7)} node ${n.toFixed(1).padStart(6)} µs + PostgreSQL ${p.toFixed(1).padStart(6)} µs` + added,
    );
    previous = n + p;
  }
  console.log(`  load average after: ${loadAverage()}`);
} finally {
  stop();
}
