// The back-office feed at size: 100,000 accounting documents as one CSV batch delivered over SFTP
// to an OpenSSH server on loopback (the batch cut and fixed in PostgreSQL, then sent under a
// temporary name and renamed), against the bare baseline of writing the same CSV, from the same
// rows, to a local file in the same run (in this process). The delivery runs where it runs in
// production: in a worker process started as `npm start` starts one (api/src/worker.ts compiled to
// api/dist/worker.mjs, with scripts/node-flags.ts' arguments, every loop of the worker
// running), which picks the new connection up on its own sweep. Reports rows per second (from the
// connection's creation to the delivery seen delivered), the ratio of that rate to the local
// write's, the worker's resident memory idle before the delivery and its peak during it (VmHWM,
// reset just before the connection is created).
// Goals (the feed's issue): >= 20,000 rows/s, >= 0.5 x the local write, <= 200 MB peak.
// BENCH_WORKER_TSX=1 runs the worker's TypeScript source through tsx instead, as tests do.
//   [BENCH_WORKER_V8_FLAGS='--max-semi-space-size=8'] [BENCH_WORKER_TSX=1] npm run bench:back-office -- [--rows 100000]
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { createDb } from '../../api/src/db/database.js';
import * as repo from '../../api/src/db/back-office-connections.repository.js';
import { batchChunks } from '../../api/src/domain/back-office-feed/batch-file.js';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { newId } from '../../api/src/domain/ids.js';
import { localRedisUrl } from '../../scripts/local-services.js';
import { buildServices } from '../../scripts/build-services.js';
import { compiledService, nodeArgs, serviceSources } from '../../scripts/node-flags.js';
import { createTenant } from '../support/factories.js';
import { startSftpServer } from '../support/sftp-server.js';
import { benchDatabase, benchSecretKey } from './bench-support.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rows = arg('rows', 100_000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

const databaseUrl = await benchDatabase('contrail_bench_back_office');
const db = createDb(databaseUrl, 4);
const raw = new pg.Client({ connectionString: databaseUrl });
await raw.connect();
// The worker cuts for every enabled connection: none left by an earlier, interrupted run.
await raw.query('DELETE FROM back_office_deliveries');
await raw.query('DELETE FROM back_office_connections');
const tenant = await createTenant(db);
const agent = await db.selectFrom('accounts').select('id').limit(1).executeTakeFirstOrThrow();
// The documents, written in bulk (setup, not measured): tickets with two flights, as the feed has them.
await raw.query(
  `
  INSERT INTO accounting_documents (id, agency_id, sequence, source_id, transaction_code, document_number,
    original_document_number, locator, airline_order_id, issued_at, local_date, agent_id, agent_name,
    company_id, company_name, channel_id, channel_name, passenger_name, passenger_type, itinerary,
    base_fare, taxes, tax_total, commission, markup, service_fee, total, currency, form_of_payment, settlement)
  SELECT 'acd_bench_' || $1 || '_' || n, $1, n, 'bench_' || $1 || '_' || n,
    'TKTT', (2200000000000 + n)::text, NULL, 'K7XQ2M', 'LHX4Q2', now(), current_date, $2, 'Olha Marchenko',
    $3, 'Kyiv branch', NULL, NULL, 'KOVALENKO/OLENA MRS', 'ADT',
    '[{"carrier":"LH","flight_number":"1351","origin":"KBP","destination":"FRA","departure_at":"2026-12-10T06:05:00Z","booking_class":"Y","fare_basis":"YOWUA"},{"carrier":"LH","flight_number":"400","origin":"FRA","destination":"JFK","departure_at":"2026-12-10T10:15:00Z","booking_class":"Y","fare_basis":"YOWUA"}]'::jsonb,
    310.00, '{"XT":"84.20"}'::jsonb, 84.20, 0, 15.00, 0, 409.20, 'EUR', 'BSP cash', 'bsp'
  FROM generate_series(1, $4) n`,
  [tenant.agencyId, agent.id, tenant.companyId, rows],
);
await raw.query('INSERT INTO accounting_sequences (agency_id, last_sequence) VALUES ($1, $2)', [tenant.agencyId, rows]);

// Baseline: the same CSV from the same rows into a local file.
const dir = mkdtempSync(join(tmpdir(), 'contrail-bench-'));
const localPath = join(dir, 'local.csv');
let start = performance.now();
await pipeline(
  Readable.from(batchChunks(db, { agencyId: tenant.agencyId, first: 1, last: rows }, 'csv')),
  createWriteStream(localPath),
);
const localMs = performance.now() - start;

