// Each refusal of hostile input at the edge, one by one over real HTTP (the fuzz test in
// tests/fuzz walks every operation): non-JSON bodies, text PostgreSQL cannot hold, empty ids,
// the parser's and router's own refusals, and unknown method overrides. All in the envelope.
import net from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
});
afterAll(async () => {
  await stack.close();
});

const asAdmin = { Authorization: `Bearer ${tokens.Admin}` };

function expectRefusal(res: request.Response, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  expect(res.body.errors[0]).toMatchObject({ status: String(status), code });
  expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
}

/** Bytes on the wire, for what HTTP clients refuse to send. */
function raw(baseUrl: string, text: string): Promise<{ status: number; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(Number(url.port), url.hostname, () => socket.end(text));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n', 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body });
    });
  });
}

describe('bodies that are not JSON', () => {
  it('answers 415 to a text/plain or form body on an operation that takes JSON, and creates nothing', async () => {
    // CSV and JSON Lines are media types of answers (the accounting documents): never of a body.
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/csv',
      'application/x-ndjson',
    ]) {
      const res = await request(stack.baseUrl)
        .post('/api/v1/agencies')
        .set(asAdmin)
        .set('Content-Type', type)
        .send('name=Nope');
      expectRefusal(res, 415, 'unsupported_media_type');
    }
  });

  it('leaves the main gate as it was for a nonsense text body', async () => {
    const before = await request(stack.baseUrl).get('/api/v1/ticketing/gates').set(asAdmin);
    const res = await request(stack.baseUrl)
      .patch('/api/v1/ticketing/main_gate')
      .set(asAdmin)
      .set('Content-Type', 'text/plain')
      .send('nonsense');
    expectRefusal(res, 415, 'unsupported_media_type');
    const after = await request(stack.baseUrl).get('/api/v1/ticketing/gates').set(asAdmin);
    expect(after.body).toEqual(before.body);
  });

  it('answers 400 naming the body when an operation that takes one gets none', async () => {
    const res = await request(stack.baseUrl).post('/api/v1/start_sign_in');
    expectRefusal(res, 400, 'validation_failed');
    expect(res.body.errors[0].source).toEqual({ pointer: '/' });
  });
});

describe('text PostgreSQL cannot hold, and empty ids', () => {
  it('answers 400 naming the field for a NUL, without sign-in too', async () => {
    for (const path of ['/api/v1/start_sign_in', '/api/v1/send_voice_otp']) {
      const res = await request(stack.baseUrl).post(path).send({ identity: 'someone\u0000@example.com' });
      expectRefusal(res, 400, 'validation_failed');
      expect(res.body.errors[0].source).toEqual({ pointer: '/identity' });
    }
    const form = await request(stack.baseUrl)
      .post('/api/v1/for_airlines/send_presentation')
      .send({ email: 'a\u0000@example.com', language: 'en', type: 'api' });
    expectRefusal(form, 400, 'validation_failed');
    expect(form.body.errors[0].source).toEqual({ pointer: '/email' });
  });

  it('answers 400 for a lone surrogate, in a value and in a property name', async () => {
    const value = await request(stack.baseUrl)
      .post('/api/v1/sign_in')
      .set('Content-Type', 'application/json')
      .send('{"identity":"a@example.com","password":"x\\ud800"}');
    expectRefusal(value, 400, 'validation_failed');
    expect(value.body.errors[0].source).toEqual({ pointer: '/password' });
    const name = await request(stack.baseUrl)
      .post('/api/v1/agencies')
      .set(asAdmin)
      .set('Content-Type', 'application/json')
      .send('{"name":"A","\\udc00":1}');
    expectRefusal(name, 400, 'validation_failed');
  });

  it('answers 400 for an empty id in a body and in a query', async () => {
    const body = await request(stack.baseUrl)
      .post('/api/v1/companies')
      .set(asAdmin)
      .send({ name: 'Nowhere', agency_id: '' });
    expectRefusal(body, 400, 'validation_failed');
    expect(body.body.errors.map((e: { source: unknown }) => e.source)).toContainEqual({ pointer: '/agency_id' });
    const query = await request(stack.baseUrl).get('/api/v1/companies?agency_id=').set(asAdmin);
    expectRefusal(query, 400, 'validation_failed');
    expect(query.body.errors[0].source).toEqual({ parameter: 'agency_id' });
  });

  it('answers 400 naming the query parameter for a NUL or bytes that are not UTF-8', async () => {
    for (const q of ['q=ab%00', 'q=ab%ED%A0%80']) {
      const res = await request(stack.baseUrl).get(`/api/v1/companies?${q}`).set(asAdmin);
      expectRefusal(res, 400, 'validation_failed');
      expect(res.body.errors[0].source).toEqual({ parameter: 'q' });
    }
  });
});

describe("the framework's and the parser's own refusals", () => {
  it('answers malformed JSON and a too-large body in the envelope', async () => {
    const malformed = await request(stack.baseUrl)
      .post('/api/v1/start_sign_in')
      .set('Content-Type', 'application/json')
      .send('{"identity":');
    expectRefusal(malformed, 400, 'malformed_request');
    const big = JSON.stringify({ identity: 'a'.repeat(1_100_000) });
    const tooLarge = await raw(
      stack.baseUrl,
      `POST /api/v1/start_sign_in HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${big.length.toString(16)}\r\n${big}\r\n0\r\n\r\n`,
    );
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body).errors[0].code).toBe('payload_too_large');
  });

  it('answers 414 for a path segment longer than any id, and 400 for a path that is not UTF-8', async () => {
    const long = await request(stack.baseUrl)
      .get(`/api/v1/companies/${'a'.repeat(300)}`)
      .set(asAdmin);
    expectRefusal(long, 414, 'uri_too_long');
    const bad = await request(stack.baseUrl).get('/api/v1/companies/a%ED%A0%80').set(asAdmin);
    expectRefusal(bad, 400, 'malformed_request');
  });

  it('answers 431 and 400 from the HTTP parser in the envelope', async () => {
    const huge = await raw(
      stack.baseUrl,
      `GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'h'.repeat(20_000)}\r\n\r\n`,
    );
    expect(huge.status).toBe(431);
    expect(JSON.parse(huge.body)).toMatchObject({ errors: [{ status: '431', code: 'headers_too_large' }], meta: {} });
    const nul = await raw(
      stack.baseUrl,
      'GET /api/v1/healthz HTTP/1.1\r\nHost: x\r\nIdempotency-Key: a\u0000b\r\n\r\n',
    );
    expect(nul.status).toBe(400);
    expect(JSON.parse(nul.body).errors[0]).toMatchObject({ status: '400', code: 'malformed_request' });
  });
});
