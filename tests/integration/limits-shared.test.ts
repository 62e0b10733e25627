// Rate limits, lockouts and attempt counters live in Redis (or PostgreSQL), never in one process's
// memory: two app instances on the same Redis and database share every one of them.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let a: Stack;
let b: Stack;
beforeAll(async () => {
  const started = await Promise.all([0, 1].map(() => startStack({ withSandbox: false, env: { TRUST_PROXY: 'true' } })));
  a = started[0]!;
  b = started[1]!;
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

it('counts failed sign-ins on either instance against one lockout', async () => {
  const account = await createAccount(a.ctx.db);
  const attempt = (stack: Stack, password: string) =>
    request(stack.baseUrl).post('/api/v1/sign_in').send({ identity: account.email, password });
  for (let i = 0; i < 5; i++) expect((await attempt(i % 2 === 0 ? a : b, 'wrong')).status).toBe(401);
  expect((await attempt(b, account.password)).status).toBe(429);
  expect((await attempt(a, account.password)).status).toBe(429);
});

it('counts code sends on either instance against one ceiling', async () => {
  const identity = `shared-${Date.now()}@example.com`;
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    statuses.push(
      (
        await request((i % 2 === 0 ? a : b).baseUrl)
          .post('/api/v1/start_sign_in')
          .send({ identity })
      ).status,
    );
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
});
