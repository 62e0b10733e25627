// Issue exactly once under concurrency, against the sandbox airlines over real HTTP: 50 issue
// requests for one booking ticket and debit once; 200 bookings issued at once against one company
// balance leave it at the start less the exact sum of what was issued, and every refusal is one
// the balance could not pay. The sandbox holds 9 seats per class and flight, so the bookings are
// spread over fares, days and routes.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fromMinor, toMinor } from '../../api/src/money.js';
import {
  balanceOf,
  bearer,
  book,
  bookingBody,
  findFares,
  payBy,
  setBalance,
  setIssueFee,
  type FoundFare,
} from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, tokens, type Stack } from '../support/stack.js';
import { expectBalancesMatchLedgers, setupReasons } from '../support/ledgers.js';

let stack: Stack;
beforeAll(async () => {
  // Far fewer connections than concurrent requests, as on a loaded machine where every transaction
  // takes longer: a request queues for a connection behind the others and must wait its turn, not
  // fail. With the pool's old 5 s wait, some of the 200 issues below sometimes answered 500 (timeout
  // exceeded when trying to connect); POOL_WAIT_MS=5000 runs it so.
  stack = await startStack({
    env: {
      DATABASE_POOL_SIZE: '2',
      ...(process.env.POOL_WAIT_MS ? { DATABASE_POOL_WAIT_MS: process.env.POOL_WAIT_MS } : {}),
    },
  });
});
afterAll(async () => {
  await stack.close();
});

const db = () => stack.ctx.db;
const feeMinor = 250;

async function payingTenant(): Promise<{ tenant: TestTenant; agent: TestAccount }> {
  const tenant = await createTenant(db());
  const agent = await createAccount(db(), { userType: 'Agent', tenant });
  await payBy(db(), tenant, 'company_balance');
  await setIssueFee(db(), tenant, fromMinor(feeMinor));
  return { tenant, agent };
}

const issue = (token: string, locator: string, key?: string) => {
  const call = request(stack.baseUrl).post('/api/v1/bookings/issue').set(bearer(token));
  return (key ? call.set('Idempotency-Key', key) : call).send({ locator });
};

it('50 concurrent issue requests for one booking ticket once and debit once', async () => {
  const { tenant, agent } = await payingTenant();
  const [fare] = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: 50 },
    { currency: 'EUR' },
  );
  const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
  const start = toMinor(await balanceOf(db(), tenant.companyId));

  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      issue(agent.token, booked.locator, i % 2 ? `issue-${booked.locator}-${i}` : undefined),
    ),
  );
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(new Set(answers.filter((a) => a.status !== 200).map((a) => a.body.errors[0].code))).toSatisfy(
    (codes: Set<string>) => [...codes].every((c) => c === 'booking_being_issued' || c === 'booking_already_issued'),
  );

  expect(toMinor(await balanceOf(db(), tenant.companyId))).toBe(start - toMinor(fare!.amount) - feeMinor);
  const ledger = await db()
    .selectFrom('transactions')
    .select(['amount', 'kind'])
    .where('company_id', '=', tenant.companyId)
    .where('reason', 'not in', setupReasons)
    .execute();
  expect(ledger).toHaveLength(2);
  expect(ledger.map((l) => l.kind)).toEqual(['booking', 'booking']);
  // The company's ledger finds a booking's entries by its locator.
  const byLocator = await request(stack.baseUrl)
    .get(`/api/v1/companies/${tenant.companyId}/ledger?locator=${booked.locator}`)
    .set(bearer(tokens.Admin));
  expect(byLocator.body.data.map((e: { booking_locator: string }) => e.booking_locator)).toEqual([
    booked.locator,
    booked.locator,
  ]);
  const sales = await db().selectFrom('sales_documents').select('id').where('locator', '=', booked.locator).execute();
  expect(sales).toHaveLength(1);
  const seen = await request(stack.baseUrl).get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(seen.body.documents).toHaveLength(1);
  const history = await db()
    .selectFrom('booking_history as h')
    .innerJoin('bookings as b', 'b.id', 'h.booking_id')
    .select('h.action')
    .where('b.locator', '=', booked.locator)
    .execute();
  expect(history.filter((h) => h.action === 'issued')).toHaveLength(1);
});

