// Every non-2xx answer is the errors envelope with the request id, over real HTTP.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../support/services.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

function expectEnvelope(body: unknown, requestId: string | undefined): void {
  expect(body).toMatchObject({ errors: expect.any(Array), meta: { request_id: requestId } });
  expect(requestId).toMatch(/\S+/);
}

describe('the errors envelope', () => {
  it('answers 400 with a source pointer for each invalid field', async () => {
    const res = await request(stack.baseUrl)
      .post('/api/v1/mail_outbox')
      .set('Authorization', `Bearer ${tokens.Admin}`)
      .send({ to: 'not-an-email', subject: '', extra: 1 });
    expect(res.status).toBe(400);
    expectEnvelope(res.body, res.headers['x-request-id']);
    const pointers = res.body.errors.map((e: { source?: { pointer?: string } }) => e.source?.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/to', '/subject', '/body', '/extra']));
    for (const error of res.body.errors) expect(error).toMatchObject({ status: '400', code: 'validation_failed' });
  });

  it('answers 400 naming the query parameter that is wrong', async () => {
    const res = await request(stack.baseUrl)
      .get('/api/v1/mail_outbox?per_page=1000')
      .set('Authorization', `Bearer ${tokens.Admin}`);
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation_failed', source: { parameter: 'per_page' } });
  });

  it('answers 400 for a body that is not JSON', async () => {
    const res = await request(stack.baseUrl)
      .put('/api/v1/account/details')
      .set('Authorization', `Bearer ${tokens.Agent}`)
      .set('Content-Type', 'application/json')
      .send('{"first_name":');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('malformed_request');
  });

  it('answers 401 without credentials, before looking at the body', async () => {
    const res = await request(stack.baseUrl).post('/api/v1/mail_outbox').send({ nonsense: true });
    expect(res.status).toBe(401);
    expectEnvelope(res.body, res.headers['x-request-id']);
    expect(res.body.errors[0].code).toBe('unauthenticated');
  });

  it('answers 401 for an unknown token', async () => {
    const res = await request(stack.baseUrl)
      .get('/api/v1/account/details')
      .set('Authorization', `Bearer ctr_test_${'x'.repeat(32)}`);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].detail).toMatch(/unknown or revoked/);
  });

  it('answers 403 when the role may not use the operation', async () => {
    const res = await request(stack.baseUrl).get('/api/v1/mail_outbox').set('Authorization', `Bearer ${tokens.Agent}`);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ status: '403', code: 'forbidden' });
  });

  it('answers 404 for an unknown route and for an unknown resource', async () => {
    const route = await request(stack.baseUrl).get('/api/v1/no/such/thing');
    expect(route.status).toBe(404);
    expectEnvelope(route.body, route.headers['x-request-id']);
    expect(route.body.errors[0].code).toBe('route_not_found');

    const resource = await request(stack.baseUrl)
      .get('/api/v1/mail_outbox/msg_missing')
      .set('Authorization', `Bearer ${tokens.Admin}`);
    expect(resource.status).toBe(404);
    expect(resource.body.errors[0].code).toBe('not_found');
  });

  it('answers 422 when an Idempotency-Key is reused with another body', async () => {
    const key = `envelope-${Date.now()}`;
    const send = (subject: string) =>
      request(stack.baseUrl)
        .post('/api/v1/mail_outbox')
        .set('Authorization', `Bearer ${tokens.Admin}`)
        .set('Idempotency-Key', key)
        .send({ to: 'a@example.com', subject, body: 'Hello' });
    expect((await send('first')).status).toBe(202);
    const res = await send('second');
    expect(res.status).toBe(422);
    expectEnvelope(res.body, res.headers['x-request-id']);
    expect(res.body.errors[0].code).toBe('idempotency_key_reused');
  });
});

describe('server errors', () => {
  let broken: Stack;
  beforeAll(async () => {
    // The database is unreachable, so any operation that reads it fails on our side.
    broken = await startStack({
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/none`, REDIS_URL: '' },
    });
  });
  afterAll(async () => {
    await broken.close();
  });

  it('answers 500 in the envelope without internals', async () => {
    const res = await request(broken.baseUrl)
      .get('/api/v1/account/details')
      .set('Authorization', `Bearer ${tokens.Agent}`);
    expect(res.status).toBe(500);
    expectEnvelope(res.body, res.headers['x-request-id']);
    expect(res.body.errors).toEqual([
      { status: '500', code: 'internal_error', title: 'Something went wrong on our side.' },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|stack/i);
  });
});
