// `npm run bench:sales` (also run by `npm run bench`): sales at a million documents, 10 concurrent
// clients, through the whole API, each read beside the same read's SQL without HTTP (the service's
// own queries on a pool of 10, without the rollup cache: what the read costs when its scope has
// just changed) and, where it teaches something, the naive SQL it replaces. Then
// the large export: the worker's pipeline against exceljs's own streaming writer on the same rows.
// Seeds `contrail_bench_sales` once (`npm run seed:sales`'s generator); later runs reuse it.
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb } from '../../api/src/db/database.js';
import { seedSales } from '../../api/src/scripts/seed-sales.js';
import { demoAccounts, demoAgency } from '../../api/src/scripts/seed.js';
import { systemClock } from '../../api/src/domain/clock.js';
import { newId } from '../../api/src/domain/ids.js';
import type { Principal } from '../../api/src/domain/principal.js';
import { createSalesService } from '../../api/src/domain/sales/sales.service.js';
import { benchDatabase, benchSecretKey, loadAverage, percentile, startBenchServers } from './bench-support.js';

const tickets = Number(process.env.BENCH_SALES_TICKETS ?? 1_000_000);
const exportRows = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = 10;
const supervisor = demoAccounts.find((a) => a.userType === 'Supervisor')!;

/** The bench database with the demo tenancy and `tickets` generated documents (seeded once). */
async function salesDatabase(): Promise<string> {
  const url = new URL(await benchDatabase('contrail_bench_sales'));
  const db = createDb(url.toString(), 1);
  const probe = new pg.Client({ connectionString: url.toString() });
  await probe.connect();
  const { rows } = await probe.query<{ n: string | null }>(
    "SELECT sum(documents) AS n FROM sales_rollups WHERE scope = 'all' AND dimension = 'total'",
  );
  await probe.end();
  if (Number(rows[0]?.n ?? 0) !== tickets) {
    const started = Date.now();
    await seedSales(db, { tickets, secretKey: benchSecretKey, log: (m) => console.log(`  seed: ${m}`) });
    console.log(`seeded ${tickets} documents in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  await db.destroy();
  return url.toString();
}

const median = (xs: number[]) => percentile(xs, 50);

/** `connections` loops calling `read` for `seconds`; latency per call in ms. */
async function loadSql(read: () => Promise<unknown>) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await read();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { rps: latencies.length / seconds, p99: percentile(latencies, 99) };
}

async function loadApi(url: string) {
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${supervisor.token}` },
  });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

const databaseUrl = await salesDatabase();
const db = createDb(databaseUrl, connections);
// Plain pg for the naive reads and look-ups (the same pool size as the API's).
const raw = new pg.Pool({ connectionString: databaseUrl, max: connections });
const sales = createSalesService({
  db,
  clock: systemClock,
  exports: { request: async () => '', run: async () => null, staleQueued: async () => [] },
  syncReportLimit: 20_000,
  // The reads a request makes without the rollup cache: the SQL each answer costs when it is new.
  cache: { read: (_scope, _what, load) => load() },
});
const principal: Principal = {
  accountId: supervisor.id,
  userType: 'Supervisor',
  agencyId: demoAgency.id,
  companyId: null,
  onboardingComplete: true,
  via: { kind: 'token', tokenId: 'bench', mode: 'test', source: 'api' },
};
const sample = (
  await raw.query<{ number: string; locator: string }>(
    'SELECT number, locator FROM sales_documents WHERE agency_id = $1 ORDER BY id LIMIT 1 OFFSET 777',
    [demoAgency.id],
  )
).rows[0]!;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const numberPart = sample.number.slice(5, 12);

