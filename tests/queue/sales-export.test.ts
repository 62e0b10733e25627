// The sales report: 400 with the spec's text when the range is empty; up to the limit the XLSX
// streams back and reads back (exceljs) with the headers, the rows and the totals of the database;
// past the limit 413 with the spec's text, and the worker builds the same file and mails it.
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { reportColumns } from '../../api/src/domain/sales/sales-report.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { inDays, query, recordDocuments } from '../support/sales.js';
import { waitFor } from '../support/wait.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';

const env = { SALES_EXPORT_SYNC_LIMIT: '25', KEY_PREFIX: `${testEnv().KEY_PREFIX}-sales-export` };
let stack: Stack;
let worker: WorkerHandle;
let supervisor: TestAccount;
let tenant: TestTenant;
const april = { date_from: '2024-04-01', date_to: '2024-04-30' };

beforeAll(async () => {
  stack = await startStack({ withSandbox: false, env });
  worker = await startWorker(loadConfig(testEnv(env)));
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await recordDocuments(
    stack.ctx.db,
    { agentId: agent.id, companyId: tenant.companyId, agencyId: tenant.agencyId },
    20,
    {
      from: new Date('2024-04-20T10:00:00Z'),
      stepMinutes: 600,
    },
  );
  // Sold by the supervisor for the agency itself (no company), to a name with XML's special
  // characters, a tab, letters beyond ASCII, and U+001F (which XML cannot carry: the sheet drops it).
  await recordDocuments(stack.ctx.db, { agentId: supervisor.id, companyId: null, agencyId: tenant.agencyId }, 1, {
    from: new Date('2024-04-18T08:30:00Z'),
    passengerName: `O'BRIEN-ŻÓŁĆ/ANNA <&> "Q"\tX\u001fY MS`,
  });
});
afterAll(async () => {
  await worker.close();
  await stack.close();
});

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** Money that went back to the customer (a refund, a void) reads negative in the report. */
const signed = (column: string, kind = 'kind') =>
  `CASE WHEN ${kind} IN ('refund', 'void') THEN -${column} ELSE ${column} END`;

async function readReport(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as never);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  // Every row keeps the formats: a bold header, issue times as dates, amounts with two decimals.
  const column = (header: string) => reportColumns.findIndex((c) => c.header === header) + 1;
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  for (const n of [2, sheet.rowCount]) {
    expect(sheet.getRow(n).getCell(column('Issued at (UTC)')).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(sheet.getRow(n).getCell(column('Total')).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(n).getCell(column('Passenger')).numFmt).toBeUndefined();
  }
  return rows;
}

async function expectReportMatchesDatabase(content: Buffer, range: { date_from: string; date_to: string }) {
  const rows = await readReport(content);
  expect(rows[0]).toEqual(reportColumns.map((c) => c.header));
  const db = await query<{ n: string; total: string; fare: string; issued: string[] }>(
    stack.config.DATABASE_URL,
    `SELECT count(*) AS n, sum(${signed('total')})::text AS total, sum(${signed('fare')})::text AS fare,
            array_agg(to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') ORDER BY issued_at DESC, id DESC) AS issued
     FROM sales_documents WHERE agency_id = $1 AND ${inDays}`,
    [tenant.agencyId, range.date_from, range.date_to],
  );
  const body = rows.slice(1);
  expect(body).toHaveLength(Number(db[0]!.n));
  const column = (header: string) => reportColumns.findIndex((c) => c.header === header);
  // Every other cell is the database's, row by row: text as text (less U+001F), amounts as numbers.
  const cells = await query<{ cells: (string | number)[] }>(
    stack.config.DATABASE_URL,
    `SELECT json_build_array(d.number, d.kind, d.locator, replace(d.passenger_name, chr(31), ''), d.carrier, d.route,
              ${signed('d.fare', 'd.kind')}::float8, ${signed('d.taxes', 'd.kind')}::float8, ${signed('d.fees', 'd.kind')}::float8,
              ${signed('d.markup', 'd.kind')}::float8, ${signed('d.commission', 'd.kind')}::float8, ${signed('d.total', 'd.kind')}::float8,
              d.currency,
              -- the form of payment in words: its accounting document's, else from the code
              coalesce((SELECT ad.form_of_payment FROM accounting_documents ad WHERE ad.source_id = d.id),
                CASE d.form_of_payment WHEN 'bsp_cash' THEN 'BSP cash' WHEN 'credit_card' THEN 'Card' ELSE 'Company balance' END),
              a.first_name || ' ' || a.last_name, coalesce(c.name, ''), g.name) AS cells
     FROM sales_documents d JOIN accounts a ON a.id = d.agent_id JOIN agencies g ON g.id = d.agency_id
     LEFT JOIN companies c ON c.id = d.company_id
     WHERE d.agency_id = $1 AND ${inDays} ORDER BY d.issued_at DESC, d.id DESC`,
    [tenant.agencyId, range.date_from, range.date_to],
  );
  // (An empty cell reads back as a hole: no company.)
  const read = body.map((r) => Array.from(r, (v) => v ?? '').filter((_, i) => i !== column('Issued at (UTC)')));
  expect(read).toEqual(cells.map((r) => r.cells));
  // Issue times read back as dates, newest first, to the second of the database's.
  const issued = body.map((r) => r[column('Issued at (UTC)')]);
  expect(issued.every((d) => d instanceof Date)).toBe(true);
  expect(
    issued.map((d) => new Date(Math.round((d as Date).getTime() / 1000) * 1000).toISOString().slice(0, 19)),
  ).toEqual(db[0]!.issued);
  const sum = (i: number) => body.reduce((n: number, r) => n + Math.round(Number(r[i]) * 100), 0);
  expect((sum(column('Total')) / 100).toFixed(2)).toBe(db[0]!.total);
  expect((sum(column('Fare')) / 100).toFixed(2)).toBe(db[0]!.fare);
  return body;
}

