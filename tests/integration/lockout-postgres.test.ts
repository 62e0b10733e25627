// Without Redis, sign-in failures are counted in PostgreSQL, with the same lockout.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { REDIS_URL: '' } });
});
afterAll(async () => {
  await stack.close();
});

it('locks an identity after five failures, counting concurrent failures exactly', async () => {
  const account = await createAccount(stack.ctx.db);
  const attempt = (password: string) =>
    request(stack.baseUrl).post('/api/v1/sign_in').send({ identity: account.email, password });
  const statuses = (await Promise.all(Array.from({ length: 5 }, () => attempt('wrong')))).map((r) => r.status);
  expect(statuses).toEqual([401, 401, 401, 401, 401]);
  const locked = await attempt(account.password);
  expect(locked.status).toBe(429);
  expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  const row = await stack.ctx.db
    .selectFrom('sign_in_limits')
    .selectAll()
    .where('key', '=', `signin:identity:${account.email}`)
    .executeTakeFirstOrThrow();
  expect(row.lock_level).toBe(1);
});
