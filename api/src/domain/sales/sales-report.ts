// The XLSX sales report ('Sales report.xlsx', product spec §9), written with exceljs's streaming
// writer row by row while rows are read from PostgreSQL in keyset batches: the reader paces the
// writer, so memory stays bounded by a batch (plus exceljs's own per-row overhead, see the notes).
import type { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import type ExcelJS from 'exceljs';
import type { Db } from '../../db/database.js';
import { reportBatch, type ReportBatch, type ReportCursor } from '../../db/sales.repository.js';
import {
  reportLineAmounts,
  reportLineDate,
  type DayRange,
  type ReportLine,
  type SalesScope,
} from '../../db/sales-rows.js';

export const reportFileName = 'Sales report.xlsx';
export const reportContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const reportColumns = [
  { header: 'Document number', width: 16 },
  { header: 'Type', width: 9 },
  { header: 'Issued at (UTC)', width: 20 },
  { header: 'Locator', width: 9 },
  { header: 'Passenger', width: 28 },
  { header: 'Carrier', width: 8 },
  { header: 'Route', width: 18 },
  { header: 'Fare', width: 11 },
  { header: 'Taxes', width: 11 },
  { header: 'Fees', width: 11 },
  { header: 'Markup', width: 11 },
  { header: 'Commission', width: 11 },
  { header: 'Total', width: 12 },
  { header: 'Currency', width: 9 },
  { header: 'Form of payment', width: 22 },
  { header: 'Agent', width: 22 },
  { header: 'Company', width: 24 },
  { header: 'Agency', width: 24 },
] as const satisfies { length: ReportLine['length'] };

/** Rows per batch; the first batch is small, so the writer starts while PostgreSQL reads the second. */
const batchSizes = { first: 200, rest: 2_000 };
/**
 * The writer gives the event loop a turn this often. PostgreSQL keeps sending the next batch only
 * while its rows are read off the socket, and the zip's deflate (on libuv's pool) takes its next
 * input only when its last output has been handed back on this thread: without the turns reading
 * and writing take turns, and the sheet's XML piles up in memory to be deflated after the last row.
 */
const rowsBetweenPauses = 50;
/** The deflate's output per hand-back (zlib's default is 16 KB): enough to keep up between turns. */
const zipChunkSize = 256 * 1024;

function styleOf(index: number): Partial<ExcelJS.Style> | undefined {
  if (index === reportLineDate) return { numFmt: 'yyyy-mm-dd hh:mm' };
  if ((reportLineAmounts as readonly number[]).includes(index)) return { numFmt: '#,##0.00' };
  return undefined;
}

/**
 * The scope's lines in the range, newest first, batch after batch. The next batch is already being
 * read while the writer works on this one, so PostgreSQL (on another core) and exceljs overlap.
 */
export async function* reportRows(
  db: Db,
  scope: SalesScope,
  range: DayRange,
  sizes = batchSizes,
): AsyncGenerator<ReportLine[]> {
  const read = (after?: ReportCursor): Promise<ReportBatch> => {
    const batch = reportBatch(db, { scope, range, after, limit: after ? sizes.rest : sizes.first });
    batch.catch(() => undefined); // awaited below; a consumer that stops early must not leave it unhandled
    return batch;
  };
  let next: Promise<ReportBatch> | undefined = read();
  while (next) {
    const batch: ReportBatch = await next;
    next = batch.next && read(batch.next);
    if (batch.lines.length > 0) yield batch.lines;
  }
}

/** Writes the report into `stream` and ends it; answers the number of document rows. */
export async function writeSalesReport(
  batches: AsyncIterable<ReportLine[]>,
  stream: Writable,
  onProgress?: (rowsWritten: number) => Promise<void> | void,
): Promise<number> {
  // Loaded with the first report, not with the process: exceljs and its zip libraries are some 500
  // modules, which every worker and API process would otherwise hold while it never writes a report.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
    zip: { zlib: { chunkSize: zipChunkSize } }, // level: compress-commons' default, zlib's fastest
  });
  const sheet = workbook.addWorksheet('Sales', { views: [{ state: 'frozen', ySplit: 1 }] });
  // One style object per column, given to each of its cells: exceljs recognises a style object it
  // has seen and reuses its style id, where a fresh object per cell (what a column style gives)
  // is serialised again for every cell, which halves the writer's speed.
  const columnStyles = reportColumns.map((_, i) => styleOf(i) ?? {});
  sheet.columns = reportColumns.map((c, i) => ({ header: c.header, width: c.width, style: columnStyles[i] }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let rows = 0;
  for await (const batch of batches) {
    for (let k = 0; k < batch.length; k++) {
      const row = sheet.addRow(batch[k]!);
      for (let i = 0; i < columnStyles.length; i++) row.getCell(i + 1).style = columnStyles[i]!;
      row.commit();
      if (k % rowsBetweenPauses === rowsBetweenPauses - 1) await setImmediate();
    }
    rows += batch.length;
    await onProgress?.(rows);
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}
