// Deep pages start from their own day (found from the rollups' day counts) rather than skipping
// rows; whatever the page, the result must be exactly that slice of the plain ordered list.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
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
