// Readiness reports each dependency, and fails when one does not answer.
import request from 'supertest';
import { afterEach, expect, it } from 'vitest';
import { closedPort } from '../support/services.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

it('is ready when PostgreSQL, the queue (Redis) and the sandbox answer', async () => {
  stack = await startStack();
  const res = await request(stack.baseUrl).get('/readyz');
  expect(res.status).toBe(200);
  expect(res.body.status).toBe('ready');
  expect(res.body.checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok])).toEqual([
    ['database', true],
    ['queue', true],
    ['sandbox', true],
  ]);
});

it('is ready on the PostgreSQL queue backend too', async () => {
  stack = await startStack({ env: { REDIS_URL: '' } });
  const res = await request(stack.baseUrl).get('/api/v1/readyz');
  expect(res.status).toBe(200);
});

it('fails with 503 when PostgreSQL is unreachable, saying which check failed', async () => {
  stack = await startStack({ env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/gone` } });
  const res = await request(stack.baseUrl).get('/readyz');
  expect(res.status).toBe(503);
  expect(res.body.errors).toEqual([
    {
      status: '503',
      code: 'dependency_unavailable',
      title: 'A service this one depends on does not answer.',
      detail: 'database: unreachable (ECONNREFUSED)',
    },
  ]);
});

it('fails when the sandbox is down', async () => {
  stack = await startStack({ withSandbox: false });
  const res = await request(stack.baseUrl).get('/readyz');
  expect(res.status).toBe(503);
  expect(res.body.errors.map((e: { detail: string }) => e.detail)).toEqual([expect.stringMatching(/^sandbox: /)]);
});

it('fails when Redis is unreachable', async () => {
  stack = await startStack({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
  const res = await request(stack.baseUrl).get('/readyz');
  expect(res.status).toBe(503);
  expect(res.body.errors.map((e: { detail: string }) => e.detail)).toEqual([expect.stringMatching(/^queue: /)]);
});
