// A company balance kept in another currency than the fare: the debit shown before issue, the issue
// converting at the newest rate in effect (the rate and both amounts on the ledger entries and the
// sales document), a void crediting back exactly what was debited, a pair with no rate refused by
// name with nothing changed; and the rates admins keep, with who may set them and what is refused.
import { reopenBalance, setupReasons } from '../support/ledgers.js';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertMinor } from '../../api/src/domain/exchange-rates.js';
import { toMinor } from '../../api/src/money.js';
import { balanceOf, bearer, book, findFares, payBy, setAgencyFee } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let admin: TestAccount;
beforeAll(async () => {
  stack = await startStack();
  admin = await createAccount(stack.ctx.db, { userType: 'Admin' });
});
afterAll(async () => {
  await stack.close();
});

const api = () => request(stack.baseUrl);
const db = () => stack.ctx.db;

/** A tenant whose company balance (10,000 in `currency`) pays every channel. */
async function balanceIn(currency: string): Promise<{ tenant: TestTenant; agent: TestAccount }> {
  const tenant = await createTenant(db());
  await reopenBalance(db(), tenant.companyId, currency, '10000.00');
  await payBy(db(), tenant, 'company_balance');
  return { tenant, agent: await createAccount(db(), { userType: 'Agent', tenant }) };
}

async function bookLh(agent: TestAccount, days: number) {
  const [fare] = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days },
    { carriers: ['LH'], currency: 'EUR' },
  );
  return book(stack.baseUrl, bearer(agent.token), fare!);
}

const setRate = (token: string, body: object) => api().post('/api/v1/exchange_rates').set(bearer(token)).send(body);

