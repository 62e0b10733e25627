// Rate limits, lockouts and attempt counters live in Redis (or PostgreSQL), never in one process's
// memory: two app instances on the same Redis and database share every one of them.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';
import { wellInsideMinute } from '../support/wait.js';

// Both instances are one deployment: one key prefix.
const sharedPrefix = `shared-${Date.now()}`;
let a: Stack;
let b: Stack;
beforeAll(async () => {
  const started = await Promise.all(
    [0, 1].map(() =>
      startStack({
        withSandbox: false,
        env: { TRUST_PROXY: 'true', RATE_LIMIT_PER_MINUTE: '40', KEY_PREFIX: sharedPrefix },
      }),
    ),
  );
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

it('counts the per-address request ceiling on either instance', async () => {
  const from = '203.0.113.77';
  const health = (stack: Stack) => request(stack.baseUrl).get('/api/v1/healthz').set('X-Forwarded-For', from);
  await wellInsideMinute();
  const first = await Promise.all(Array.from({ length: 30 }, () => health(a)));
  expect(first.every((r) => r.status === 200)).toBe(true);
  // The instances share their counts within a sync interval (200 ms).
  await new Promise((resolve) => setTimeout(resolve, 600));
  const second = await Promise.all(Array.from({ length: 30 }, () => health(b)));
  const refused = second.filter((r) => r.status === 429);
  // 40 a minute in all: b starts from a's 30 and lets about 10 through (a sync interval's worth
  // more at most).
  expect(refused.length).toBeGreaterThanOrEqual(15);
  expect(refused[0]!.body.errors[0].code).toBe('rate_limited');
});
