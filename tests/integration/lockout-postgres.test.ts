// Without Redis, sign-in attempts are counted in PostgreSQL, with the same ceilings, shared by every
// API process: two app instances on one database count one identity together.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stacks: Stack[];
beforeAll(async () => {
  stacks = await Promise.all([0, 1].map(() => startStack({ env: { REDIS_URL: '' }, withSandbox: false })));
});
afterAll(async () => {
  await Promise.all(stacks.map((s) => s.close()));
});

const attempt = (stack: Stack, identity: string, password: string) =>
  request(stack.baseUrl).post('/api/v1/sign_in').send({ identity, password });

it('checks at most five of 30 concurrent wrong passwords spread over two API instances, then locks', async () => {
  const account = await createAccount(stacks[0]!.ctx.db);
  const statuses = (
    await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(stacks[i % 2]!, account.email, 'wrong')))
  ).map((r) => r.status);
  expect(statuses.filter((s) => s === 401)).toHaveLength(5);
  const locked = await attempt(stacks[1]!, account.email, account.password);
  expect(locked.status).toBe(429);
  expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  const row = await stacks[0]!.ctx.db
    .selectFrom('sign_in_limits')
    .selectAll()
    .where('key', 'like', `signin:pair:${account.email}:%`)
    .executeTakeFirstOrThrow();
  expect(row.lock_level).toBe(1);
});