it('50 concurrent issue requests for one booking paid without a debit (BSP cash) ticket once', async () => {
  // Nothing to debit: the claim is one statement of its own, outside a transaction.
  const tenant = await createTenant(db());
  const agent = await createAccount(db(), { userType: 'Agent', tenant });
  await payBy(db(), tenant, 'bsp_cash');
  const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 51 });
  const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
  const answers = await Promise.all(Array.from({ length: 50 }, () => issue(agent.token, booked.locator)));
  expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  for (const a of answers.filter((x) => x.status !== 200))
    expect(['booking_being_issued', 'booking_already_issued']).toContain(a.body.errors[0].code);
  const history = await db()
    .selectFrom('booking_history as h')
    .innerJoin('bookings as b', 'b.id', 'h.booking_id')
    .select('h.action')
    .where('b.locator', '=', booked.locator)
    .execute();
  expect(history.filter((h) => h.action === 'issue_started')).toHaveLength(1);
  expect(history.filter((h) => h.action === 'issued')).toHaveLength(1);
  const intents = await db()
    .selectFrom('airline_intents as i')
    .innerJoin('bookings as b', 'b.id', 'i.booking_id')
    .select(['i.operation', 'i.state'])
    .where('b.locator', '=', booked.locator)
    .execute();
  expect(intents).toEqual([{ operation: 'issue', state: 'succeeded' }]);
  const sales = await db().selectFrom('sales_documents').select('id').where('locator', '=', booked.locator).execute();
  expect(sales).toHaveLength(1);
});

it('an issue that meets another open airline operation of the booking is refused and writes nothing', async () => {
  const tenant = await createTenant(db());
  const agent = await createAccount(db(), { userType: 'Agent', tenant });
  await payBy(db(), tenant, 'bsp_cash');
  const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 52 });
  const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
  const row = await db()
    .selectFrom('bookings')
    .selectAll()
    .where('locator', '=', booked.locator)
    .executeTakeFirstOrThrow();
  // A cancel of the booking in flight (its intent open), as the cancel writes it.
  const at = new Date();
  await db()
    .insertInto('airline_intents')
    .values({
      id: `ain_open_${row.id}`,
      booking_id: row.id,
      operation: 'cancel',
      state: 'pending',
      request_id: null,
      attempt_id: null,
      debit_amount: '0.00',
      credit_amount: '0.00',
      currency: row.currency.trim(),
      detail: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const refused = await issue(agent.token, booked.locator);
  expect(refused.status, JSON.stringify(refused.body)).toBe(409);
  expect(refused.body.errors[0].code).toBe('booking_changed_concurrently');
  expect(refused.body.errors[0].detail ?? refused.body.errors[0].message).toContain('cancel');
  const after = await db().selectFrom('bookings').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  expect(after.status).toBe('new');
  expect(after.issue_attempt_id).toBeNull();
  const history = await db().selectFrom('booking_history').select('action').where('booking_id', '=', row.id).execute();
  expect(history.filter((h) => h.action === 'issue_started')).toHaveLength(0);
  const intents = await db()
    .selectFrom('airline_intents')
    .select('operation')
    .where('booking_id', '=', row.id)
    .execute();
  expect(intents).toEqual([{ operation: 'cancel' }]);
});

