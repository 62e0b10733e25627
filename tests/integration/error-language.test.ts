// Error texts in the caller's language (en, ua, pl): chosen from Accept-Language (the console sends
// its interface language there), else from the signed-in account's language, else English. And a
// person who opens a page that does not exist (/de, /no/such/page) gets the not-found page, not JSON.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorRegistry } from '../../api/src/http/errors.js';
import { pl } from '../../api/src/http/error-texts/pl.js';
import { ua } from '../../api/src/http/error-texts/ua.js';
import { createAccount } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
});
afterAll(async () => {
  await stack.close();
});

const unknownToken = { Authorization: `Bearer ctr_test_${'x'.repeat(32)}` };

describe('error texts', () => {
  it('has a text of its own for every error code in ua and pl', () => {
    for (const [code, { title }] of Object.entries(errorRegistry)) {
      for (const texts of [ua, pl] as Record<string, string>[]) {
        expect(texts[code], code).toBeTruthy();
        expect(texts[code], code).not.toBe(title);
      }
    }
  });

  it('answers in English by default, with the detail', async () => {
    const res = await request(stack.baseUrl).get('/api/v1/account/details').set(unknownToken);
    expect(res.status).toBe(401);
    expect(res.body.errors[0]).toMatchObject({ code: 'unauthenticated', title: errorRegistry.unauthenticated.title });
    expect(res.body.errors[0].detail).toMatch(/unknown or revoked/);
  });

  it.each([
    ['uk-UA,uk;q=0.9,en;q=0.5', ua.unauthenticated, 'uk'],
    ['ua', ua.unauthenticated, 'uk'],
    ['pl', pl.unauthenticated, 'pl'],
    ['de-DE,de;q=0.9,pl;q=0.8,en;q=0.7', pl.unauthenticated, 'pl'],
    ['de-DE', errorRegistry.unauthenticated.title, 'en'],
  ])('answers Accept-Language %s in its language', async (header, title, contentLanguage) => {
    const res = await request(stack.baseUrl)
      .get('/api/v1/account/details')
      .set(unknownToken)
      .set('Accept-Language', header);
    expect(res.status).toBe(401);
    expect(res.body.errors[0].title).toBe(title);
    expect(res.headers['content-language']).toBe(contentLanguage);
    expect(res.body.meta.request_id).toBe(res.headers['x-request-id']);
  });

  it("writes a signed-in caller's errors in the account's language when the request names none", async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent' });
    await stack.ctx.db.updateTable('accounts').set({ language: 'ua' }).where('id', '=', agent.id).execute();
    const asAgent = { Authorization: `Bearer ${agent.token}` };
    const res = await request(stack.baseUrl).get('/api/v1/mail_outbox').set(asAgent);
    expect(res.status).toBe(403);
    expect(res.body.errors[0]).toMatchObject({ code: 'forbidden', title: ua.forbidden });
    expect(res.body.errors[0].detail).toBeUndefined();
    // The request's own language wins: the console sends the one it shows.
    const asked = await request(stack.baseUrl).get('/api/v1/mail_outbox').set(asAgent).set('Accept-Language', 'pl');
    expect(asked.body.errors[0].title).toBe(pl.forbidden);
  });

  it('keeps the pointer of a validation error in every language', async () => {
    const res = await request(stack.baseUrl)
      .post('/api/v1/sign_in')
      .set('Accept-Language', 'pl')
      .send({ identity: 'a@example.com', password: 'x', extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ code: 'validation_failed', title: pl.validation_failed });
    expect(res.body.errors[0].source).toBeDefined();
  });
});

describe('the not-found page', () => {
  it.each(['/de', '/de/airlines', '/no/such/page', '/en/no-such-page'])(
    'shows %s to a browser as the console page with status 404',
    async (path) => {
      const res = await request(stack.baseUrl).get(path).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it('answers a program (no HTML asked for) and anything under /api with the errors envelope', async () => {
    const page = await request(stack.baseUrl).get('/de').set('Accept', 'application/json');
    expect(page.status).toBe(404);
    expect(page.body.errors[0].code).toBe('route_not_found');
    const api = await request(stack.baseUrl).get('/api/v1/no/such/thing').set('Accept', 'text/html');
    expect(api.status).toBe(404);
    expect(api.body.errors[0].code).toBe('route_not_found');
    const asset = await request(stack.baseUrl).get('/packs/assets/missing.js').set('Accept', 'text/html');
    expect(asset.status).toBe(404);
    expect(asset.headers['content-type']).toMatch(/json/);
  });
});
