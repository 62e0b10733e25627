// A restarted sandbox remembers its orders, and the API acts on an airline order only for the
// booking it was made for. Before, a restart forgot every order and handed the same locators out
// again, so issuing an old booking ticketed a newer booking's order.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { toMinor } from '../../api/src/money.js';
import { balanceOf, bearer, book, findFares, payBy, type FoundFare } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let fares: FoundFare[];
beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
});
afterAll(async () => {
  await stack.close();
});

const search = () =>
  findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 40 }, { currency: 'EUR' });
const airlineLocator = async (locator: string) =>
  await stack.ctx.db
    .selectFrom('bookings')
    .select(['id', 'airline_locator'])
    .where('locator', '=', locator)
    .executeTakeFirstOrThrow();
const getBooking = (locator: string) =>
  request(stack.baseUrl).get(`/api/v1/bookings/${locator}`).set(bearer(agent.token));

it('keeps bookings across a sandbox restart and gives the next booking another airline locator', async () => {
  fares = await search();
  const before = await book(stack.baseUrl, bearer(agent.token), fares[0]!);
  await stack.restartSandbox();
  const after = await book(stack.baseUrl, bearer(agent.token), (await search())[0]!);

  const [old, fresh] = [await airlineLocator(before.locator), await airlineLocator(after.locator)];
  expect(fresh.airline_locator).not.toBe(old.airline_locator);
  // The old booking is still known to the airline after the restart.
  const reopened = await getBooking(before.locator);
  expect(reopened.status, JSON.stringify(reopened.body)).toBe(200);
  expect(reopened.body.status).toBe('new');
});

it('refuses to act on an airline order made for another booking, and nothing moves', async () => {
  const first = await book(stack.baseUrl, bearer(agent.token), (await search())[0]!);
  const second = await book(stack.baseUrl, bearer(agent.token), (await search())[0]!);
  // What a forgetful airline did: the first booking's locator now names the second booking's order.
  const other = await airlineLocator(second.locator);
  await stack.ctx.db
    .updateTable('bookings')
    .set({ airline_locator: other.airline_locator })
    .where('locator', '=', first.locator)
    .execute();
  const balance = toMinor(await balanceOf(stack.ctx.db, tenant.companyId));

  const opened = await getBooking(first.locator);
  expect(opened.status).toBe(409);
  expect(opened.body.errors[0].code).toBe('airline_order_mismatch');
  const issued = await request(stack.baseUrl)
    .post('/api/v1/bookings/issue')
    .set(bearer(agent.token))
    .send({ locator: first.locator });
  expect(issued.status, JSON.stringify(issued.body)).toBe(409);
  expect(issued.body.errors[0].code).toBe('airline_order_mismatch');

  // The second booking's order was not ticketed, and no money moved.
  const untouched = await getBooking(second.locator);
  expect(untouched.status).toBe(200);
  expect(untouched.body.status).toBe('new');
  expect(untouched.body.tickets ?? []).toEqual([]);
  expect(toMinor(await balanceOf(stack.ctx.db, tenant.companyId))).toBe(balance);
});
