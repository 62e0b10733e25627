// Onboarding, terms, sign-in method, contact changes and API tokens.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentLegalVersions } from '../../api/src/domain/accounts/legal.js';
import { createAccount, createTenant } from '../support/factories.js';
import { asSession, setCookies, signInWithPassword } from '../support/sessions.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});
const api = () => request(stack.baseUrl);
const versions = { terms_version: currentLegalVersions.terms, privacy_version: currentLegalVersions.privacy };

describe('onboarding', () => {
  it('goes from initial to privacy to complete, and until then keeps product operations closed', async () => {
    const account = await createAccount(stack.ctx.db, {
      onboarding: 'initial',
      tenant: await createTenant(stack.ctx.db),
    });
    const s = asSession(await signInWithPassword(stack.baseUrl, account.email, account.password));

    const closed = await api().get('/api/v1/account/api_tokens').set(s);
    expect(closed.status).toBe(403);
    expect(closed.body.errors[0].code).toBe('onboarding_required');
    expect((await api().get('/api/v1/account/details').set(s)).body.onboarding_state).toBe('initial');

    const early = await api().put('/api/v1/account/terms').set(s).send(versions);
    expect(early.status).toBe(409);

    const about = await api()
      .post('/api/v1/onboarding')
      .set(s)
      .send({ first_name: 'Olha', last_name: 'Koval', language: 'ua' });
    expect(about.status).toBe(200);
    expect(about.body).toMatchObject({ onboarding_state: 'privacy', first_name: 'Olha', language: 'ua' });

    const outdated = await api()
      .put('/api/v1/account/terms')
      .set(s)
      .send({ ...versions, terms_version: '2020-01-01' });
    expect(outdated.status).toBe(422);
    expect(outdated.body.errors[0].code).toBe('terms_version_outdated');

    const accepted = await api().put('/api/v1/account/terms').set(s).send(versions);
    expect(accepted.status).toBe(200);
    expect(accepted.body.onboarding_state).toBe('complete');
    expect(Date.parse(accepted.body.terms_accepted_at)).toBeGreaterThan(Date.now() - 60_000);
    const record = await stack.ctx.db
      .selectFrom('terms_acceptances')
      .selectAll()
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(record).toMatchObject({ terms_version: versions.terms_version, privacy_version: versions.privacy_version });

    expect((await api().get('/api/v1/account/api_tokens').set(s)).status).toBe(200);
    expect((await api().post('/api/v1/onboarding').set(s).send({ first_name: 'A', last_name: 'B' })).status).toBe(409);
  });

  it('answers the current legal versions to anyone', async () => {
    expect((await api().get('/api/v1/legal')).body).toEqual(versions);
  });
});

