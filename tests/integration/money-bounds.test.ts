// Money amounts past what the ledger's numeric(14, 2) columns hold are refused at the contract,
// with a 4xx that changes nothing, never a 500 from PostgreSQL.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../support/factories.js';
import { bearer } from '../support/bookings.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;

beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
  tenant = await createTenant(stack.ctx.db);
});
afterAll(async () => {
  await stack?.close();
  expect(stack.violations).toEqual([]);
});

const post = (amount: unknown) =>
  request(stack.apiUrl)
    .post('/transactions')
    .set(bearer(tokens.Admin))
    .send({ company_id: tenant.companyId, amount: { amount, currency: 'EUR' }, reason: 'bounds' });

describe('huge money amounts', () => {
  it.each([
    ['1 followed by 40 zeros', `1${'0'.repeat(40)}`],
    ['negative, 40 digits', `-9${'9'.repeat(39)}`],
    ['13 integer digits', '1000000000000'],
    ['1e308 as a number', 1e308],
    ['a long fraction', '1.00000000000000000000'],
  ])('%s is refused with 400 and changes nothing', async (_what, amount) => {
    const before = await stack.ctx.db
      .selectFrom('companies')
      .select('balance_amount')
      .where('id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    const res = await post(amount);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const after = await stack.ctx.db
      .selectFrom('companies')
      .select('balance_amount')
      .where('id', '=', tenant.companyId)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('a credit that would carry the balance past what it holds is refused with 400, not a 500', async () => {
    const res = await post('999999999999.99');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation_failed', source: { pointer: '/amount/amount' } });
  });

  it('the largest amount the ledger holds is still taken', async () => {
    const res = await post('-999999999999.99');
    // A debit this large fails for the balance, not for the size: a clear 4xx either way, or taken.
    expect(res.status).toBeLessThan(500);
  });
});
