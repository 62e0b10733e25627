// Companies through the SDK: create and delete, gate lists, booking visibility, markups and the
// balance ledger, where 200 concurrent changes on one company must sum exactly.
import {
  createCompany,
  createMarkup,
  createTransaction,
  deleteCompany,
  deleteMarkup,
  getCompany,
  getMarkup,
  getTransaction,
  listCompanies,
  listMarkups,
  listTransactions,
  resetConfig,
  setCompanyGate,
  setCompanySharedBookings,
  updateMarkup,
} from '@contrail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../../support/factories.js';
import { as, refusal } from '../../support/sdk-calls.js';
import { startStack, tokens, type Stack } from '../../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let supervisor: TestAccount;
let stranger: TestAccount;
let agent: TestAccount;
const asAdmin = () => as(stack.apiUrl, tokens.Admin);
const eur = (amount: string) => ({ amount, currency: 'EUR' });

beforeAll(async () => {
  stack = await startStack({ env: { DATABASE_POOL_SIZE: '20' } });
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  stranger = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: await createTenant(stack.ctx.db) });
});
afterAll(async () => {
  resetConfig();
  await stack.close();
});

describe('companies', () => {
  it('lets a supervisor add a subagent to their own partner only, and staff delete one without records', async () => {
    as(stack.apiUrl, supervisor.token);
    const company = await createCompany({ name: 'Branch Lviv' });
    expect(company).toMatchObject({ agency_id: tenant.agencyId, balance_amount: eur('0.00'), agents_count: 0 });
    expect(await refusal(createCompany({ name: 'Elsewhere', agency_id: 'agy_other' }))).toMatchObject({ status: 404 });
    expect(await refusal(createCompany({ name: '' }))).toMatchObject({ status: 400 });
    expect((await listCompanies()).data.every((c) => c.agency_id === tenant.agencyId)).toBe(true);
    expect(await refusal(deleteCompany(company.id))).toMatchObject({ status: 403 });
    as(stack.apiUrl, stranger.token);
    expect(await refusal(getCompany(company.id))).toMatchObject({ status: 404 });
    as(stack.apiUrl, agent.token);
    expect(await refusal(listCompanies())).toMatchObject({ status: 403 });

    asAdmin();
    // A company with agents holds records: refused.
    expect(await refusal(deleteCompany(tenant.companyId))).toEqual({ status: 409, code: 'company_has_records' });
    await deleteCompany(company.id);
    expect(await refusal(getCompany(company.id))).toMatchObject({ status: 404 });
  });

  it('moves a company between the gate lists and sets its booking visibility', async () => {
    asAdmin();
    const company = await createCompany({ name: `Gate Co ${Date.now()}`, agency_id: tenant.agencyId });
    const listed = async (gate: 'open' | 'closed') =>
      (await listCompanies({ gate, q: company.name })).data.map((c) => c.id);
    expect(await listed('open')).toEqual([company.id]);
    expect((await setCompanyGate(company.id, { active: false })).ticketing_active).toBe(false);
    expect(await listed('open')).toEqual([]);
    expect(await listed('closed')).toEqual([company.id]);
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(setCompanyGate(company.id, { active: true }))).toMatchObject({ status: 403 });
    expect((await setCompanySharedBookings(company.id, { shared_bookings: true })).shared_bookings).toBe(true);
    as(stack.apiUrl, stranger.token);
    expect(await refusal(setCompanySharedBookings(company.id, { shared_bookings: false }))).toMatchObject({
      status: 404,
    });
  });
});

describe('markups', () => {
  it('are fixed or percentage by carrier and cabin, staff only', async () => {
    as(stack.apiUrl, tokens.Support);
    const fixed = await createMarkup(tenant.companyId, {
      carrier: 'LH',
      cabin: 'Y',
      kind: 'fixed',
      value: '15.00',
      currency: 'EUR',
    });
    expect(fixed).toMatchObject({ carrier: 'LH', cabin: 'Y', kind: 'fixed', value: '15.00', currency: 'EUR' });
    const pct = await createMarkup(tenant.companyId, { kind: 'percentage', value: '3.5' });
    expect(pct).toMatchObject({ carrier: null, cabin: null, currency: null, value: '3.50' });
    expect((await updateMarkup(fixed.id, { value: '20' })).value).toBe('20.00');
    expect((await getMarkup(fixed.id)).id).toBe(fixed.id);
    expect((await listMarkups(tenant.companyId)).data.map((m) => m.id)).toEqual([fixed.id, pct.id]);
    expect(await refusal(createMarkup(tenant.companyId, { kind: 'fixed', value: '5' }))).toEqual({
      status: 422,
      code: 'markup_invalid',
    });
    expect(await refusal(updateMarkup(pct.id, { value: '150' }))).toEqual({ status: 422, code: 'markup_invalid' });
    expect(
      await refusal(createMarkup(tenant.companyId, { kind: 'fixed', value: 'abc', currency: 'EUR' })),
    ).toMatchObject({ status: 400 });
    expect(await refusal(createMarkup('cmp_missing', { kind: 'percentage', value: '1' }))).toMatchObject({
      status: 404,
    });
    await deleteMarkup(pct.id);
    expect(await refusal(getMarkup(pct.id))).toMatchObject({ status: 404 });
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(listMarkups(tenant.companyId))).toMatchObject({ status: 403 });
  });
});

