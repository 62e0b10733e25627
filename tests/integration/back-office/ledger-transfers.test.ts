// A company's ledger as its supervisors run it: pages with filters and a cursor, the CSV export,
// transfers between two companies of one agency (both entries or neither), and `balance.low` raised
// once per crossing of the company's threshold. The races send 40 transfers at once, A→B and B→A,
// for many rounds: none deadlocks, the two balances always sum to what they started with, none goes
// below zero, and each crossing of the threshold is heard exactly once.
import {
  createBalanceTransfer,
  createCompany,
  createTransaction,
  getCompany,
  listCompanyLedger,
  resetConfig,
  updateCompany,
} from '@contrail/sdk';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinor } from '../../../api/src/money.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../../support/factories.js';
import { expectBalancesMatchLedgers } from '../../support/ledgers.js';
import { as, refusal } from '../../support/sdk-calls.js';
import { startStack, tokens, type Stack } from '../../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let supervisor: TestAccount;
let stranger: TestAccount;
let strangerTenant: TestTenant;
const eur = (amount: string) => ({ amount, currency: 'EUR' });
const rounds = Math.max(1, Number(process.env.RACE_ROUNDS ?? 8));

beforeAll(async () => {
  stack = await startStack({ env: { DATABASE_POOL_SIZE: '20' } });
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  strangerTenant = await createTenant(stack.ctx.db);
  stranger = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: strangerTenant });
});
afterAll(async () => {
  resetConfig();
  await stack.close();
});

/** A company of the tenant's agency with `amount` topped up by Admin. */
async function fundedCompany(name: string, amount: string) {
  as(stack.apiUrl, tokens.Admin);
  const company = await createCompany({ name: `${name} ${Date.now()}`, agency_id: tenant.agencyId });
  if (toMinor(amount) > 0) await createTransaction({ company_id: company.id, amount: eur(amount), reason: 'Top-up' });
  return company;
}

const transfer = (from: string, to: string, amount: string, token = supervisor.token) =>
  request(stack.apiUrl)
    .post('/balance_transfers')
    .set('Authorization', `Bearer ${token}`)
    .send({ from_company_id: from, to_company_id: to, amount: eur(amount), reason: `Move ${from}→${to}` });

