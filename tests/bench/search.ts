// `npm run bench -- search`: flight search through the API against the sandbox airlines, every
// carrier, 20 concurrent clients; and filter application on a 500-offer result. The sandbox and
// the API run as their own processes, as in production; the API reports the airline phase of each
// search in Server-Timing, so our aggregation overhead is the client's latency minus that phase.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import { createDb } from '../../api/src/db/database.js';
import { demoAccounts } from '../../api/src/db/seed.js';
import { newId } from '../../api/src/domain/ids.js';
import type { StoredOffer } from '../../api/src/domain/offers/offer.js';
import { applyFilters, facetsOf, type SearchFilters } from '../../api/src/domain/offers/search-filters.js';
import { localRedisUrl } from '../../scripts/local-services.js';
import { closedPort } from '../support/services.js';
import { benchDatabase, benchSecretKey, percentile } from './bench-support.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const clients = Number(process.env.BENCH_SEARCH_CLIENTS ?? 20);
const agent = demoAccounts.find((a) => a.userType === 'Agent')!;
const routes = [
  ['WAW', 'FRA'],
  ['LHR', 'ATH'],
  ['CDG', 'MAD'],
  ['VIE', 'BRU'],
  ['WAW', 'LIS'],
  ['AMS', 'BCN'],
  ['ZRH', 'FCO'],
  ['KBP', 'VIE'],
] as const;
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const pin = existsSync('/usr/bin/taskset') && cpus().length >= 2;
function start(script: string, core: number, env: Record<string, string>): ChildProcess {
  const command = pin ? ['taskset', '-c', String(core), process.execPath] : [process.execPath];
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR] : [];
  return spawn(command[0]!, [...command.slice(1), ...profile, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function ready(url: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

const databaseUrl = await benchDatabase();
const [apiPort, sandboxPort] = [await closedPort(), await closedPort()];
// The API gets a core of its own; the sandbox (the airlines' side) shares the other with this client.
const sandbox = start('sandbox/src/server.ts', 0, { SANDBOX_PORT: String(sandboxPort), LOG_LEVEL: 'warn' });
const api = start('api/src/server.ts', 1, {
  PORT: String(apiPort),
  DATABASE_URL: databaseUrl,
  REDIS_URL: process.env.REDIS_URL ?? localRedisUrl,
  SECRET_KEY: benchSecretKey,
  SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
  RATE_LIMIT_PER_MINUTE: '100000000',
  SEARCH_DEADLINE_MS: '30000',
  AIRLINE_TIMEOUT_MS: '30000',
  LOG_LEVEL: 'info',
});
const stop = () => [api, sandbox].forEach((c) => c.kill('SIGTERM'));
process.on('exit', stop);
const base = `http://127.0.0.1:${apiPort}/api/v1`;
const headers = { authorization: `Bearer ${agent.token}`, 'content-type': 'application/json' };

interface Sample {
  clientMs: number;
  airlinesMs: number;
  totalMs: number;
  offers: number;
}

async function searchOnce(i: number): Promise<Sample & { id: string }> {
  const [origin, destination] = routes[i % routes.length]!;
  const body = {
    origin_destinations: [{ origin, destination, departure_date: day(20 + (i % 40)) }],
    passengers: { adults: 1 },
  };
  const t0 = performance.now();
  const res = await fetch(`${base}/offers`, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await res.json()) as { id: string; offers: unknown[] };
  const clientMs = performance.now() - t0;
  if (res.status !== 201) throw new Error(`search ${origin}-${destination}: ${res.status} ${JSON.stringify(json)}`);
  const timing = res.headers.get('server-timing') ?? '';
  const dur = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? NaN);
  return { id: json.id, clientMs, airlinesMs: dur('airlines'), totalMs: dur('total'), offers: json.offers.length };
}

const row = (label: string, xs: number[]) =>
  console.log(
    `  ${label.padEnd(44)} p50 ${percentile(xs, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(xs, 99).toFixed(1).padStart(7)} ms`,
  );

try {
  await Promise.all([ready(`http://127.0.0.1:${sandboxPort}/health`), ready(`http://127.0.0.1:${apiPort}/healthz`)]);
  for (let i = 0; i < 40; i++) await searchOnce(i); // warm-up: JIT, pools, schedules per date

  // 1. Searches at each concurrency for `seconds`: one client shows the overhead of a search on its
  // own; `clients` (20) shows it when the API's one core is shared by that many searches at once.
  for (const concurrency of [1, clients]) {
    const samples: Sample[] = [];
    const until = performance.now() + seconds * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < until) samples.push(await searchOnce(next++));
      }),
    );
    console.log(
      `\nsearch: ${samples.length} searches in ${seconds} s at ${concurrency} client(s), 13 airline channels each, ` +
        `${(samples.reduce((s, x) => s + x.offers, 0) / samples.length).toFixed(0)} offers on average`,
    );
    row(
      'sandbox (airline phase, Server-Timing)',
      samples.map((s) => s.airlinesMs),
    );
    row(
      'API as the client sees it',
      samples.map((s) => s.clientMs),
    );
    row(
      'overhead = client time − airline phase',
      samples.map((s) => s.clientMs - s.airlinesMs),
    );
    row(
      '  of which inside the handler (total − airlines)',
      samples.map((s) => s.totalMs - s.airlinesMs),
    );
  }
  console.log('  target: overhead p99 ≤ 20 ms');

  // 2. Filters on a 500-offer result: the domain function, then through the API.
  if (process.env.BENCH_SEARCH_ONLY === '1') process.exit(0);
  const db = createDb(databaseUrl, 2);
  const source = await db
    .selectFrom('search_results')
    .select('offers')
    .orderBy('created_at', 'desc')
    .limit(40)
    .execute();
  const pool = source.flatMap((r) => r.offers as StoredOffer[]);
  const offers: StoredOffer[] = Array.from({ length: 500 }, (_, i) => {
    const s = pool[i % pool.length]!;
    return { offer: { ...s.offer, id: `${s.offer.id}-${i}` }, fareEur: s.fareEur };
  });
  const filterSets: SearchFilters[] = [
    { max_stops: 0 },
    { carriers: ['LH', 'LO', 'OS'] },
    { baggage_included: true, sort: 'duration' },
    { price: { max: '250' }, fare_families: ['Economy Classic', 'Classic'] },
    { departure_windows: [{ origin_destination: 0, from: '06:00', to: '12:00' }], sort: 'departure' },
  ];
  const local: number[] = [];
  for (let i = 0; i < 5000; i++) {
    const t0 = performance.now();
    applyFilters(offers, filterSets[i % filterSets.length]!);
    facetsOf(offers);
    local.push(performance.now() - t0);
  }
  const id = newId('srs');
  await db
    .insertInto('search_results')
    .values({
      id,
      account_id: agent.id,
      agency_id: 'agy_demo',
      request: JSON.stringify({
        origin_destinations: [{ origin: 'WAW', destination: 'FRA', departure_date: day(30) }],
        passengers: { adults: 1, children: 0, infants: 0 },
        cabin: 'economy',
      }),
      offers: JSON.stringify(offers),
      channels: JSON.stringify([]),
      filters: JSON.stringify({}),
      expires_at: new Date(Date.now() + 3_600_000),
    })
    .execute();
  await db.destroy();
  const viaApi: number[] = [];
  const filterUntil = performance.now() + 10_000;
  let k = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < filterUntil) {
        const t0 = performance.now();
        const res = await fetch(`${base}/search_results`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ search_result_id: id, filters: filterSets[k++ % filterSets.length] }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`filter: ${res.status}`);
        viaApi.push(performance.now() - t0);
      }
    }),
  );
  console.log(`\nfilters on a 500-offer result (${offers.reduce((s, o) => s + o.offer.fares.length, 0)} fares)`);
  row('applyFilters + facets, in process', local);
  row(`POST /search_results, 10 clients (${viaApi.length} calls)`, viaApi);
  console.log('  target: filtering ≤ 5 ms p99');
} finally {
  stop();
}
process.exit(0);
