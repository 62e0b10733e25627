// `npm run bench:assistant`: the latency of POST /admin_panel/ask with the rules planner at 10
// clients (goal: p99 ≤ 50 ms), beside two baselines measured in the same rounds: bare Fastify with
// one primary-key read through pg (the floor of any request that touches PostgreSQL), and
// Contrail's own GET /ticketing/gates as the same Admin (auth, permissions, contract checks). Each
// ask resolves names against the partners and companies, reads through a domain service, and
// writes the conversation's two messages (a write request also stores its plan).
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { demoAccounts, demoAgency, demoCompany } from '../../api/src/scripts/seed.js';
import { benchDatabase, loadAverage, percentile, startBenchServers } from './bench-support.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const admin = demoAccounts.find((a) => a.userType === 'Admin')!;
const auth = { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' };

interface Scenario {
  name: string;
  server: 'barePostgres' | 'contrail';
  path: string;
  method?: 'POST';
  body?: string;
  headers?: Record<string, string>;
}
const ask = (name: string, question: string): Scenario => ({
  name,
  server: 'contrail',
  path: '/api/v1/admin_panel/ask',
  method: 'POST',
  body: JSON.stringify({ question, language: 'en' }),
  headers: auth,
});
const scenarios: Scenario[] = [
  { name: 'bare Fastify + one pg read (baseline)', server: 'barePostgres', path: '/account' },
  { name: 'Contrail GET /ticketing/gates (Admin)', server: 'contrail', path: '/api/v1/ticketing/gates', headers: auth },
  ask('ask: channels of a partner (typo)', `channels of agency ${demoAgency.name.replace('Travel', 'Travl')}`),
  ask('ask: balance of a company', `balance of company ${demoCompany.name}`),
  ask('ask: who changed the main gate', 'who changed the main gate?'),
  ask('ask: close the main gate (plan only)', 'close the main gate'),
];

const databaseUrl = await benchDatabase('contrail_bench_assistant');
const { ports, stop } = await startBenchServers<Record<Scenario['server'], number>>(databaseUrl);
const run = async (s: Scenario, duration: number) => {
  const result = await autocannon({
    url: `http://127.0.0.1:${ports[s.server]}${s.path}`,
    connections,
    duration,
    method: s.method ?? 'GET',
    body: s.body,
    headers: s.headers,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${s.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 };
};

const results = new Map(
  scenarios.map((s) => [s.name, { rps: [] as number[], p99: [] as number[], p50: [] as number[] }]),
);
console.log(
  `${rounds} rounds × ${scenarios.length} scenarios, ${seconds} s each, ${connections} connections, loopback`,
);
console.log(`load average before: ${loadAverage()} (${cpus().length} cores)\n`);
try {
  for (const s of scenarios) await run(s, 2); // warm-up, untimed
  for (let round = 1; round <= rounds; round++) {
    for (const s of scenarios) {
      const r = await run(s, seconds);
      const into = results.get(s.name)!;
      into.rps.push(r.rps);
      into.p99.push(r.p99);
      into.p50.push(r.p50);
      console.log(
        `round ${round}  ${s.name.padEnd(42)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms`,
      );
    }
  }
} finally {
  stop();
}
const median = (xs: number[]) => percentile(xs, 50);
const base = results.get(scenarios[0]!.name)!;
console.log('\nmedians of the rounds (p99 ratio against the bare baseline, per round, then the median)');
for (const [name, r] of results) {
  const ratio = median(r.p99.map((p, i) => p / Math.max(1, base.p99[i]!)));
  console.log(
    `  ${name.padEnd(42)} ${median(r.rps).toFixed(0).padStart(6)} req/s  p50 ${median(r.p50)} ms  p99 ${median(r.p99)} ms  ×${ratio.toFixed(1)}`,
  );
}
const worstAsk = Math.max(...[...results].filter(([n]) => n.startsWith('ask')).map(([, r]) => median(r.p99)));
console.log(`\nask p99 (worst scenario, median of rounds): ${worstAsk} ms  goal ≤ 50 ms`);
console.log(`load average after: ${loadAverage()}`);
