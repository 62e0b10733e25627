// Signing in by code or password: no account enumeration, codes that expire and die, lockout that
// grows, sessions with CSRF, rotation and sign-out.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTenant, type TestAccount } from '../support/factories.js';
import { asSession, sessionFrom, setCookies, signInWithPassword } from '../support/sessions.js';
import { startStack, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';
import { waitFor } from '../support/wait.js';

let stack: Stack;
const clock = new TestClock();
beforeAll(async () => {
  stack = await startStack({ clock });
});
afterAll(async () => {
  await stack.close();
});

const api = () => request(stack.baseUrl);
const invalid = 'Invalid credentials. Enter current credentials.';

async function outbox(to: string) {
  return stack.ctx.db
    .selectFrom('mail_messages')
    .select(['body', 'channel'])
    .where('recipient', '=', to)
    .orderBy('created_at', 'desc')
    .execute();
}
/** The newest code sent (a slow send may land just after start_sign_in answered). */
async function latestCode(to: string): Promise<string> {
  const [message] = await waitFor(
    `a code for ${to}`,
    () => outbox(to),
    (rows) => rows.length > 0,
    5_000,
  );
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}
async function otpAccount(): Promise<TestAccount> {
  return createAccount(stack.ctx.db, { authMethod: 'otp', tenant: await createTenant(stack.ctx.db) });
}

describe('start_sign_in', () => {
  it('answers every identity alike (unknown, by code, by password), and sends a code only to a code account', async () => {
    const otp = await otpAccount();
    const password = await createAccount(stack.ctx.db, { authMethod: 'password' });
    const unknown = `nobody-${Date.now()}@example.com`;
    const answers = await Promise.all(
      [otp.email, password.email, unknown].map((identity) => api().post('/api/v1/start_sign_in').send({ identity })),
    );
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ code_length: 6, code_expires_in: 300 });
      expect(Object.keys(res.headers).sort()).toEqual(Object.keys(answers[0]!.headers).sort());
    }
    expect(await outbox(unknown)).toHaveLength(0);
    expect(await outbox(password.email)).toHaveLength(0);
    await latestCode(otp.email);
    expect((await outbox(otp.email))[0]).toMatchObject({ channel: 'email' });
  });

  it('sends the code by SMS to a phone identity, and by voice on request', async () => {
    const account = await otpAccount();
    await api().post('/api/v1/start_sign_in').send({ identity: account.phone }).expect(200);
    await latestCode(account.phone);
    expect((await outbox(account.phone))[0]?.channel).toBe('sms');
    await api().post('/api/v1/send_voice_otp').send({ identity: account.email }).expect(202);
    expect((await outbox(account.phone))[0]?.channel).toBe('voice');
    const unknown = await api().post('/api/v1/send_voice_otp').send({ identity: '+380999999999' });
    expect(unknown.status).toBe(202);
  });

  it('limits how often codes are sent, for known and unknown identities alike', async () => {
    const identity = `flood-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api().post('/api/v1/start_sign_in').send({ identity })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses an identity that is neither an email nor a phone number', async () => {
    const res = await api().post('/api/v1/start_sign_in').send({ identity: 'not an identity' });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].source).toEqual({ pointer: '/identity' });
  });
});

describe('signing in by code', () => {
  it('opens a session with an HttpOnly cookie and a CSRF token, used on every call', async () => {
    const account = await otpAccount();
    await api().post('/api/v1/start_sign_in').send({ identity: account.email }).expect(200);
    const res = await api()
      .post('/api/v1/sign_in')
      .send({ identity: account.email, code: await latestCode(account.email) });
    expect(res.status).toBe(200);
    const cookies = setCookies(res);
    expect(cookies.find((c) => c.startsWith('contrail_session='))).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('contrail_session='))).toMatch(/SameSite=Lax/i);
    expect(cookies.find((c) => c.startsWith('contrail_csrf='))).not.toMatch(/HttpOnly/i);
    expect(res.body.account.email).toBe(account.email);

    const session = sessionFrom(res);
    await api().get('/api/v1/account/details').set(asSession(session)).expect(200);
    const noCsrf = await api().get('/api/v1/account/details').set('Cookie', session.cookie);
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.errors[0].code).toBe('csrf_token_invalid');
    const wrongCsrf = await api()
      .put('/api/v1/account/details')
      .set('Cookie', session.cookie)
      .set('X-CSRF-Token', 'forged')
      .send({ first_name: 'X' });
    expect(wrongCsrf.status).toBe(403);
  });

  it('takes each code once', async () => {
    const account = await otpAccount();
    await api().post('/api/v1/start_sign_in').send({ identity: account.email });
    const code = await latestCode(account.email);
    await api().post('/api/v1/sign_in').send({ identity: account.email, code }).expect(200);
    const again = await api().post('/api/v1/sign_in').send({ identity: account.email, code });
    expect(again.status).toBe(401);
    expect(again.body.errors[0].title).toBe(invalid);
  });

  it('lets a code expire after five minutes', async () => {
    const account = await otpAccount();
    await api().post('/api/v1/start_sign_in').send({ identity: account.email });
    const code = await latestCode(account.email);
    clock.advance(5 * 60_000 + 1_000);
    const res = await api().post('/api/v1/sign_in').send({ identity: account.email, code });
    expect(res.status).toBe(401);
  });

  it('kills a code after five wrong tries, and keeps only the newest code alive', async () => {
    const account = await otpAccount();
    const codes = (await import('../../api/src/domain/auth/one-time-codes.js')).createOneTimeCodes({
      db: stack.ctx.db,
      clock,
      secret: stack.config.SECRET_KEY,
    });
    const first = await codes.issue(account.id, 'sign_in', account.email);
    const second = await codes.issue(account.id, 'sign_in', account.email);
    expect(await codes.redeem(account.id, 'sign_in', first)).toBe(false);
    for (let i = 0; i < 5; i++)
      expect(await codes.redeem(account.id, 'sign_in', second === '000000' ? '000001' : '000000')).toBe(false);
    expect(await codes.redeem(account.id, 'sign_in', second)).toBe(false);
    const row = await stack.ctx.db
      .selectFrom('otp_codes')
      .select(['code_hash', 'attempts'])
      .where('account_id', '=', account.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect(row.code_hash).not.toContain(second);
  });
});

describe('signing in by password', () => {
  it('answers the same notice for a wrong password and an unknown account', async () => {
    const account = await createAccount(stack.ctx.db);
    for (const body of [
      { identity: account.email, password: 'wrong password' },
      { identity: `ghost-${Date.now()}@example.com`, password: 'anything' },
      { identity: account.email, code: '123456' },
    ]) {
      const res = await api().post('/api/v1/sign_in').send(body);
      expect(res.status).toBe(401);
      expect(res.body.errors).toEqual([{ status: '401', code: 'invalid_credentials', title: invalid }]);
    }
  });

  it('locks the identity after five failures, for longer each time', async () => {
    const account = await createAccount(stack.ctx.db);
    const attempt = (password: string) => api().post('/api/v1/sign_in').send({ identity: account.email, password });
    for (let i = 0; i < 5; i++) expect((await attempt('wrong')).status).toBe(401);
    const locked = await attempt(account.password);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);

    clock.advance(61_000);
    await attempt(account.password).expect(200);
    for (let i = 0; i < 5; i++) await attempt('wrong');
    const longer = await attempt(account.password);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(110);
  });
});

describe('sessions', () => {
  it('end at sign-out', async () => {
    const account = await createAccount(stack.ctx.db);
    const session = await signInWithPassword(stack.baseUrl, account.email, account.password);
    const out = await api().delete('/api/v1/sign_out').set(asSession(session));
    expect(out.status).toBe(204);
    expect(setCookies(out).join()).toMatch(/contrail_session=;/);
    const after = await api().get('/api/v1/account/details').set(asSession(session));
    expect(after.status).toBe(401);
  });

  it('are new at each sign-in; the one the browser held ends', async () => {
    const account = await createAccount(stack.ctx.db);
    const first = await signInWithPassword(stack.baseUrl, account.email, account.password);
    const res = await api()
      .post('/api/v1/sign_in')
      .set('Cookie', first.cookie)
      .send({ identity: account.email, password: account.password });
    const second = sessionFrom(res);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await api().get('/api/v1/account/details').set(asSession(first))).status).toBe(401);
    expect((await api().get('/api/v1/account/details').set(asSession(second))).status).toBe(200);
  });

  it('end after eight idle hours', async () => {
    const account = await createAccount(stack.ctx.db);
    const session = await signInWithPassword(stack.baseUrl, account.email, account.password);
    clock.advance(8 * 3600_000 + 1_000);
    expect((await api().get('/api/v1/account/details').set(asSession(session))).status).toBe(401);
  });
});
