// Every answer the edge can give any operation is in the contract, with its headers, so that a
// developer's validating proxy or generated client meets nothing undeclared: 429 and 500 everywhere
// (the per-address ceiling runs before any route), 413 and 415 wherever a body is taken; Request-Id
// on every answer, Idempotency-Replayed on the successes of idempotent operations, Retry-After and
// RateLimit-* on 429, Set-Cookie on signing in and out. And the API sends what it declares.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../api/src/http/routes/index.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

interface Response {
  $ref?: string;
  headers?: Record<string, { $ref?: string }>;
  content?: Record<string, { schema?: { $ref?: string } }>;
}
interface Operation {
  operationId: string;
  requestBody?: unknown;
  parameters?: { $ref?: string; name?: string }[];
  responses: Record<string, Response>;
}
const spec = loadSpec() as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
};
const methods = ['get', 'put', 'post', 'patch', 'delete'];
const operations = Object.values(spec.paths).flatMap((item) =>
  Object.entries(item)
    .filter(([method]) => methods.includes(method))
    .map(([, op]) => op),
);
const resolved = (r: Response): Response => (r.$ref ? spec.components.responses[r.$ref.split('/').pop()!]! : r);
const missing = (check: (op: Operation) => boolean) =>
  operations.filter((op) => !check(op)).map((op) => op.operationId);

describe('the contract declares', () => {
  it('429 and 500 in the errors envelope on every operation', () => {
    const envelope = (r: Response | undefined) =>
      r !== undefined &&
      resolved(r).content?.['application/json']?.schema?.$ref === '#/components/schemas/ErrorEnvelope';
    expect(operations.length).toBeGreaterThan(100);
    expect(missing((op) => envelope(op.responses['429']) && envelope(op.responses['500']))).toEqual([]);
  });

  it('413 and 415 on every operation that takes a body', () => {
    const withBody = operations.filter((op) => op.requestBody);
    expect(withBody.length).toBeGreaterThan(50);
    expect(missing((op) => !op.requestBody || ('413' in op.responses && '415' in op.responses))).toEqual([]);
  });

  it('Request-Id on every answer of every operation', () => {
    expect(
      missing((op) => Object.values(op.responses).every((r) => resolved(r).headers?.['Request-Id'] !== undefined)),
    ).toEqual([]);
  });

  it('Idempotency-Replayed on the successes of every operation that takes an Idempotency-Key', () => {
    const idempotent = (op: Operation) => (op.parameters ?? []).some((p) => p.$ref?.endsWith('/IdempotencyKey'));
    expect(operations.filter(idempotent).length).toBeGreaterThan(10);
    expect(
      missing(
        (op) =>
          !idempotent(op) ||
          Object.entries(op.responses)
            .filter(([status]) => status.startsWith('2'))
            .every(([, r]) => resolved(r).headers?.['Idempotency-Replayed'] !== undefined),
      ),
    ).toEqual([]);
  });

  it('Retry-After and RateLimit-* on 429, Set-Cookie on signing in and out', () => {
    expect(Object.keys(spec.components.responses.TooManyRequests!.headers!)).toEqual(
      expect.arrayContaining(['Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']),
    );
    for (const op of operations.filter((o) => o.operationId === 'signIn' || o.operationId === 'signOut')) {
      const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))![1];
      expect(resolved(success).headers?.['Set-Cookie'], op.operationId).toBeDefined();
    }
  });
});

describe('the API sends what the contract declares', () => {
  let stack: Stack;
  const lines: { request_id?: string; msg?: string }[] = [];
  beforeAll(async () => {
    stack = await startStack({
      env: { LOG_LEVEL: 'info', ACCESS_LOG: 'true' },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as { request_id?: string }) },
    });
  });
  afterAll(async () => {
    await stack.close();
  });

  it('Request-Id on every answer, the id the log lines of that request carry', async () => {
    const answers = await Promise.all([
      request(stack.baseUrl).get('/api/v1/account/details').set('Authorization', `Bearer ${tokens.Agent}`),
      request(stack.baseUrl).get('/api/v1/account/details'),
      request(stack.baseUrl).get('/api/v1/no/such/operation'),
      request(stack.baseUrl).get('/docs'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, expect.any(Number)]);
    for (const answer of answers) {
      const id = answer.headers['request-id'];
      expect(id).toMatch(/^req_[0-9a-f]{12}[0-9a-z]{8,}$/);
      expect(answer.headers['x-request-id']).toBe(id);
      if (answer.type === 'application/json' && answer.status >= 400) expect(answer.body.meta.request_id).toBe(id);
      await expect.poll(() => lines.some((l) => l.request_id === id)).toBe(true);
    }
  });

  it('415 and 413 in the errors envelope, with the request id', async () => {
    const auth = { Authorization: `Bearer ${tokens.Agent}` };
    const wrongType = await request(stack.baseUrl)
      .post('/api/v1/bookings/issue')
      .set(auth)
      .set('Content-Type', 'text/plain')
      .send('locator=K7XQ2M');
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.errors[0].code).toBe('unsupported_media_type');
    expect(wrongType.body.meta.request_id).toBe(wrongType.headers['request-id']);
    const tooLarge = await request(stack.baseUrl)
      .post('/api/v1/bookings/issue')
      .set(auth)
      .send({ locator: 'K7XQ2M', padding: 'x'.repeat(1_100_000) });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors[0].code).toBe('payload_too_large');
    expect(tooLarge.body.meta.request_id).toBe(tooLarge.headers['request-id']);
  });
});
