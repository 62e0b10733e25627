// The console's cookies are Secure whenever the request came over HTTPS, trusting a proxy's
// X-Forwarded-Proto only with TRUST_PROXY; COOKIE_SECURE=always|never forces the choice.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount } from '../support/factories.js';
import { setCookies } from '../support/sessions.js';
import { startStack, type Stack } from '../support/stack.js';

const stacks: Record<string, Stack> = {};
beforeAll(async () => {
  const envs: Record<string, Record<string, string>> = {
    untrusted: {},
    proxied: { TRUST_PROXY: 'true' },
    always: { COOKIE_SECURE: 'always' },
    never: { COOKIE_SECURE: 'never', TRUST_PROXY: 'true' },
  };
  for (const [name, env] of Object.entries(envs)) stacks[name] = await startStack({ env, withSandbox: false });
});
afterAll(async () => {
  await Promise.all(Object.values(stacks).map((s) => s.close()));
});

async function sessionCookieOver(name: string, proto: 'http' | 'https'): Promise<string> {
  const stack = stacks[name]!;
  const account = await createAccount(stack.ctx.db);
  const res = await request(stack.baseUrl)
    .post('/api/v1/sign_in')
    .set('X-Forwarded-Proto', proto)
    .send({ identity: account.email, password: account.password });
  expect(res.status).toBe(200);
  return setCookies(res).find((c) => c.startsWith('contrail_session='))!;
}

it('marks cookies Secure when a trusted proxy says HTTPS, and not over plain HTTP', async () => {
  expect(await sessionCookieOver('proxied', 'https')).toMatch(/; Secure/);
  expect(await sessionCookieOver('proxied', 'http')).not.toMatch(/Secure/);
});

it('ignores X-Forwarded-Proto from a proxy it does not trust', async () => {
  expect(await sessionCookieOver('untrusted', 'https')).not.toMatch(/Secure/);
});

it('forces Secure with COOKIE_SECURE=always, and omits it with never', async () => {
  expect(await sessionCookieOver('always', 'http')).toMatch(/; Secure/);
  expect(await sessionCookieOver('never', 'https')).not.toMatch(/Secure/);
});
