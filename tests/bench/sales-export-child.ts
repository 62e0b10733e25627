// One export measurement in a process of its own, so its peak memory is its own: `pipeline` runs
// the worker's export (PostgreSQL keyset batches → exceljs streaming writer → file → mail outbox);
// `exceljs` writes the same rows, read into memory first, with the same exceljs streaming writer
// set-up (columns, formats) and nothing else: the ceiling the pipeline is measured against.
// Prints one JSON line: rows, seconds, rows per second, peak RSS in MB.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { createDb } from '../../api/src/db/database.js';
import { systemClock } from '../../api/src/domain/clock.js';
import type { ReportLine } from '../../api/src/db/sales-rows.js';
import { createMailService } from '../../api/src/domain/mail/mail.service.js';
import { createSalesExports } from '../../api/src/domain/sales/sales-export.service.js';
import { reportRows, writeSalesReport } from '../../api/src/domain/sales/sales-report.js';

const [mode, exportId, agencyId, from, to] = process.argv.slice(2) as [string, string, string, string, string];
const db = createDb(process.env.DATABASE_URL!, 2);
const peak = () => process.resourceUsage().maxRSS / 1024;

if (mode === 'pipeline') {
  const exports = createSalesExports({
    db,
    // Delivery is the email job's business, not the build's: the message is queued, never triggered.
    jobs: { enqueueSalesExport: async () => undefined },
    mail: createMailService({ db, jobs: { enqueueEmail: async () => undefined }, clock: systemClock }),
    clock: systemClock,
  });
  const started = performance.now();
  const result = await exports.run(exportId);
  const seconds = (performance.now() - started) / 1000;
  print(result?.rows ?? 0, seconds);
} else {
  // The pipeline's own batches, read into memory first.
  const batches: ReportLine[][] = [];
  for await (const batch of reportRows(db, { kind: 'agency', id: agencyId }, { from, to })) batches.push(batch);
  const file = `/tmp/contrail-bench-exceljs-${process.pid}.xlsx`;
  async function* inMemory() {
    yield* batches;
  }
  const started = performance.now();
  const out = createWriteStream(file);
  await writeSalesReport(inMemory(), out);
  await finished(out);
  const seconds = (performance.now() - started) / 1000;
  await rm(file, { force: true });
  print(
    batches.reduce((n, b) => n + b.length, 0),
    seconds,
  );
}
await db.destroy();

function print(rows: number, seconds: number) {
  process.stdout.write(`${JSON.stringify({ rows, seconds, rowsPerSecond: rows / seconds, peakMb: peak() })}\n`);
}