describe('the balance ledger', () => {
  it('moves a balance only through transactions, each with who, why and the balance after', async () => {
    asAdmin();
    const before = await getCompany(tenant.companyId);
    const credit = await createTransaction({
      company_id: tenant.companyId,
      amount: eur('250.50'),
      reason: 'Bank transfer',
    });
    expect(credit).toMatchObject({
      amount: eur('250.50'),
      reason: 'Bank transfer',
      actor_account_id: 'acc_demo_admin',
    });
    expect(Number(credit.balance_after.amount)).toBeCloseTo(Number(before.balance_amount.amount) + 250.5, 2);
    const debit = await createTransaction({
      company_id: tenant.companyId,
      amount: eur('-50.50'),
      reason: 'Correction',
    });
    expect((await getCompany(tenant.companyId)).balance_amount).toEqual(debit.balance_after);
    expect((await listTransactions({ company_id: tenant.companyId })).data.map((t) => t.id).slice(0, 2)).toEqual([
      debit.id,
      credit.id,
    ]);
    expect((await getTransaction(debit.id)).reason).toBe('Correction');

    expect(
      await refusal(createTransaction({ company_id: tenant.companyId, amount: eur('-99999999'), reason: 'Too much' })),
    ).toEqual({
      status: 422,
      code: 'insufficient_balance',
    });
    expect(
      await refusal(
        createTransaction({ company_id: tenant.companyId, amount: { amount: '5', currency: 'USD' }, reason: 'x' }),
      ),
    ).toEqual({
      status: 422,
      code: 'currency_mismatch',
    });
    expect(
      await refusal(createTransaction({ company_id: tenant.companyId, amount: eur('0'), reason: 'x' })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(createTransaction({ company_id: tenant.companyId, amount: eur('1'), reason: '' })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(createTransaction({ company_id: 'cmp_missing', amount: eur('1'), reason: 'x' })),
    ).toMatchObject({ status: 404 });
    expect((await getCompany(tenant.companyId)).balance_amount).toEqual(debit.balance_after);

    as(stack.apiUrl, tokens.Support);
    expect(await refusal(createTransaction({ company_id: tenant.companyId, amount: eur('1'), reason: 'x' }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    as(stack.apiUrl, supervisor.token);
    expect(
      await refusal(createTransaction({ company_id: tenant.companyId, amount: eur('1'), reason: 'x' })),
    ).toMatchObject({ status: 403 });
    expect((await listTransactions()).data.length).toBeGreaterThan(0);
    as(stack.apiUrl, stranger.token);
    expect(await refusal(getTransaction(debit.id))).toMatchObject({ status: 404 });
    expect((await listTransactions({ company_id: tenant.companyId })).data).toEqual([]);
  });

  it('sums 200 concurrent changes on one company exactly, with a consistent ledger', async () => {
    asAdmin();
    const company = await createCompany({ name: `Concurrent ${Date.now()}`, agency_id: tenant.agencyId });
    await createTransaction({ company_id: company.id, amount: eur('1000.00'), reason: 'Opening' });
    // 150 credits of 1.01 and 50 debits of 2.02: +151.50 - 101.00 = +50.50 whatever the order.
    const amounts = Array.from({ length: 200 }, (_, i) => (i % 4 === 3 ? '-2.02' : '1.01'));
    const results = await Promise.all(
      amounts.map((amount, i) =>
        createTransaction({ company_id: company.id, amount: eur(amount), reason: `concurrent ${i}` }),
      ),
    );
    expect(results).toHaveLength(200);
    expect((await getCompany(company.id)).balance_amount).toEqual(eur('1050.50'));
    const ledger = await stack.ctx.db
      .selectFrom('transactions')
      .select(['amount', 'balance_after'])
      .where('company_id', '=', company.id)
      .orderBy('balance_after')
      .execute();
    expect(ledger).toHaveLength(201);
    const sum = ledger.reduce((cents, l) => cents + Math.round(Number(l.amount) * 100), 0);
    expect(sum).toBe(105050);
  });
});
