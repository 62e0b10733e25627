// Past the per-IP ceiling every route answers 429 in the envelope with Retry-After, the 404
// handler included.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
});
afterAll(async () => {
  await stack.close();
});

it('answers 429 with Retry-After once the ceiling is reached, on operations and unknown routes', async () => {
  for (let i = 0; i < 5; i++) expect((await request(stack.baseUrl).get('/api/v1/healthz')).status).toBe(200);
  const limited = await request(stack.baseUrl).get('/api/v1/healthz');
  expect(limited.status).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  expect(limited.headers['ratelimit-limit']).toBe('5');
  expect(limited.headers['ratelimit-remaining']).toBe('0');
  expect(Number(limited.headers['ratelimit-reset'])).toBeGreaterThan(0);
  expect(limited.body.errors[0]).toMatchObject({ status: '429', code: 'rate_limited' });
  expect(limited.body.meta.request_id).toBe(limited.headers['x-request-id']);

  const unknown = await request(stack.baseUrl).get('/api/v1/hammered');
  expect(unknown.status).toBe(429);
});
