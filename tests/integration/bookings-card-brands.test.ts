// Paying the airline with the channel's credit card, for every card brand the back office
// recognises: the card is added the way a supervisor adds it (through the API, so its brand is the
// one the card-number check gave it), and the sandbox airline takes the payment only when the order
// names the card by its IATA two-letter code and the number is of that brand.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBrand } from '../../api/src/domain/back-office/card-number.js';
import { bearer, book, findFares, payBy } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

// Test numbers of each brand (they pass the Luhn check; none is a real card).
const cards = [
  { brand: 'visa', number: '4111 1111 1111 1111' },
  { brand: 'mastercard', number: '5555 5555 5555 4444' },
  { brand: 'amex', number: '3782 822463 10005' },
  { brand: 'diners', number: '3056 930902 5904' },
  { brand: 'discover', number: '6011 1111 1111 1117' },
  { brand: 'jcb', number: '3530 1113 3330 0000' },
  { brand: 'uatp', number: '1354 10014004955' },
] as const;

async function tenantPayingBy(number: string): Promise<{ tenant: TestTenant; agent: TestAccount }> {
  const db = stack.ctx.db;
  const tenant = await createTenant(db);
  const agent = await createAccount(db, { userType: 'Agent', tenant });
  const supervisor = await createAccount(db, { userType: 'Supervisor', tenant });
  await payBy(db, tenant, 'credit_card');
  const channel = await db
    .selectFrom('agency_channels as ac')
    .innerJoin('source_channels as sc', 'sc.id', 'ac.source_channel_id')
    .select('ac.id')
    .where('ac.agency_id', '=', tenant.agencyId)
    .where('sc.carrier', '=', 'LH')
    .executeTakeFirstOrThrow();
  const added = await request(stack.baseUrl)
    .post(`/api/v1/ticketing/agency_channels/${channel.id}/credit_cards`)
    .set(bearer(supervisor.token))
    .send({ number, exp_month: 12, exp_year: new Date().getFullYear() + 2, holder: 'AGENCY CARD' });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { tenant, agent };
}

describe('issuing with the channel credit card', () => {
  it('knows a test number of every brand', () => {
    expect(cards.map((c) => cardBrand(c.number.replace(/ /g, '')))).toEqual(cards.map((c) => c.brand));
  });

  it.each(cards)('issues with a $brand card', async ({ number }) => {
    const { agent } = await tenantPayingBy(number);
    const [fare] = await findFares(
      stack.baseUrl,
      bearer(agent.token),
      { origin: 'WAW', destination: 'FRA', days: 47 },
      { carriers: ['LH'] },
    );
    const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
    const res = await request(stack.baseUrl)
      .post('/api/v1/bookings/issue')
      .set(bearer(agent.token))
      .send({ locator: booked.locator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'issued', form_of_payment: 'credit_card', tickets_present: true });
  });
});
