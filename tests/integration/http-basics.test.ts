// Over real HTTP: method override, request ids, security headers, the served contract and docs.
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/factories.js';
import { setCookies } from '../support/sessions.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
// Its own Support account: these tests change the account's name and language, which the shared
// demo accounts must keep for every other file of the run.
let asSupport: { Authorization: string };
beforeAll(async () => {
  stack = await startStack();
  const support = await createAccount(stack.ctx.db, { userType: 'Support' });
  asSupport = { Authorization: `Bearer ${support.token}` };
});
afterAll(async () => {
  await stack.close();
});

const asAdmin = { Authorization: `Bearer ${tokens.Admin}` };

describe('X-HTTP-Method-Override on POST', () => {
  it('reaches the PUT operation', async () => {
    const res = await request(stack.baseUrl)
      .post('/api/v1/account/details')
      .set(asSupport)
      .set('X-HTTP-Method-Override', 'PUT')
      .send({ first_name: 'Sam', last_name: 'Overridden' });
    expect(res.status).toBe(200);
    expect(res.body.last_name).toBe('Overridden');
  });

  it('reaches the PATCH operation', async () => {
    const res = await request(stack.baseUrl)
      .post('/api/v1/account/details/update_locale')
      .set(asSupport)
      .set('X-HTTP-Method-Override', 'patch')
      .send({ language: 'pl' });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe('pl');
    const after = await request(stack.baseUrl).get('/api/v1/account/details').set(asSupport);
    expect(after.body.language).toBe('pl');
  });

  it('reaches the DELETE operation', async () => {
    const created = await request(stack.baseUrl)
      .post('/api/v1/mail_outbox')
      .set(asAdmin)
      .send({ to: 'del@example.com', subject: 'Bye', body: 'x' });
    expect(created.status).toBe(202);
    const res = await request(stack.baseUrl)
      .post(`/api/v1/mail_outbox/${created.body.id}`)
      .set(asAdmin)
      .set('X-HTTP-Method-Override', 'DELETE');
    expect(res.status).toBe(204);
    expect((await request(stack.baseUrl).get(`/api/v1/mail_outbox/${created.body.id}`).set(asAdmin)).status).toBe(404);
  });

  it('is refused, with 400 in the envelope, on other methods and for other values', async () => {
    const get = await request(stack.baseUrl)
      .get('/api/v1/account/details')
      .set(asSupport)
      .set('X-HTTP-Method-Override', 'DELETE');
    expect(get.status).toBe(400);
    expect(get.body.errors[0]).toMatchObject({
      code: 'method_override_invalid',
      source: { parameter: 'X-HTTP-Method-Override' },
    });
    for (const value of ['TRACE', 'GET', 'POST', '']) {
      const bogus = await request(stack.baseUrl)
        .post('/api/v1/account/details')
        .set(asSupport)
        .set('X-HTTP-Method-Override', value)
        .send({});
      expect(bogus.status, value).toBe(400);
      expect(bogus.body.errors[0].code).toBe('method_override_invalid');
      expect(bogus.body.meta.request_id).toBe(bogus.headers['x-request-id']);
    }
  });

  it('is refused before authentication and routing', async () => {
    const res = await request(stack.baseUrl).post('/api/v1/no/such/thing').set('X-HTTP-Method-Override', 'FUZZ');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].code).toBe('method_override_invalid');
  });
});

describe('request ids', () => {
  it('echoes the id the client sent', async () => {
    const res = await request(stack.baseUrl).get('/api/v1/healthz').set('X-Request-Id', 'client-chosen-42');
    expect(res.headers['x-request-id']).toBe('client-chosen-42');
  });

  it('makes one up otherwise, also on errors, and puts it in the body', async () => {
    const res = await request(stack.baseUrl).get('/api/v1/nowhere');
    expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-f]{12}[0-9a-z]{8,}$/);
    expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
  });

  it('does not echo an id that could inject headers or logs', async () => {
    const res = await request(stack.baseUrl).get('/api/v1/healthz').set('X-Request-Id', 'a b<script>');
    expect(res.headers['x-request-id']).toMatch(/^req_/);
  });
});

describe('what the API serves besides operations', () => {
  it('serves the bundled contract at /api/v1/openapi.json', async () => {
    const res = await request(stack.baseUrl).get('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const bundle = JSON.parse(readFileSync('api/src/http/generated/openapi.bundle.json', 'utf8'));
    expect(res.body).toEqual(bundle);
  });

  it('serves the offline docs at /docs with no request to another host', async () => {
    const res = await request(stack.baseUrl).get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('Contrail API');
    expect(res.text).not.toMatch(/<script[^>]+src="https?:\/\//);
  });

  it('answers liveness at /healthz and the contract path alike', async () => {
    for (const path of ['/healthz', '/api/v1/healthz']) {
      const res = await request(stack.baseUrl).get(path);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok' });
    }
  });

  it('sends security headers: the REST set on API answers, the page set on pages', async () => {
    const api = await request(stack.baseUrl).get('/api/v1/healthz');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    // Plain HTTP here: HSTS goes only with TLS.
    expect(api.headers['strict-transport-security']).toBeUndefined();
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-powered-by']).toBeUndefined();

    const page = await request(stack.baseUrl).get('/sign_in');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('behind a TLS-terminating proxy', () => {
  let proxied: Stack;
  beforeAll(async () => {
    proxied = await startStack({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await proxied.close();
  });

  it('sends HSTS and marks the session cookies Secure', async () => {
    const health = await request(proxied.baseUrl).get('/api/v1/healthz').set('X-Forwarded-Proto', 'https');
    expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const res = await request(proxied.baseUrl)
      .post('/api/v1/sign_in')
      .set('X-Forwarded-Proto', 'https')
      .send({ identity: 'support@contrail.test', password: 'contrail-demo' });
    expect(res.status).toBe(200);
    for (const cookie of setCookies(res)) expect(cookie).toMatch(/; Secure/);
  });
});
