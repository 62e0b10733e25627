// Deep pages start from their own day (found from the rollups' day counts) rather than skipping
// rows; whatever the page, the result must be exactly that slice of the plain ordered list.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rebuildRollups } from '../../api/src/db/sales-rollups.repository.js';
import { reportRows } from '../../api/src/domain/sales/sales-report.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { inDays, query, recordDocuments } from '../support/sales.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let supervisor: TestAccount;
let admin: TestAccount;
let tenant: TestTenant;

beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  admin = await createAccount(stack.ctx.db, { userType: 'Admin' });
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  const seller = { agentId: agent.id, companyId: tenant.companyId, agencyId: tenant.agencyId };
  // 60 documents over ~12 days of March 2024, and 6 more at one and the same instant (ties).
  await recordDocuments(stack.ctx.db, seller, 60, { from: new Date('2024-03-20T23:30:00Z'), stepMinutes: 290 });
  await recordDocuments(stack.ctx.db, seller, 6, { from: new Date('2024-03-15T00:00:00Z'), stepMinutes: 0 });
});
afterAll(async () => {
  await stack.close();
});

async function expected(agencyId: string | null, from: string, to: string): Promise<string[]> {
  const rows = await query<{ id: string }>(
    stack.config.DATABASE_URL,
    `SELECT id FROM sales_documents WHERE ($1::text IS NULL OR agency_id = $1) AND ${inDays}
     ORDER BY issued_at DESC, id DESC`,
    [agencyId, from, to],
  );
  return rows.map((r) => r.id);
}

async function walk(account: TestAccount, query: Record<string, string>, perPage: number) {
  const seen: string[] = [];
  let total = -1;
  for (let page = 1; page < 100; page++) {
    const res = await request(stack.baseUrl)
      .get('/api/v1/sales')
      .query({ ...query, page, per_page: perPage })
      .set('Authorization', `Bearer ${account.token}`);
    expect(res.status).toBe(200);
    total = res.body.meta.total;
    if (res.body.data.length === 0) break;
    seen.push(...res.body.data.map((d: { id: string }) => d.id));
  }
  return { seen, total };
}

it.each([
  ['the whole of March', '2024-03-01', '2024-03-31', 7],
  ['a few days of it', '2024-03-12', '2024-03-16', 4],
  ['one day with ties', '2024-03-15', '2024-03-15', 3],
])('walks %s page by page exactly as the ordered list', async (_name, from, to, perPage) => {
  const want = await expected(tenant.agencyId, from, to);
  const { seen, total } = await walk(supervisor, { date_from: from, date_to: to }, perPage);
  expect(total).toBe(want.length);
  expect(seen).toEqual(want);
});

it('answers a single deep page as the same slice for staff (every agency)', async () => {
  const want = await expected(null, '2024-03-01', '2024-03-31');
  const page = 5;
  const res = await request(stack.baseUrl)
    .get('/api/v1/sales')
    .query({ date_from: '2024-03-01', date_to: '2024-03-31', page, per_page: 9 })
    .set('Authorization', `Bearer ${admin.token}`);
  expect(res.body.meta.total).toBe(want.length);
  expect(res.body.data.map((d: { id: string }) => d.id)).toEqual(want.slice((page - 1) * 9, page * 9));
});

it('answers a page past the end empty, with the total', async () => {
  const res = await request(stack.baseUrl)
    .get('/api/v1/sales')
    .query({ date_from: '2024-03-01', date_to: '2024-03-31', page: 50, per_page: 10 })
    .set('Authorization', `Bearer ${supervisor.token}`);
  expect(res.body).toMatchObject({ data: [], meta: { page: 50, per_page: 10, total: 66 } });
});

it('sums carriers and agents over whole months and the days around them alike', async () => {
  // February's second half (day rows) and the whole of March (month rows), for the agency and staff.
  for (const [account, agencyId] of [
    [supervisor, tenant.agencyId],
    [admin, null],
  ] as const) {
    const res = await request(stack.baseUrl)
      .get('/api/v1/analytics')
      .query({ date_from: '2024-02-15', date_to: '2024-03-31' })
      .set('Authorization', `Bearer ${account.token}`);
    const want = (await expected(agencyId, '2024-02-15', '2024-03-31')).length;
    const sum = (xs: { documents: number }[]) => xs.reduce((n, x) => n + x.documents, 0);
    expect(res.body.totals.documents).toBe(want);
    expect(sum(res.body.by_carrier)).toBe(want);
    if (agencyId) expect(sum(res.body.by_agent)).toBe(want);
  }
});