interface Scenario {
  name: string;
  target: number;
  api: string;
  same: () => Promise<unknown>;
  naive?: { name: string; read: () => Promise<unknown> };
}
const scenarios: Scenario[] = [
  {
    name: 'GET /sales page 1',
    target: 25,
    api: '/api/v1/sales?page=1&per_page=50',
    same: () => sales.list(principal, { page: 1, perPage: 50 }),
  },
  {
    name: 'GET /sales page 1000',
    target: 25,
    api: '/api/v1/sales?page=1000&per_page=50',
    same: () => sales.list(principal, { page: 1000, perPage: 50 }),
    naive: {
      name: 'naive OFFSET 49950 + count(*)',
      read: () =>
        Promise.all([
          raw.query(
            'SELECT * FROM sales_documents WHERE agency_id = $1 ORDER BY issued_at DESC, id DESC OFFSET 49950 LIMIT 50',
            [demoAgency.id],
          ),
          raw.query('SELECT count(*) FROM sales_documents WHERE agency_id = $1', [demoAgency.id]),
        ]),
    },
  },
  {
    name: `GET /sales?ticket=${numberPart} (number part)`,
    target: 50,
    api: `/api/v1/sales?ticket=${numberPart}&per_page=50`,
    same: () => sales.list(principal, { ticket: numberPart, page: 1, perPage: 50 }),
  },
  {
    name: `GET /sales?ticket=${sample.locator.toLowerCase()} (locator)`,
    target: 50,
    api: `/api/v1/sales?ticket=${sample.locator.toLowerCase()}&per_page=50`,
    same: () => sales.list(principal, { ticket: sample.locator.toLowerCase(), page: 1, perPage: 50 }),
  },
  {
    name: 'GET /analytics, agency, 30 days',
    target: 30,
    api: `/api/v1/analytics?date_from=${daysAgo(29)}&date_to=${today}`,
    same: () => sales.analytics(principal, { from: daysAgo(29), to: today }),
  },
  {
    name: 'GET /analytics, agency, 365 days',
    target: 30,
    api: `/api/v1/analytics?date_from=${daysAgo(364)}&date_to=${today}`,
    same: () => sales.analytics(principal, { from: daysAgo(364), to: today }),
    naive: {
      name: 'naive GROUP BY day over documents',
      read: () =>
        raw.query(
          `SELECT (issued_at AT TIME ZONE 'UTC')::date, currency, count(*), sum(total) FROM sales_documents
           WHERE agency_id = $1 AND issued_at >= $2::date GROUP BY 1, 2`,
          [demoAgency.id, daysAgo(364)],
        ),
    },
  },
];

console.log(
  `sales bench: ${tickets} documents, ${connections} clients, ${rounds} rounds × ${seconds} s, load average before: ${loadAverage(1)}\n`,
);
const servers = await startBenchServers<{ contrail: number }>(databaseUrl);
const api = { port: servers.ports.contrail, stop: servers.stop };
const results = new Map<string, { api: number[]; sql: number[]; naive: number[]; apiRps: number[] }>();
try {
  for (const s of scenarios) await loadApi(`http://127.0.0.1:${api.port}${s.api}`).catch(() => undefined); // warm-up
  for (let round = 1; round <= rounds; round++) {
    for (const s of scenarios) {
      const r = results.get(s.name) ?? { api: [], sql: [], naive: [], apiRps: [] };
      const a = await loadApi(`http://127.0.0.1:${api.port}${s.api}`);
      const q = await loadSql(s.same);
      r.api.push(a.p99);
      r.apiRps.push(a.rps);
      r.sql.push(q.p99);
      if (s.naive) r.naive.push((await loadSql(s.naive.read)).p99);
      results.set(s.name, r);
      console.log(
        `round ${round}  ${s.name.padEnd(44)} API p99 ${a.p99.toFixed(1).padStart(6)} ms (${a.rps.toFixed(0)} req/s)  SQL without the cache p99 ${q.p99.toFixed(1).padStart(6)} ms`,
      );
    }
  }
} finally {
  api.stop();
}

console.log('\nmedians of the rounds (p99 in ms)');
for (const s of scenarios) {
  const r = results.get(s.name)!;
  const p99 = median(r.api);
  console.log(
    `  ${s.name.padEnd(44)} API ${p99.toFixed(1).padStart(6)}  ${p99 <= s.target ? 'ok ' : 'OVER'} (target ≤ ${s.target})  ${median(r.apiRps).toFixed(0).padStart(5)} req/s   SQL without the cache ${median(r.sql).toFixed(1).padStart(6)}` +
      (s.naive ? `   ${s.naive.name} ${median(r.naive).toFixed(1)}` : ''),
  );
}