it(
  '200 bookings issued at once against one balance leave it at the start less the exact sum',
  { timeout: 240_000 },
  async () => {
    const { tenant, agent } = await payingTenant();
    const fares: FoundFare[] = [];
    const routes = [
      ['WAW', 'FRA'],
      ['WAW', 'MUC'],
      ['VIE', 'FRA'],
      ['BRU', 'FRA'],
      ['PRG', 'MUC'],
    ];
    // Seats left per flight and class, shared by every fare (and connection) that sells them.
    const seats = new Map<string, number>();
    let capacity = 0;
    for (let day = 60; capacity < 300 && day < 90; day += 1) {
      for (const [origin, destination] of routes) {
        const found = await findFares(
          stack.baseUrl,
          bearer(agent.token),
          { origin: origin!, destination: destination!, days: day },
          { currency: 'EUR' },
        );
        for (const f of found) {
          for (const key of f.inventory) if (!seats.has(key)) seats.set(key, Math.min(3, f.seatsLeft));
          // At most three seats of any flight and class: classes never sell out under the test.
          while (capacity < 300 && f.inventory.every((key) => seats.get(key)! > 0)) {
            for (const key of f.inventory) seats.set(key, seats.get(key)! - 1);
            fares.push(f);
            capacity += 1;
          }
        }
        if (capacity >= 300) break;
      }
    }
    expect(capacity).toBeGreaterThanOrEqual(300);

    // A codeshare sells its partner's seats under another flight number, so a class can still sell
    // out here; such a booking is simply skipped (it was never held, so it costs nothing).
    const bookings: { locator: string; costMinor: number }[] = [];
    for (let i = 0; bookings.length < 200 && i < fares.length; i += 10) {
      const batch = await Promise.all(
        fares
          .slice(i, i + 10)
          .map((f) => request(stack.baseUrl).post('/api/v1/bookings').set(bearer(agent.token)).send(bookingBody(f))),
      );
      for (const res of batch) {
        if (res.status === 409 && res.body.errors[0].code === 'sold_out') continue;
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        if (bookings.length < 200)
          bookings.push({ locator: res.body.locator, costMinor: toMinor(res.body.price.amount) + feeMinor });
      }
    }
    expect(bookings).toHaveLength(200);
    const totalCost = bookings.reduce((s, b) => s + b.costMinor, 0);
    // Enough for about three quarters of them: some issues must be refused, and none may overdraw.
    const start = Math.floor(totalCost * 0.75);
    await setBalance(db(), tenant.companyId, fromMinor(start));

    const answers = await Promise.all(bookings.map((b) => issue(agent.token, b.locator, `bulk-${b.locator}`)));
    const issued = bookings.filter((_, i) => answers[i]!.status === 200);
    const refused = bookings.filter((_, i) => answers[i]!.status !== 200);
    for (const [i, a] of answers.entries())
      if (a.status !== 200)
        expect(a.body.errors[0].code, `${bookings[i]!.locator}: ${JSON.stringify(a.body)}`).toBe(
          'insufficient_balance',
        );
    expect(issued.length).toBeGreaterThan(100);
    expect(refused.length).toBeGreaterThan(0);

    const final = toMinor(await balanceOf(db(), tenant.companyId));
    expect(final).toBe(start - issued.reduce((s, b) => s + b.costMinor, 0));
    expect(final).toBeGreaterThanOrEqual(0);
    // The balance only fell, so each refused booking cost more than what is left even now.
    for (const b of refused) expect(b.costMinor).toBeGreaterThan(final);
    const ledger = await db()
      .selectFrom('transactions')
      .select('amount')
      .where('company_id', '=', tenant.companyId)
      .where('reason', 'not in', setupReasons)
      .execute();
    expect(ledger).toHaveLength(issued.length * 2);
    expect(start + ledger.reduce((s, l) => s + toMinor(l.amount), 0)).toBe(final);
    const states = await db()
      .selectFrom('bookings')
      .select(['status'])
      .where(
        'locator',
        'in',
        bookings.map((b) => b.locator),
      )
      .execute();
    expect(states.filter((s) => s.status === 'issued')).toHaveLength(issued.length);
    expect(states.filter((s) => s.status === 'new')).toHaveLength(refused.length);
  },
);

it('leaves every balance equal to the sum of its ledger entries', async () => {
  await expectBalancesMatchLedgers(db());
});
