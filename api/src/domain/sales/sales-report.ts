// The XLSX sales report ('Sales report.xlsx', product spec §9), written with exceljs's streaming
// writer row by row while rows are read from PostgreSQL in keyset batches: the reader paces the
// writer, so memory stays bounded by a batch (plus exceljs's own per-row overhead, see the notes).
import type { Writable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/database.js';
import { reportBatch, type ReportRow } from '../../db/sales.repository.js';
import type { DayRange, SalesScope } from './sales-document.js';

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
  { header: 'Form of payment', width: 16 },
  { header: 'Agent', width: 22 },
  { header: 'Company', width: 24 },
  { header: 'Agency', width: 24 },
] as const;

const batchSize = 5_000;
const rowsBetweenPauses = 500;
const dateColumn = 2;
const firstMoneyColumn = 7;
const lastMoneyColumn = 12;

function styleOf(index: number): Partial<ExcelJS.Style> | undefined {
  if (index === dateColumn) return { numFmt: 'yyyy-mm-dd hh:mm' };
  if (index >= firstMoneyColumn && index <= lastMoneyColumn) return { numFmt: '#,##0.00' };
  return undefined;
}

export function reportCells(r: ReportRow): (string | number)[] {
  return [
    r.number,
    r.kind,
    r.issued_serial, // a date to the sheet: the column's date format shows it as one
    r.locator,
    r.passenger_name,
    r.carrier,
    r.route,
    Number(r.fare),
    Number(r.taxes),
    Number(r.fees),
    Number(r.markup),
    Number(r.commission),
    Number(r.total),
    r.currency,
    r.form_of_payment,
    r.agent_name,
    r.company_name ?? '',
    r.agency_name,
  ];
}

/**
 * The scope's rows in the range, newest first, batch after batch. The next batch is already being
 * read while the writer works on this one, so PostgreSQL (on another core) and exceljs overlap.
 */
export async function* reportRows(db: Db, scope: SalesScope, range: DayRange): AsyncGenerator<ReportRow[]> {
  const read = (after?: { at: string; id: string }) => {
    const batch = reportBatch(db, { scope, range, after, limit: batchSize });
    batch.catch(() => undefined); // awaited below; a consumer that stops early must not leave it unhandled
    return batch;
  };
  let next = read();
  for (;;) {
    const batch = await next;
    if (batch.length === 0) return;
    const last = batch[batch.length - 1]!;
    const more = batch.length === batchSize;
    if (more) next = read({ at: last.cursor_at, id: last.id });
    yield batch;
    if (!more) return;
  }
}

/** Writes the report into `stream` and ends it; answers the number of document rows. */
export async function writeSalesReport(
  batches: AsyncIterable<ReportRow[]>,
  stream: Writable,
  onProgress?: (rowsWritten: number) => Promise<void> | void,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
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
      const row = sheet.addRow(reportCells(batch[k]!));
      for (let i = 0; i < columnStyles.length; i++) row.getCell(i + 1).style = columnStyles[i]!;
      row.commit();
      // Let the next batch's rows come in meanwhile: PostgreSQL keeps sending only while its rows
      // are read off the socket, so without this pause reading and writing take turns.
      if (k % rowsBetweenPauses === rowsBetweenPauses - 1) await setImmediate();
    }
    rows += batch.length;
    await onProgress?.(rows);
  }
  sheet.commit();
  await workbook.commit();
  return rows;
}
