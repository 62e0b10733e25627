// `npm run bench:http` (part of `npm run bench`): load on loopback only, bounded in time. Scenarios run interleaved, round after
// round, so the machine's drift hits every one alike; the report gives each round, the medians and
// the ratios that matter. Benchmarks report numbers; they assert nothing.
import autocannon from 'autocannon';
import { createDb } from '../../api/src/db/database.js';
import { generateToken } from '../../api/src/domain/auth/api-tokens.js';
import { demoAccounts, demoPassword } from '../../api/src/scripts/seed.js';
import { benchDatabase, percentile, startBenchServers } from './bench-support.js';

const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

interface Scenario {
  name: string;
  server: 'bare' | 'bareLogged' | 'barePostgres' | 'contrail';
  path: string;
  headers?: Record<string, string>;
}

const names = {
  bare: 'bare Fastify, small JSON',
  bareLogged: 'bare Fastify + our logging',
  healthz: 'Contrail GET /api/v1/healthz (whole chain)',
  barePostgres: 'bare Fastify + logging + 1 PG primary-key read',
  detailsToken: 'Contrail GET /account/details, bearer token',
  detailsSession: 'Contrail GET /account/details, session cookie',
  detailsLive: 'Contrail GET /account/details, live token',
};

/** A live token for the demo supervisor, whose agency's production API is switched on. */
async function liveToken(databaseUrl: string): Promise<string> {
  const db = createDb(databaseUrl, 1);
  const supervisor = demoAccounts.find((a) => a.userType === 'Supervisor')!;
  const generated = generateToken('live');
  const account = await db
    .selectFrom('accounts')
    .select('agency_id')
    .where('id', '=', supervisor.id)
    .executeTakeFirstOrThrow();
  await db.updateTable('agencies').set({ production_api_on: true }).where('id', '=', account.agency_id!).execute();
  await db
    .insertInto('api_tokens')
    .values({
      id: `tok_bench_live_${Date.now()}`,
      account_id: supervisor.id,
      prefix: generated.prefix,
      token_hash: generated.hash,
      mode: 'live',
      name: 'bench',
    })
    .execute();
  await db.destroy();
  return generated.token;
}

function scenariosFor(session: { cookie: string; csrf: string }, live: string): Scenario[] {
  return [
    { name: names.bare, server: 'bare', path: '/hello' },
    { name: names.bareLogged, server: 'bareLogged', path: '/hello' },
    { name: names.healthz, server: 'contrail', path: '/api/v1/healthz' },
    { name: names.barePostgres, server: 'barePostgres', path: '/account' },
    {
      name: names.detailsToken,
      server: 'contrail',
      path: '/api/v1/account/details',
      headers: { authorization: `Bearer ${demoAccounts[0]!.token}` },
    },
    {
      // A live token reads its agency's production_api_on on every request (never cached).
      name: names.detailsLive,
      server: 'contrail',
      path: '/api/v1/account/details',
      headers: { authorization: `Bearer ${live}` },
    },
    {
      name: names.detailsSession,
      server: 'contrail',
      path: '/api/v1/account/details',
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf },
    },
  ];
}

async function signIn(port: number): Promise<{ cookie: string; csrf: string }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identity: demoAccounts[0]!.email, password: demoPassword }),
  });
  if (!res.ok) throw new Error(`sign-in for the benchmark failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { csrf_token: string };
  const cookie = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('contrail_session='))!
    .split(';')[0]!;
  return { cookie, csrf: body.csrf_token };
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

const median = (xs: number[]) => percentile(xs, 50);

const databaseUrl = await benchDatabase();
const { ports, stop } = await startBenchServers<Record<Scenario['server'], number>>(databaseUrl);
const scenarios = scenariosFor(
  await signIn(ports.contrail).catch((error: unknown) => {
    stop();
    throw error;
  }),
  await liveToken(databaseUrl),
);
// A short untimed pass first, so the first round does not measure the JIT warming up.
for (const scenario of scenarios) {
  await autocannon({
    url: `http://127.0.0.1:${ports[scenario.server]}${scenario.path}`,
    connections,
    duration: 2,
    headers: scenario.headers,
  });
}
const results = new Map<string, { rps: number[]; p99: number[] }>(scenarios.map((s) => [s.name, { rps: [], p99: [] }]));
console.log(
  `${rounds} rounds × ${scenarios.length} scenarios, ${seconds} s each, ${connections} connections, loopback\n`,
);
try {
  for (let round = 1; round <= rounds; round++) {
    for (const scenario of scenarios) {
      const r = await load(`http://127.0.0.1:${ports[scenario.server]}${scenario.path}`, scenario.headers);
      results.get(scenario.name)!.rps.push(r.rps);
      results.get(scenario.name)!.p99.push(r.p99);
      console.log(`round ${round}  ${scenario.name.padEnd(46)} ${r.rps.toFixed(0).padStart(7)} req/s  p99 ${r.p99} ms`);
    }
  }
} finally {
  stop();
}

console.log('\nmedians');
for (const [name, r] of results) {
  console.log(`  ${name.padEnd(46)} ${median(r.rps).toFixed(0).padStart(7)} req/s  p99 ${median(r.p99)} ms`);
}
// Each ratio is taken within a round (both sides measured minutes apart at most, under the same
// machine weather), then the median of the rounds' ratios is reported with its range.
const ratio = (a: string, b: string) => {
  const perRound = results.get(a)!.rps.map((value, round) => value / results.get(b)!.rps[round]!);
  const sorted = [...perRound].sort((x, y) => x - y);
  return `${median(perRound).toFixed(2)}  (rounds ${sorted[0]!.toFixed(2)}–${sorted.at(-1)!.toFixed(2)})`;
};
console.log('\nratios, median of the per-round ratios');
console.log(`  bare + logging / bare                             ${ratio(names.bareLogged, names.bare)}`);
console.log(
  `  Contrail healthz / bare + logging                 ${ratio(names.healthz, names.bareLogged)}  target ≥ 0.85`,
);
console.log(
  `  /account/details by token / bare + PG read        ${ratio(names.detailsToken, names.barePostgres)}  target ≥ 0.75`,
);
console.log(`  /account/details by live token / by test token    ${ratio(names.detailsLive, names.detailsToken)}`);
console.log(
  `  /account/details by session / bare + PG read      ${ratio(names.detailsSession, names.barePostgres)}  target ≥ 0.75`,
);