const balanceOf = async (id: string) => toMinor((await getCompany(id)).balance_amount.amount);
const lowEvents = async (companyId: string) =>
  Number(
    (
      await stack.ctx.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('type', '=', 'balance.low')
        .where('company_id', '=', companyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('transfers between an agency’s companies', () => {
  it('moves money as two transfer entries of one id, and refuses what it may not do, changing nothing', async () => {
    const a = await fundedCompany('Transfer A', '300.00');
    const b = await fundedCompany('Transfer B', '0');
    as(stack.apiUrl, supervisor.token);
    const moved = await createBalanceTransfer({
      from_company_id: a.id,
      to_company_id: b.id,
      amount: eur('120.5'),
      reason: 'Float for the branch',
    });
    expect(moved).toMatchObject({ from_company_id: a.id, to_company_id: b.id, amount: eur('120.50') });
    expect(moved.debit).toMatchObject({ kind: 'transfer', transfer_id: moved.id, amount: eur('-120.50') });
    expect(moved.credit).toMatchObject({ kind: 'transfer', transfer_id: moved.id, balance_after: eur('120.50') });
    expect(await balanceOf(a.id)).toBe(17950);

    const refused = async (body: Parameters<typeof createBalanceTransfer>[0]) => refusal(createBalanceTransfer(body));
    const base = { from_company_id: a.id, to_company_id: b.id, reason: 'x' };
    expect(await refused({ ...base, amount: eur('1000.00') })).toEqual({ status: 422, code: 'insufficient_balance' });
    expect(await refused({ ...base, amount: { amount: '1.00', currency: 'USD' } })).toEqual({
      status: 422,
      code: 'currency_mismatch',
    });
    expect(await refused({ ...base, amount: eur('0') })).toMatchObject({ status: 400 });
    expect(await refused({ ...base, amount: eur('-5') })).toMatchObject({ status: 400 });
    expect(await refused({ ...base, to_company_id: a.id, amount: eur('1') })).toMatchObject({ status: 400 });
    expect(await refused({ ...base, to_company_id: 'cmp_missing', amount: eur('1') })).toMatchObject({ status: 404 });
    // Another agency's company is out of reach: not found, and nothing moved.
    expect(await refused({ ...base, to_company_id: strangerTenant.companyId, amount: eur('1') })).toMatchObject({
      status: 404,
    });
    as(stack.apiUrl, stranger.token);
    expect(await refused({ ...base, amount: eur('1') })).toMatchObject({ status: 404 });
    as(stack.apiUrl, tokens.Support);
    expect(await refused({ ...base, amount: eur('1') })).toMatchObject({ status: 403 });
    as(stack.apiUrl, supervisor.token);
    expect(await balanceOf(a.id)).toBe(17950);
    expect(await balanceOf(b.id)).toBe(12050);
  });

  it(`runs 40 concurrent transfers A→B and B→A for ${rounds} rounds without deadlock, conserving the sum`, async () => {
    const a = await fundedCompany('Race A', '100.00');
    const b = await fundedCompany('Race B', '100.00');
    as(stack.apiUrl, supervisor.token);
    const statuses = new Map<number, number>();
    for (let round = 0; round < rounds; round++) {
      // Amounts large enough that some are refused: neither balance may go below zero.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 2 === 0 ? transfer(a.id, b.id, '7.00') : transfer(b.id, a.id, '9.00'),
        ),
      );
      for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const bodies = answers.filter((x) => x.status !== 201 && x.status !== 422).map((x) => x.body);
      expect(bodies, 'only moved or refused for the balance').toEqual([]);
      for (const refusedAnswer of answers.filter((x) => x.status === 422))
        expect(refusedAnswer.body.errors[0].code).toBe('insufficient_balance');
      const [balanceA, balanceB] = [await balanceOf(a.id), await balanceOf(b.id)];
      expect(balanceA + balanceB).toBe(20000);
      expect(balanceA).toBeGreaterThanOrEqual(0);
      expect(balanceB).toBeGreaterThanOrEqual(0);
    }
    expect(statuses.get(201)).toBeGreaterThan(0);
    // Every transfer wrote two entries of one id, or none.
    const halves = await stack.ctx.db
      .selectFrom('transactions')
      .select(['transfer_id', (eb) => eb.fn.countAll<string>().as('n'), (eb) => eb.fn.sum<string>('amount').as('sum')])
      .where('company_id', 'in', [a.id, b.id])
      .where('kind', '=', 'transfer')
      .groupBy('transfer_id')
      .execute();
    expect(halves).toHaveLength(statuses.get(201)!);
    expect(halves.every((h) => Number(h.n) === 2 && toMinor(String(h.sum)) === 0)).toBe(true);
    await expectBalancesMatchLedgers(stack.ctx.db);
  });

  it(`raises balance.low once per crossing of the threshold, under 40 concurrent debits, for ${rounds} rounds`, async () => {
    const low = await fundedCompany('Threshold', '1000.00');
    const sink = await fundedCompany('Sink', '0');
    as(stack.apiUrl, supervisor.token);
    expect((await updateCompany(low.id, { low_balance_threshold: '500' })).low_balance_threshold).toBe('500.00');
    for (let round = 1; round <= rounds; round++) {
      // 40 × 20.00 takes 1000.00 to 200.00: the balance crosses 500.00 once, on one of them.
      const down = await Promise.all(Array.from({ length: 40 }, () => transfer(low.id, sink.id, '20.00')));
      expect(down.map((d) => d.status)).toEqual(Array.from({ length: 40 }, () => 201));
      expect(await lowEvents(low.id)).toBe(round);
      // Debits that stay below say nothing more.
      expect((await transfer(low.id, sink.id, '1.00')).status).toBe(201);
      expect((await transfer(sink.id, low.id, '801.00')).status).toBe(201);
      expect(await lowEvents(low.id)).toBe(round);
    }
    const event = await stack.ctx.db
      .selectFrom('events')
      .select(['agency_id', 'data'])
      .where('type', '=', 'balance.low')
      .where('company_id', '=', low.id)
      .executeTakeFirstOrThrow();
    expect(event.agency_id).toBe(tenant.agencyId);
  });
});

describe('the ledger of a company', () => {
  it('pages newest first with a cursor, filters by day, kind and booking, and exports CSV', async () => {
    const a = await fundedCompany('Ledger A', '50.00');
    const b = await fundedCompany('Ledger B', '0');
    as(stack.apiUrl, supervisor.token);
    for (let i = 1; i <= 5; i++)
      await createBalanceTransfer({
        from_company_id: a.id,
        to_company_id: b.id,
        amount: eur(`${i}.00`),
        reason: `T${i}`,
      });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listCompanyLedger(a.id, { limit: 2, cursor });
      seen.push(...page.data.map((e) => e.reason));
      cursor = page.meta.next_cursor ?? undefined;
      pages++;
    } while (cursor);
    expect(seen).toEqual(['T5', 'T4', 'T3', 'T2', 'T1', 'Top-up']);
    expect(pages).toBe(3);
    const first = (await listCompanyLedger(a.id, { limit: 1 })).data[0]!;
    expect(first.balance_after).toEqual(eur('35.00'));

    expect((await listCompanyLedger(a.id, { kind: 'adjustment' })).data.map((e) => e.reason)).toEqual(['Top-up']);
    expect((await listCompanyLedger(a.id, { kind: 'transfer' })).data).toHaveLength(5);
    expect((await listCompanyLedger(a.id, { kind: 'booking' })).data).toEqual([]);
    expect((await listCompanyLedger(a.id, { locator: 'ZZZZZZ' })).data).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await listCompanyLedger(a.id, { date_from: today, date_to: today })).data).toHaveLength(6);
    expect((await listCompanyLedger(a.id, { date_to: '2020-01-01' })).data).toEqual([]);
    expect(await refusal(listCompanyLedger(a.id, { date_from: '2026-12-02', date_to: '2026-12-01' }))).toMatchObject({
      status: 400,
    });
    expect(await refusal(listCompanyLedger(a.id, { cursor: 'bm90LWEtY3Vyc29y' }))).toMatchObject({ status: 400 });
    expect(await refusal(listCompanyLedger(a.id, { kind: 'gift' as never }))).toMatchObject({ status: 400 });

    const csv = await request(stack.apiUrl)
      .get(`/companies/${a.id}/ledger/export?kind=transfer`)
      .set('Authorization', `Bearer ${supervisor.token}`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="ledger-${a.id}.csv"`);
    const lines = csv.text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,kind,amount,currency,balance_after,reason,booking_locator,transfer_id,actor_account_id',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 7))).toEqual([
      ['transfer', '-1.00', 'EUR', '49.00', 'T1'],
      ['transfer', '-2.00', 'EUR', '47.00', 'T2'],
      ['transfer', '-3.00', 'EUR', '44.00', 'T3'],
      ['transfer', '-4.00', 'EUR', '40.00', 'T4'],
      ['transfer', '-5.00', 'EUR', '35.00', 'T5'],
    ]);

    as(stack.apiUrl, stranger.token);
    expect(await refusal(listCompanyLedger(a.id))).toMatchObject({ status: 404 });
    const foreign = await request(stack.apiUrl)
      .get(`/companies/${a.id}/ledger/export`)
      .set('Authorization', `Bearer ${stranger.token}`);
    expect(foreign.status).toBe(404);
  });

  it('streams an export of more entries than one batch, oldest first, each row once', async () => {
    const a = await fundedCompany('Export A', '0');
    // 600 entries (the export reads 500 a batch) written straight through the ledger's own path (staff adjustments).
    as(stack.apiUrl, tokens.Admin);
    for (let chunk = 0; chunk < 3; chunk++)
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          createTransaction({ company_id: a.id, amount: eur('1.00'), reason: `n${chunk * 200 + i}` }),
        ),
      );
    const csv = await request(stack.apiUrl)
      .get(`/companies/${a.id}/ledger/export`)
      .set('Authorization', `Bearer ${supervisor.token}`);
    expect(csv.status).toBe(200);
    const rows = csv.text.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(600);
    expect(new Set(rows.map((r) => r.split(',')[0])).size).toBe(600);
    expect(rows.map((r) => r.split(',')[5])).toEqual(Array.from({ length: 600 }, (_, i) => `${i + 1}.00`));
  }, 120_000);
});