it('keeps on write exactly the rollups the bulk rebuild computes', async () => {
  const scopes = [`agency:${tenant.agencyId}`, `company:${tenant.companyId}`];
  const read = (db: typeof stack.ctx.db) =>
    // Summed over the slots concurrent writers spread a key over (the rebuild writes one).
    db
      .selectFrom('sales_rollups')
      .select(['scope', 'dimension', 'key', 'currency'])
      .select((eb) => [
        eb.cast<string>('day', 'text').as('day'),
        eb.cast<number>(eb.fn.sum('documents'), 'integer').as('documents'),
        eb.cast<number>(eb.fn.sum('passengers'), 'integer').as('passengers'),
        eb.cast<string>(eb.fn.sum('revenue'), 'text').as('revenue'),
        eb.cast<string>(eb.fn.sum('fees'), 'text').as('fees'),
        eb.cast<string>(eb.fn.sum('markups'), 'text').as('markups'),
        eb.cast<string>(eb.fn.sum('refunds'), 'text').as('refunds'),
      ])
      .where('scope', 'in', scopes)
      .groupBy(['scope', 'dimension', 'day', 'key', 'currency'])
      .orderBy(['scope', 'dimension', 'day', 'key', 'currency'])
      .execute();
  const kept = await read(stack.ctx.db);
  expect(kept.map((r) => r.dimension)).toContain('agent_month');
  // Rebuilt inside a transaction that is rolled back, so other test files never see it.
  const rebuilt = await stack.ctx.db
    .transaction()
    .execute(async (trx) => {
      await rebuildRollups(trx);
      throw Object.assign(new Error('rollback'), { rows: await read(trx) });
    })
    .catch((error: { rows?: unknown }) => error.rows);
  expect(rebuilt).toEqual(kept);
});

it('answers a new document at once, though the list and analytics read from what they kept', async () => {
  const range = { date_from: '2024-04-01', date_to: '2024-04-30' };
  const read = async () => {
    const [list, analytics] = await Promise.all([
      request(stack.baseUrl)
        .get('/api/v1/sales')
        .query({ ...range, per_page: 5 })
        .set('Authorization', `Bearer ${supervisor.token}`),
      request(stack.baseUrl).get('/api/v1/analytics').query(range).set('Authorization', `Bearer ${supervisor.token}`),
    ]);
    return { total: list.body.meta.total as number, ids: list.body.data.map((d: { id: string }) => d.id), analytics };
  };
  const before = await read();
  expect(before.total).toBe(0);
  // Read twice, so the second read is answered from what the first kept.
  expect((await read()).total).toBe(0);

  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  const seller = { agentId: agent.id, companyId: tenant.companyId, agencyId: tenant.agencyId };
  const [doc] = await recordDocuments(stack.ctx.db, seller, 1, { from: new Date('2024-04-10T10:00:00Z') });

  const after = await read();
  expect(after.total).toBe(1);
  expect(after.ids).toEqual([doc!.id]);
  expect(after.analytics.body.totals.documents).toBe(1);
  expect(after.analytics.body.by_agent.map((a: { agent: { id: string } }) => a.agent.id)).toEqual([agent.id]);
});

it("reads the report's batches into exactly the ordered list, ties at one instant included", async () => {
  const numbers = await query<{ number: string }>(
    stack.config.DATABASE_URL,
    `SELECT number FROM sales_documents WHERE agency_id = $1 AND ${inDays} ORDER BY issued_at DESC, id DESC`,
    [tenant.agencyId, '2024-03-01', '2024-03-31'],
  );
  expect(numbers).toHaveLength(66);
  for (const sizes of [
    { first: 1, rest: 4 },
    { first: 6, rest: 6 },
    { first: 66, rest: 66 },
    { first: 200, rest: 2_000 },
  ]) {
    const read: string[] = [];
    const scope = { kind: 'agency', id: tenant.agencyId } as const;
    for await (const lines of reportRows(stack.ctx.db, scope, { from: '2024-03-01', to: '2024-03-31' }, sizes))
      read.push(...lines.map((line) => line[0]));
    expect(read, `batches of ${sizes.first}, then ${sizes.rest}`).toEqual(numbers.map((r) => r.number));
  }
});