describe('sign-in method and contacts', () => {
  it('switches to code sign-in and back to a password', async () => {
    const account = await createAccount(stack.ctx.db);
    const s = asSession(await signInWithPassword(stack.baseUrl, account.email, account.password));
    const otp = await api().post('/api/v1/account/complete').set(s).send({ auth_method: 'otp' });
    expect(otp.body.auth_method).toBe('otp');
    expect(
      (await api().post('/api/v1/sign_in').send({ identity: account.email, password: account.password })).status,
    ).toBe(401);
    const noPassword = await api().post('/api/v1/account/complete').set(s).send({ auth_method: 'password' });
    expect(noPassword.status).toBe(400);
    await api()
      .post('/api/v1/account/complete')
      .set(s)
      .send({ auth_method: 'password', password: 'a-new-long-password' })
      .expect(200);
    await signInWithPassword(stack.baseUrl, account.email, 'a-new-long-password');
  });

  it('changes the email only with the code sent to the new address', async () => {
    const account = await createAccount(stack.ctx.db);
    const s = asSession(await signInWithPassword(stack.baseUrl, account.email, account.password));
    const next = `moved-${Date.now()}@example.com`;
    expect((await api().post('/api/v1/account/email').set(s).send({ value: next })).status).toBe(202);
    const message = await stack.ctx.db
      .selectFrom('mail_messages')
      .select('body')
      .where('recipient', '=', next)
      .executeTakeFirstOrThrow();
    const code = /\d{6}/.exec(message.body)![0];
    const wrong = await api()
      .post('/api/v1/account/email')
      .set(s)
      .send({ value: next, code: code === '000000' ? '000001' : '000000' });
    expect(wrong.status).toBe(422);
    const other = await api()
      .post('/api/v1/account/email')
      .set(s)
      .send({ value: `else-${next}`, code });
    expect(other.status).toBe(422);
    const done = await api().post('/api/v1/account/email').set(s).send({ value: next, code });
    expect(done.status).toBe(200);
    expect(done.body.email).toBe(next);
  });

  it('refuses a phone another account uses', async () => {
    const taken = await createAccount(stack.ctx.db);
    const account = await createAccount(stack.ctx.db);
    const s = asSession(await signInWithPassword(stack.baseUrl, account.email, account.password));
    await api().post('/api/v1/account/phone').set(s).send({ value: taken.phone }).expect(202);
    const message = await stack.ctx.db
      .selectFrom('mail_messages')
      .select('body')
      .where('recipient', '=', taken.phone)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const res = await api()
      .post('/api/v1/account/phone')
      .set(s)
      .send({ value: taken.phone, code: /\d{6}/.exec(message.body)![0] });
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('already_in_use');
  });
});

describe('API tokens', () => {
  it('shows a new token once, lists it without its secret, and stops honouring it when revoked', async () => {
    const account = await createAccount(stack.ctx.db, { tenant: await createTenant(stack.ctx.db) });
    const s = asSession(await signInWithPassword(stack.baseUrl, account.email, account.password));
    const created = await api().post('/api/v1/account/api_token').set(s).send({ mode: 'test', name: 'CI' });
    expect(created.status).toBe(201);
    expect(created.body.token).toMatch(/^ctr_test_[A-Za-z0-9]{32}$/);
    expect(setCookies(created).find((c) => c.startsWith('contrail_api_token='))).toMatch(/Max-Age=60/);
    const token = created.body.token as string;

    const list = await api().get('/api/v1/account/api_tokens').set(s);
    const listed = list.body.data.find((t: { id: string }) => t.id === created.body.id);
    expect(listed).toMatchObject({ prefix: token.slice(0, 13), mode: 'test', name: 'CI' });
    expect(JSON.stringify(list.body)).not.toContain(token);
    const stored = await stack.ctx.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token.slice(13));

    await api().get('/api/v1/account/details').set('Authorization', `Bearer ${token}`).expect(200);
    await api().delete(`/api/v1/account/api_tokens/${created.body.id}`).set(s).expect(204);
    const revoked = await api().get('/api/v1/account/details').set('Authorization', `Bearer ${token}`);
    expect(revoked.status).toBe(401);
  });

  it('keeps test tokens out of live mode, and live tokens to agencies with the production API', async () => {
    const tenant = await createTenant(stack.ctx.db);
    const account = await createAccount(stack.ctx.db, { tenant });
    const byTestToken = await api()
      .post('/api/v1/account/api_token')
      .set('Authorization', `Bearer ${account.token}`)
      .send({ mode: 'live' });
    expect(byTestToken.status).toBe(403);

    const s = asSession(await signInWithPassword(stack.baseUrl, account.email, account.password));
    const off = await api().post('/api/v1/account/api_token').set(s).send({ mode: 'live' });
    expect(off.status).toBe(422);
    expect(off.body.errors[0].code).toBe('live_mode_unavailable');

    await stack.ctx.db
      .updateTable('agencies')
      .set({ production_api_on: true })
      .where('id', '=', tenant.agencyId)
      .execute();
    const on = await api().post('/api/v1/account/api_token').set(s).send({ mode: 'live' });
    expect(on.status).toBe(201);
    expect(on.body.token).toMatch(/^ctr_live_/);
  });
});
