// Sales through the API: who sees which documents (each role), the ticket search, pages that agree
// with the plain ordered list however deep, and analytics totals equal to a direct SQL sum.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../api/src/domain/ids.js';
import { recordSalesDocument } from '../../api/src/domain/sales/record-sales-document.js';
import { createAccount, createTenant, type TestAccount } from '../support/factories.js';
import { directTotals, recordDocuments, type ScopeFilter } from '../support/sales.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
const as = (account: TestAccount) => ({ Authorization: `Bearer ${account.token}` });
const range = { date_from: '2024-02-01', date_to: '2024-02-29' };
const at = new Date('2024-02-20T12:00:00Z');

let accounts: Record<'a1' | 'a2' | 'b1' | 'b2' | 'sup' | 'x' | 'admin' | 'support', TestAccount>;
let ids: Record<string, string[]>;
let tenantIds: { agency: string; privateCompany: string; sharedCompany: string; otherAgency: string };

beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
  const db = stack.ctx.db;
  const tenant = await createTenant(db);
  const other = await createTenant(db);
  // A second company of the same agency whose agents share bookings (and so sales).
  const sharedCompany = newId('cmp');
  await db
    .insertInto('companies')
    .values({
      id: sharedCompany,
      agency_id: tenant.agencyId,
      name: 'Shared branch',
      balance_amount: '0.00',
      balance_currency: 'EUR',
      shared_bookings: true,
    })
    .execute();
  const shared = { agencyId: tenant.agencyId, companyId: sharedCompany };
  accounts = {
    a1: await createAccount(db, { userType: 'Agent', tenant }),
    a2: await createAccount(db, { userType: 'Agent', tenant }),
    b1: await createAccount(db, { userType: 'Agent', tenant: shared }),
    b2: await createAccount(db, { userType: 'Agent', tenant: shared }),
    sup: await createAccount(db, { userType: 'Supervisor', tenant }),
    x: await createAccount(db, { userType: 'Agent', tenant: other }),
    admin: await createAccount(db, { userType: 'Admin' }),
    support: await createAccount(db, { userType: 'Support' }),
  };
  tenantIds = { agency: tenant.agencyId, privateCompany: tenant.companyId, sharedCompany, otherAgency: other.agencyId };
  const write = async (who: TestAccount, companyId: string | null, agencyId: string, n: number) =>
    (await recordDocuments(db, { agentId: who.id, companyId, agencyId }, n, { from: at })).map((d) => d.id);
  ids = {
    a1: await write(accounts.a1, tenant.companyId, tenant.agencyId, 3),
    a2: await write(accounts.a2, tenant.companyId, tenant.agencyId, 2),
    b1: await write(accounts.b1, sharedCompany, tenant.agencyId, 2),
    b2: await write(accounts.b2, sharedCompany, tenant.agencyId, 1),
    sup: await write(accounts.sup, null, tenant.agencyId, 1),
    x: await write(accounts.x, other.companyId, other.agencyId, 4),
  };
});
afterAll(async () => {
  await stack.close();
});

async function listIds(account: TestAccount, query: Record<string, string | number> = {}) {
  const res = await request(stack.baseUrl)
    .get('/api/v1/sales')
    .query({ ...range, per_page: 100, ...query })
    .set(as(account));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ids: (res.body.data as { id: string }[]).map((d) => d.id), total: res.body.meta.total as number };
}

describe('visibility', () => {
  it('shows an agent only their own documents when the company does not share bookings', async () => {
    const { ids: seen, total } = await listIds(accounts.a1);
    expect(seen.sort()).toEqual([...ids.a1!].sort());
    expect(total).toBe(3);
  });

  it("shows an agent the company's documents when it shares bookings", async () => {
    const { ids: seen } = await listIds(accounts.b2);
    expect(seen.sort()).toEqual([...ids.b1!, ...ids.b2!].sort());
  });

  it("shows a supervisor the whole agency's, including their own, and nothing of another agency", async () => {
    const { ids: seen, total } = await listIds(accounts.sup);
    expect(seen.sort()).toEqual([...ids.a1!, ...ids.a2!, ...ids.b1!, ...ids.b2!, ...ids.sup!].sort());
    expect(total).toBe(9);
  });

  it('shows staff every agency', async () => {
    for (const staff of [accounts.admin, accounts.support]) {
      const { ids: seen } = await listIds(staff);
      for (const id of [...ids.a1!, ...ids.x!]) expect(seen).toContain(id);
    }
  });

  it('answers 404 for a document out of scope and the document in scope', async () => {
    const foreign = await request(stack.baseUrl).get(`/api/v1/sales/${ids.x![0]}`).set(as(accounts.sup));
    expect(foreign.status).toBe(404);
    const colleague = await request(stack.baseUrl).get(`/api/v1/sales/${ids.a2![0]}`).set(as(accounts.a1));
    expect(colleague.status).toBe(404);
    const own = await request(stack.baseUrl).get(`/api/v1/sales/${ids.a2![0]}`).set(as(accounts.sup));
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: ids.a2![0], agent: { id: accounts.a2.id }, total: { currency: 'EUR' } });
  });
});