// The export: ~exportRows of the demo agency's newest documents, through the worker's pipeline and
// through exceljs alone, each in a fresh process.
const days = await raw.query<{ day: string; n: string }>(
  `SELECT day::text, sum(documents) AS n FROM sales_rollups WHERE scope = $1 AND dimension = 'total'
   GROUP BY day ORDER BY day DESC`,
  [`agency:${demoAgency.id}`],
);
let from = days.rows.at(-1)!.day;
let seen = 0;
for (const d of days.rows) {
  seen += Number(d.n);
  if (seen >= exportRows) {
    from = d.day;
    break;
  }
}
// A fresh export row per pipeline run (a run claims its row once).
const exportRow = async () => {
  const id = newId('sxp');
  await db
    .insertInto('sales_exports')
    .values({
      id,
      account_id: supervisor.id,
      email: supervisor.email,
      language: 'en',
      scope_kind: 'agency',
      scope_id: demoAgency.id,
      date_from: from,
      date_to: today,
      status: 'queued',
    })
    .execute();
  return id;
};
interface ExportRun {
  rows: number;
  seconds: number;
  rowsPerSecond: number;
  peakMb: number;
}
const child = (mode: string, exportId = '') => {
  const out = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'tests/bench/sales-export-child.ts', mode, exportId, demoAgency.id, from, today],
    {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    },
  );
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as ExportRun;
};
// The writer alone and the pipeline take turns, three times each: on a shared machine one pair
// can differ by a fifth either way, so the medians are what is compared.
const bare: ExportRun[] = [];
const pipeline: ExportRun[] = [];
for (let round = 0; round < 3; round++) {
  bare.push(child('exceljs'));
  pipeline.push(child('pipeline', await exportRow()));
  console.log(
    `export round ${round + 1}: writer alone ${bare[round]!.rowsPerSecond.toFixed(0)} rows/s, pipeline ${pipeline[round]!.rowsPerSecond.toFixed(0)} rows/s (${((pipeline[round]!.rowsPerSecond / bare[round]!.rowsPerSecond) * 100).toFixed(0)}%), peak ${pipeline[round]!.peakMb.toFixed(0)} MB`,
  );
}
const medianOf = (runs: ExportRun[], key: keyof ExportRun) => median(runs.map((r) => r[key]));
const [bareRate, pipelineRate] = [medianOf(bare, 'rowsPerSecond'), medianOf(pipeline, 'rowsPerSecond')];
const pipelinePeak = Math.max(...pipeline.map((r) => r.peakMb));
console.log(`\nexport of ${pipeline[0]!.rows} rows (${from} – ${today}, one agency), medians of 3 runs each`);
console.log(
  `  same exceljs writer, rows already in memory     ${bareRate.toFixed(0).padStart(7)} rows/s  ${medianOf(bare, 'seconds').toFixed(2)} s  peak RSS ${medianOf(bare, 'peakMb').toFixed(0)} MB`,
);
console.log(
  `  worker pipeline (PG batches → exceljs → mail)   ${pipelineRate.toFixed(0).padStart(7)} rows/s  ${medianOf(pipeline, 'seconds').toFixed(2)} s  peak RSS ${pipelinePeak.toFixed(0)} MB (highest run)`,
);
console.log(
  `  targets: ≥ 30000 rows/s ${pipelineRate >= 30_000 ? 'ok' : 'MISSED'}; ≤ 300 MB ${pipelinePeak <= 300 ? 'ok' : 'MISSED'}; ≥ 80% of the writer alone: ${((pipelineRate / bareRate) * 100).toFixed(0)}% ${pipelineRate >= 0.8 * bareRate ? 'ok' : 'MISSED'}`,
);
console.log(`\nload average after: ${loadAverage(1)}`);
await db.destroy();
await raw.end();