it("answers 400 'No tickets for selected dates' when the range holds nothing", async () => {
  const res = await request(stack.baseUrl)
    .get('/api/v1/sales/export')
    .query({ date_from: '2019-01-01', date_to: '2019-01-31' })
    .set('Authorization', `Bearer ${supervisor.token}`);
  expect(res.status).toBe(400);
  expect(res.body.errors[0]).toMatchObject({ code: 'no_sales_in_range', title: 'No tickets for selected dates' });
});

it('streams the report back as Sales report.xlsx, with the rows and totals of the database', async () => {
  const res = await request(stack.baseUrl)
    .get('/api/v1/sales/export')
    .query(april)
    .set('Authorization', `Bearer ${supervisor.token}`)
    .buffer(true)
    .parse(binary);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(res.headers['content-disposition']).toContain('attachment; filename="Sales report.xlsx"');
  const body = await expectReportMatchesDatabase(res.body as Buffer, april);
  expect(body).toHaveLength(21);
});

it("answers 413 'The report will be sent to your email soon' past the limit, and mails the file", async () => {
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await recordDocuments(
    stack.ctx.db,
    { agentId: agent.id, companyId: tenant.companyId, agencyId: tenant.agencyId },
    10,
    {
      from: new Date('2024-04-25T10:00:00Z'),
    },
  );
  const res = await request(stack.baseUrl)
    .get('/api/v1/sales/export')
    .query(april)
    .set('Authorization', `Bearer ${supervisor.token}`);
  expect(res.status).toBe(413);
  expect(res.body.errors[0]).toMatchObject({
    code: 'sales_report_emailed',
    title: 'The report will be sent to your email soon',
  });

  const db = stack.ctx.db;
  const row = await waitFor(
    'the export to finish',
    () => db.selectFrom('sales_exports').selectAll().where('account_id', '=', supervisor.id).executeTakeFirstOrThrow(),
    (r) => r.status === 'done' || r.status === 'failed',
    20_000,
  );
  expect(row).toMatchObject({ status: 'done', rows: 31, email: supervisor.email });

  const message = await db
    .selectFrom('mail_messages')
    .selectAll()
    .where('id', '=', row.mail_message_id!)
    .executeTakeFirstOrThrow();
  expect(message).toMatchObject({ recipient: supervisor.email, channel: 'email', subject: 'Sales report' });
  const [attachment] = await db
    .selectFrom('mail_attachments')
    .selectAll()
    .where('message_id', '=', message.id)
    .execute();
  expect(attachment).toMatchObject({ filename: 'Sales report.xlsx' });
  expect(await expectReportMatchesDatabase(attachment!.content, april)).toHaveLength(31);

  // The job reported its progress, ending at 100.
  const queue = stack.ctx.queues.queue('sales-export') as unknown as {
    getJob(id: string): Promise<{ progress: unknown } | undefined>;
  };
  expect((await queue.getJob(`sales-export-${row.id}`))?.progress).toBe(100);
});