describe('across agencies', () => {
  it("finds nothing of another agency by its number or locator, and leaves it out of the agency's figures", async () => {
    const foreign = await stack.ctx.db
      .selectFrom('sales_documents')
      .select(['number', 'locator'])
      .where('id', '=', ids.x![0]!)
      .executeTakeFirstOrThrow();
    expect((await listIds(accounts.sup, { ticket: foreign.number })).ids).toEqual([]);
    expect((await listIds(accounts.sup, { ticket: foreign.locator })).ids).toEqual([]);
    const analytics = await request(stack.baseUrl).get('/api/v1/analytics').query(range).set(as(accounts.sup));
    expect(analytics.body.totals.documents).toBe(9);
    expect(analytics.body.by_agent.map((a: { agent: { id: string } }) => a.agent.id)).not.toContain(accounts.x.id);
  });
});

describe('the ticket search', () => {
  it('matches part of a number, a locator or a passenger name in any case', async () => {
    const doc = await stack.ctx.db
      .selectFrom('sales_documents')
      .selectAll()
      .where('id', '=', ids.a2![1]!)
      .executeTakeFirstOrThrow();
    for (const ticket of [
      doc.number.slice(3, 11),
      doc.locator.toLowerCase(),
      doc.passenger_name.slice(0, 12).toLowerCase(),
    ]) {
      const { ids: seen } = await listIds(accounts.sup, { ticket });
      expect(seen, ticket).toContain(doc.id);
      expect(seen.length).toBeLessThan(10);
    }
    expect((await listIds(accounts.a1, { ticket: doc.locator })).ids).toEqual([]);
  });

  it('pages its matches newest first with their total, and past the last page answers none with the total', async () => {
    // Every generated passenger is SURNAME/TESTn: the search matches all the agency's documents.
    const all = await listIds(accounts.sup, { ticket: '/test' });
    expect(all.total).toBe(all.ids.length);
    expect(all.total).toBeGreaterThan(3);
    const pages = [1, 2, 3].map((page) => listIds(accounts.sup, { ticket: '/test', per_page: 2, page }));
    const seen = await Promise.all(pages);
    expect(seen.flatMap((p) => p.ids)).toEqual(all.ids.slice(0, 6));
    for (const p of seen) expect(p.total).toBe(all.total);
    const past = await listIds(accounts.sup, { ticket: '/test', per_page: 2, page: 50 });
    expect(past).toEqual({ ids: [], total: all.total });
    // An agent's own documents are paged the same way.
    const own = await listIds(accounts.a1, { per_page: 2, page: 2 });
    expect(own).toEqual({ ids: expect.any(Array), total: 3 });
    expect(own.ids).toHaveLength(1);
  });
});

describe('analytics', () => {
  const cases: [keyof typeof accounts, () => ScopeFilter][] = [
    ['a1', () => ({ column: 'agent_id', id: accounts.a1.id })],
    ['b1', () => ({ column: 'company_id', id: tenantIds.sharedCompany })],
    ['sup', () => ({ column: 'agency_id', id: tenantIds.agency })],
    ['x', () => ({ column: 'agent_id', id: accounts.x.id })],
    ['admin', () => null],
  ];
  it.each(cases)('totals for %s equal a direct SQL sum over the documents', async (who, scope) => {
    const res = await request(stack.baseUrl).get('/api/v1/analytics').query(range).set(as(accounts[who]));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const direct = await directTotals(stack.config.DATABASE_URL, scope(), range.date_from, range.date_to);
    const sum = (key: 'documents' | 'passengers') => direct.reduce((n, r) => n + Number(r[key]), 0);
    expect(res.body.totals.documents).toBe(sum('documents'));
    expect(res.body.totals.passengers).toBe(sum('passengers'));
    expect(res.body.totals.amounts).toEqual(
      direct.map((r) => ({
        revenue: { amount: r.revenue, currency: r.currency },
        fees: { amount: r.fees, currency: r.currency },
        markups: { amount: r.markups, currency: r.currency },
        refunds: { amount: r.refunds, currency: r.currency },
      })),
    );
    expect(res.body.by_day).toHaveLength(29);
    const byDay = res.body.by_day.reduce((n: number, d: { documents: number }) => n + d.documents, 0);
    const byCarrier = res.body.by_carrier.reduce((n: number, d: { documents: number }) => n + d.documents, 0);
    expect(byDay).toBe(sum('documents'));
    expect(byCarrier).toBe(sum('documents'));
  });

  it('counts a document recorded twice once', async () => {
    const doc = (
      await recordDocuments(
        stack.ctx.db,
        { agentId: accounts.x.id, companyId: null, agencyId: tenantIds.otherAgency },
        1,
        {
          from: new Date('2024-01-10T10:00:00Z'),
        },
      )
    )[0]!;
    expect(await stack.ctx.db.transaction().execute((trx) => recordSalesDocument(trx, doc))).toBe(false);
    const res = await request(stack.baseUrl)
      .get('/api/v1/analytics')
      .query({ date_from: '2024-01-10', date_to: '2024-01-10' })
      .set(as(accounts.admin));
    const direct = await directTotals(stack.config.DATABASE_URL, null, '2024-01-10', '2024-01-10');
    expect(res.body.totals.documents).toBe(direct.reduce((n, r) => n + Number(r.documents), 0));
  });

  it('refuses a range that ends before it starts', async () => {
    const res = await request(stack.baseUrl)
      .get('/api/v1/analytics')
      .query({ date_from: '2024-02-10', date_to: '2024-02-01' })
      .set(as(accounts.sup));
    expect(res.status).toBe(400);
  });
});
