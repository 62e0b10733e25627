// The back-office feed at size: 100,000 accounting documents as one CSV batch delivered over SFTP
// to an OpenSSH server on loopback (the batch cut and fixed in PostgreSQL, then sent under a
// temporary name and renamed), against the bare baseline of writing the same CSV, from the same
// rows, to a local file in the same run. Reports rows per second, the ratio of the delivery's rate
// to the local write's, and the process's peak memory (RSS sampled every 20 ms).
// Goals (the feed's issue): >= 20,000 rows/s, >= 0.5 x the local write, <= 200 MB peak.
//   npm run bench:back-office -- [--rows 100000]
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { createDb } from '../../api/src/db/database.js';
import * as repo from '../../api/src/db/back-office-connections.repository.js';
import { batchChunks } from '../../api/src/domain/back-office-feed/batch-file.js';
import { cutBatch, sendDueDelivery } from '../../api/src/domain/back-office-feed/deliveries.js';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { newId } from '../../api/src/domain/ids.js';
import { deliveryDeps } from '../support/back-office-deliveries.js';
import { createTenant } from '../support/factories.js';
import { startSftpServer } from '../support/sftp-server.js';
import { benchDatabase, benchSecretKey } from './bench-support.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const rows = arg('rows', 100_000);

const databaseUrl = await benchDatabase('contrail_bench_back_office');
const db = createDb(databaseUrl, 4);
const raw = new pg.Client({ connectionString: databaseUrl });
await raw.connect();
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

let peak = 0;
const rssBefore = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

// Baseline: the same CSV from the same rows into a local file.
const dir = mkdtempSync(join(tmpdir(), 'contrail-bench-'));
const localPath = join(dir, 'local.csv');
let start = performance.now();
await pipeline(
  Readable.from(batchChunks(db, { agencyId: tenant.agencyId, first: 1, last: rows }, 'csv')),
  createWriteStream(localPath),
);
const localMs = performance.now() - start;
const localPeak = peak;

const server = await startSftpServer();
const box = createSecretBox(benchSecretKey, 'back-office-credential');
const id = newId('boc');
const now = new Date();
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
const deps = deliveryDeps(db, benchSecretKey);
peak = 0;
start = performance.now();
const batch = (await cutBatch(deps, id))!;
const cutMs = performance.now() - start;
const cutPeak = peak;
peak = 0;
const sent = await sendDueDelivery(deps, batch.id);
const sendPeak = peak;
peak = Math.max(cutPeak, sendPeak);
const sftpMs = performance.now() - start;
clearInterval(sampler);
if (sent?.status !== 'delivered') throw new Error(`the delivery failed: ${JSON.stringify(sent)}`);
const remote = statSync(join(server.folder, batch.file_name)).size;
if (remote !== statSync(localPath).size) throw new Error('the delivered file differs in size from the local one');

const localRate = rows / (localMs / 1000);
const sftpRate = rows / (sftpMs / 1000);
console.log(`back-office feed: ${rows} documents, ${mb(remote)} MB of CSV; RSS before both runs ${mb(rssBefore)} MB`);
console.log(
  `  local file alone:     ${localMs.toFixed(0)} ms, ${localRate.toFixed(0)} rows/s, peak RSS ${mb(localPeak)} MB`,
);
console.log(
  `  SFTP delivery:        ${sftpMs.toFixed(0)} ms (cut and fix ${cutMs.toFixed(0)} ms, send ${(sftpMs - cutMs).toFixed(0)} ms), ${sftpRate.toFixed(0)} rows/s, peak RSS ${mb(peak)} MB (cut ${mb(cutPeak)}, send ${mb(sendPeak)})`,
);
console.log(
  `  ratio to local write: ${(sftpRate / localRate).toFixed(2)} x  (goals: >= 20000 rows/s, >= 0.5 x, <= 200 MB)`,
);

await server.close();
rmSync(dir, { recursive: true, force: true });
await repo.deleteConnection(db, id);
await raw.end();
await db.destroy();