const server = await startSftpServer();
// BENCH_WORKER_V8_FLAGS tries V8 flags on the worker (space-separated); unset, it starts as npm start starts it.
const workerFlags = process.env.BENCH_WORKER_V8_FLAGS?.split(' ').filter(Boolean) ?? [];
const fromSource = process.env.BENCH_WORKER_TSX === '1';
if (!fromSource) await buildServices();
const workerScript = fromSource ? serviceSources.worker : compiledService('worker');
const worker = spawn(process.execPath, nodeArgs(workerScript, workerFlags), {
  env: {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.REDIS_URL ?? localRedisUrl,
    SECRET_KEY: benchSecretKey,
    // The SFTP server is on loopback, which the outbound guard refuses unless allowed.
    WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
    // Its shortest sweep: the pick-up wait (up to 100 ms) counts against the delivery's rate.
    BACK_OFFICE_SWEEP_MS: '100',
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
process.once('exit', () => worker.kill('SIGTERM'));
const pid = worker.pid!;
const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status())?.[1] ?? NaN) * 1024;
const lines = createInterface({ input: worker.stdout });
await new Promise<void>((resolve, reject) => {
  lines.on('line', (line) => line.includes('worker started') && resolve());
  worker.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it started`)));
});
// Idle: the worker's first passes done and its resident memory steady (under 1 MB in 2 s), 30 s at most.
let idle = kib('VmRSS');
for (let i = 0; i < 15; i++) {
  await sleep(2_000);
  const now = kib('VmRSS');
  const steady = Math.abs(now - idle) < 1024 * 1024;
  idle = now;
  if (steady) break;
}
const startupPeak = kib('VmHWM');
// "5" resets the peak to the present resident size (proc(5), clear_refs): VmHWM is then the delivery's.
writeFileSync(`/proc/${pid}/clear_refs`, '5');

const box = createSecretBox(benchSecretKey, 'back-office-credential');
const id = newId('boc');
const now = new Date();
start = performance.now();
await repo.insertConnection(db, {
  id,
  agency_id: tenant.agencyId,
  name: 'Bench',
  kind: 'sftp',
  format: 'csv',
  schedule: 'each',
  daily_at: null,
  settings: JSON.stringify({
    host: '127.0.0.1',
    port: server.port,
    username: server.username,
    folder: server.folder,
    host_key_fingerprint: server.hostKeyFingerprint,
  }),
  credentials_sealed: box.seal(JSON.stringify({ private_key: server.privateKey })),
  created_at: now,
  updated_at: now,
});
// Sampled as well as the kernel's peak, to tell the cut (until the delivery row is there) from the send.
let cutPeak = 0;
let sendPeak = 0;
let cutMs = NaN;
let delivery: { status: string; file_name: string; duration_ms: number | null; last_error: string | null } | undefined;
for (;;) {
  const rss = kib('VmRSS');
  delivery = await db
    .selectFrom('back_office_deliveries')
    .select(['status', 'file_name', 'duration_ms', 'last_error'])
    .where('connection_id', '=', id)
    .executeTakeFirst();
  if (!delivery) cutPeak = Math.max(cutPeak, rss);
  else {
    if (Number.isNaN(cutMs)) cutMs = performance.now() - start;
    sendPeak = Math.max(sendPeak, rss);
  }
  if (delivery?.status === 'delivered' || delivery?.status === 'failed') break;
  if (performance.now() - start > 120_000) throw new Error('the worker did not deliver within 2 minutes');
  await sleep(10);
}
const sftpMs = performance.now() - start;
const peak = kib('VmHWM');
if (delivery.status !== 'delivered') throw new Error(`the delivery failed: ${delivery.last_error}`);
const remote = statSync(join(server.folder, delivery.file_name)).size;
if (remote !== statSync(localPath).size) throw new Error('the delivered file differs in size from the local one');

const localRate = rows / (localMs / 1000);
const sftpRate = rows / (sftpMs / 1000);
console.log(`back-office feed: ${rows} documents, ${mb(remote)} MB of CSV`);
console.log(`  local file alone:     ${localMs.toFixed(0)} ms, ${localRate.toFixed(0)} rows/s (this process)`);
console.log(
  `  SFTP delivery:        ${sftpMs.toFixed(0)} ms (cut and fix ~${cutMs.toFixed(0)} ms, send ${delivery.duration_ms} ms), ${sftpRate.toFixed(0)} rows/s`,
);
console.log(
  `  worker (${workerScript}, pid ${pid}${workerFlags.length ? `, ${workerFlags.join(' ')}` : ''}):  idle RSS ${mb(idle)} MB (startup peak ${mb(startupPeak)} MB); peak RSS during the delivery ${mb(peak)} MB (VmHWM; sampled: cut ${mb(cutPeak)}, send ${mb(sendPeak)})`,
);
console.log(
  `  ratio to local write: ${(sftpRate / localRate).toFixed(2)} x  (goals: >= 20000 rows/s, >= 0.5 x, <= 200 MB)`,
);

worker.kill('SIGTERM');
await new Promise((resolve) => worker.once('exit', resolve));
await server.close();
rmSync(dir, { recursive: true, force: true });
await raw.query('DELETE FROM back_office_deliveries WHERE connection_id = $1', [id]);
await repo.deleteConnection(db, id);
await raw.end();
await db.destroy();