describe('issuing from a balance in another currency', () => {
  // GBP: no other test file moves the EUR→GBP rate while this one runs (they share the database).
  it('shows the debit before issue, debits the converted amount with the rate kept, and a void gives exactly it back', async () => {
    const { tenant, agent } = await balanceIn('GBP');
    // A newer rate than the seeded one: the newest in effect is the one used.
    const set = await setRate(admin.token, {
      base_currency: 'EUR',
      quote_currency: 'GBP',
      rate: '4.31257',
      effective_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    // One set for later does not apply yet.
    await setRate(admin.token, {
      base_currency: 'EUR',
      quote_currency: 'GBP',
      rate: '9.99',
      effective_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const booked = await bookLh(agent, 51);
    const airline = await db()
      .selectFrom('bookings')
      .select(['airline_total'])
      .where('locator', '=', booked.locator)
      .executeTakeFirstOrThrow();
    const expectedMinor = convertMinor(toMinor(airline.airline_total), '4.31257');

    const before = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(before.status).toBe(200);
    expect(before.body.balance_payment).toEqual({
      fare_amount: { amount: airline.airline_total, currency: 'EUR' },
      balance_currency: 'GBP',
      amount: { amount: (expectedMinor / 100).toFixed(2), currency: 'GBP' },
      exchange_rate: '4.31257000',
    });

    const issued = await api()
      .post('/api/v1/bookings/issue')
      .set(bearer(agent.token))
      .send({ locator: booked.locator });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(toMinor(await balanceOf(db(), tenant.companyId))).toBe(1_000_000 - expectedMinor);
    const entries = await db()
      .selectFrom('transactions')
      .select(['amount', 'currency', 'original_amount', 'original_currency', 'exchange_rate', 'reason'])
      .where('company_id', '=', tenant.companyId)
      .where('reason', 'not in', setupReasons)
      .orderBy('created_at')
      .execute();
    expect(entries).toEqual([
      {
        amount: (-expectedMinor / 100).toFixed(2),
        currency: 'GBP',
        original_amount: `-${airline.airline_total}`,
        original_currency: 'EUR',
        exchange_rate: '4.31257000',
        reason: `Tickets ${booked.locator}`,
      },
    ]);
    const documents = await db()
      .selectFrom('sales_documents')
      .select(['kind', 'total', 'currency', 'balance_amount', 'balance_currency', 'exchange_rate'])
      .where('locator', '=', booked.locator)
      .execute();
    expect(documents).toEqual([
      {
        kind: 'ticket',
        total: airline.airline_total,
        currency: 'EUR',
        balance_amount: (expectedMinor / 100).toFixed(2),
        balance_currency: 'GBP',
        exchange_rate: '4.31257000',
      },
    ]);
    const after = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(after.body.balance_payment.amount).toEqual({ amount: (expectedMinor / 100).toFixed(2), currency: 'GBP' });

    // A rate change after issue does not change what the void gives back.
    await setRate(admin.token, { base_currency: 'EUR', quote_currency: 'GBP', rate: '5.5' });
    const voided = await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.status).toBe('voided');
    expect(await balanceOf(db(), tenant.companyId)).toBe('10000.00');
  });

  it('refuses the issue naming the missing pair, and changes nothing', async () => {
    const { tenant, agent } = await balanceIn('SEK');
    const booked = await bookLh(agent, 52);
    const view = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(view.body.balance_payment).toMatchObject({ balance_currency: 'SEK', amount: null, exchange_rate: null });
    const res = await api().post('/api/v1/bookings/issue').set(bearer(agent.token)).send({ locator: booked.locator });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({
      code: 'exchange_rate_missing',
      detail: 'No exchange rate from EUR to SEK is known.',
    });
    expect(await balanceOf(db(), tenant.companyId)).toBe('10000.00');
    const row = await db()
      .selectFrom('bookings')
      .select(['status', 'balance_debit', 'balance_rate'])
      .where('locator', '=', booked.locator)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'new', balance_debit: null, balance_rate: null });
    const entries = await db()
      .selectFrom('transactions')
      .select('id')
      .where('company_id', '=', tenant.companyId)
      .where('reason', 'not in', setupReasons)
      .execute();
    expect(entries).toEqual([]);
  });
});

describe('an agency fee in another currency than the fare', () => {
  // UAH: no other test moves a UAH rate; JPY has none at all.
  it('is converted at issue, shown before it, and kept with its rate on the ledger entry and sales document', async () => {
    const { tenant, agent } = await balanceIn('EUR');
    await setAgencyFee(db(), tenant, 'issue', '250.00', 'UAH');
    const set = await setRate(admin.token, {
      base_currency: 'UAH',
      quote_currency: 'EUR',
      rate: '0.02345678',
      effective_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    const booked = await bookLh(agent, 57);
    const { airline_total: airlineTotal } = await db()
      .selectFrom('bookings')
      .select('airline_total')
      .where('locator', '=', booked.locator)
      .executeTakeFirstOrThrow();
    const feeMinor = convertMinor(25_000, '0.02345678');
    expect(feeMinor).toBe(586);
    const debitMinor = toMinor(airlineTotal) + feeMinor;

    const before = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(before.status).toBe(200);
    expect(before.body.balance_payment).toEqual({
      fare_amount: { amount: (debitMinor / 100).toFixed(2), currency: 'EUR' },
      balance_currency: 'EUR',
      amount: { amount: (debitMinor / 100).toFixed(2), currency: 'EUR' },
      exchange_rate: null,
      agency_fee: {
        amount: { amount: '250.00', currency: 'UAH' },
        fare_amount: { amount: '5.86', currency: 'EUR' },
        exchange_rate: '0.02345678',
      },
    });

    const issued = await api()
      .post('/api/v1/bookings/issue')
      .set(bearer(agent.token))
      .send({ locator: booked.locator });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(toMinor(await balanceOf(db(), tenant.companyId))).toBe(1_000_000 - debitMinor);
    const entries = await db()
      .selectFrom('transactions')
      .select(['amount', 'currency', 'original_amount', 'original_currency', 'exchange_rate', 'reason'])
      .where('company_id', '=', tenant.companyId)
      .where('reason', 'not in', setupReasons)
      .orderBy('created_at')
      .orderBy('balance_after', 'desc')
      .execute();
    expect(entries).toEqual([
      {
        amount: `-${airlineTotal}`,
        currency: 'EUR',
        original_amount: null,
        original_currency: null,
        exchange_rate: null,
        reason: `Tickets ${booked.locator}`,
      },
      {
        amount: '-5.86',
        currency: 'EUR',
        original_amount: '-250.00',
        original_currency: 'UAH',
        exchange_rate: '0.02345678',
        reason: `Issue fee ${booked.locator}`,
      },
    ]);
    const documents = await db()
      .selectFrom('sales_documents')
      .select([
        'kind',
        'fees',
        'total',
        'currency',
        'fee_original_amount',
        'fee_original_currency',
        'fee_exchange_rate',
      ])
      .where('locator', '=', booked.locator)
      .execute();
    expect(documents).toEqual([
      {
        kind: 'ticket',
        fees: '5.86',
        total: (debitMinor / 100).toFixed(2),
        currency: 'EUR',
        fee_original_amount: '250.00',
        fee_original_currency: 'UAH',
        fee_exchange_rate: '0.02345678',
      },
    ]);
  });

  it('with no rate for its pair, refuses the issue naming the pair, and changes nothing', async () => {
    const { tenant, agent } = await balanceIn('EUR');
    await setAgencyFee(db(), tenant, 'issue', '900', 'JPY');
    const booked = await bookLh(agent, 58);
    const shown = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(shown.body.balance_payment).toBeNull();
    const refused = await api()
      .post('/api/v1/bookings/issue')
      .set(bearer(agent.token))
      .send({ locator: booked.locator });
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'exchange_rate_missing',
      detail: 'No exchange rate from JPY to EUR is known.',
    });
    expect(toMinor(await balanceOf(db(), tenant.companyId))).toBe(1_000_000);
    const now = await db()
      .selectFrom('bookings')
      .select(['id', 'status', 'balance_debit'])
      .where('locator', '=', booked.locator)
      .executeTakeFirstOrThrow();
    expect(now).toMatchObject({ status: 'new', balance_debit: null });
    expect(await db().selectFrom('airline_intents').select('id').where('booking_id', '=', now.id).execute()).toEqual(
      [],
    );
  });
});

describe('the exchange rates admins keep', () => {
  it('lists, adds and replaces a dated rate; only Admin sets one; supervisors read them', async () => {
    const tenant = await createTenant(db());
    const support = await createAccount(db(), { userType: 'Support' });
    const supervisor = await createAccount(db(), { userType: 'Supervisor', tenant });
    const at = '2026-06-01T00:00:00.000Z';
    const first = await setRate(admin.token, {
      base_currency: 'USD',
      quote_currency: 'CHF',
      rate: '0.88',
      effective_at: at,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      base_currency: 'USD',
      quote_currency: 'CHF',
      rate: '0.88000000',
      effective_at: at,
    });
    const again = await setRate(admin.token, {
      base_currency: 'USD',
      quote_currency: 'CHF',
      rate: '0.8812',
      effective_at: at,
    });
    expect(again.status).toBe(201);
    const listed = await api()
      .get('/api/v1/exchange_rates?base_currency=USD&quote_currency=CHF')
      .set(bearer(supervisor.token));
    expect(listed.status).toBe(200);
    expect(listed.body.data.filter((r: { effective_at: string }) => r.effective_at === at)).toEqual([
      expect.objectContaining({ rate: '0.88120000', created_by: admin.id }),
    ]);
    // The seeded rate is still there, older.
    expect(listed.body.meta.total).toBe(2);

    expect((await setRate(support.token, { base_currency: 'USD', quote_currency: 'CHF', rate: '1' })).status).toBe(403);
    expect((await setRate(supervisor.token, { base_currency: 'USD', quote_currency: 'CHF', rate: '1' })).status).toBe(
      403,
    );
    const agent = await createAccount(db(), { userType: 'Agent', tenant });
    expect((await api().get('/api/v1/exchange_rates').set(bearer(agent.token))).status).toBe(403);
  });

  it.each([
    [{ base_currency: 'USD', quote_currency: 'CHF', rate: '-1' }, 400],
    [{ base_currency: 'USD', quote_currency: 'CHF', rate: '0' }, 400],
    [{ base_currency: 'USD', quote_currency: 'CHF', rate: '0.00000000' }, 400],
    [{ base_currency: 'USD', quote_currency: 'CHF', rate: '1.123456789' }, 400],
    [{ base_currency: 'USD', quote_currency: 'CHF', rate: 1.1 }, 400],
    [{ base_currency: 'XYZ', quote_currency: 'CHF', rate: '1.1' }, 400],
    [{ base_currency: 'usd', quote_currency: 'CHF', rate: '1.1' }, 400],
    [{ base_currency: 'EUR', quote_currency: 'EUR', rate: '1' }, 400],
    [{ base_currency: 'EUR', quote_currency: 'USD' }, 400],
    [{ base_currency: 'EUR', quote_currency: 'USD', rate: '1.1', effective_at: 'yesterday' }, 400],
  ])('refuses %j with %i and stores nothing', async (body, status) => {
    const before = await db().selectFrom('exchange_rates').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await setRate(admin.token, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.errors[0].status).toBe(String(status));
    const after = await db().selectFrom('exchange_rates').select(db().fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});
