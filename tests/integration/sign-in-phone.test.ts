// One-time codes by SMS and voice through an SMS API: with SMS_API_URL set, the worker sends the
// code a phone identity asks for as an SMS, and send_voice_otp as a voice call, to a Twilio-shaped
// server on loopback; the code the provider received signs the person in. A provider that fails
// once is tried again and sends once; the outbox row says where each message went.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { createAccount, createTenant, type TestAccount } from '../support/factories.js';
import { startSmsProvider, type SmsProvider } from '../support/sms-provider.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';
import { waitFor } from '../support/wait.js';

let stack: Stack;
let worker: WorkerHandle;
let provider: SmsProvider;

beforeAll(async () => {
  provider = await startSmsProvider();
  const env = { KEY_PREFIX: `${testEnv().KEY_PREFIX}-sms` };
  stack = await startStack({ env });
  worker = await startWorker(
    loadConfig(
      testEnv({
        ...env,
        SANDBOX_URL: stack.sandboxUrl,
        SMS_API_URL: provider.url,
        SMS_ACCOUNT_SID: 'ACtest',
        SMS_AUTH_TOKEN: 'secret',
        SMS_FROM: '+48500000000',
        SMS_TIMEOUT_MS: '2000',
      }),
    ),
  );
});
afterAll(async () => {
  await worker.close();
  await stack.close();
  await provider.close();
});

const api = () => request(stack.baseUrl);
const otpAccount = async (): Promise<TestAccount> =>
  createAccount(stack.ctx.db, { authMethod: 'otp', tenant: await createTenant(stack.ctx.db) });
const sentTo = (to: string, kind: 'Messages' | 'Calls') =>
  waitFor(
    `a ${kind} request for ${to}`,
    async () => provider.received.filter((r) => r.form.To === to && r.path.endsWith(`/${kind}.json`)),
    (found) => found.length > 0,
    15_000,
  );
const outboxStatuses = (to: string) =>
  stack.ctx.db.selectFrom('mail_messages').select(['channel', 'status']).where('recipient', '=', to).execute();

it('sends the sign-in code by SMS through the provider, and that code signs in', async () => {
  const account = await otpAccount();
  await api().post('/api/v1/start_sign_in').send({ identity: account.phone }).expect(200);
  const [sms] = await sentTo(account.phone, 'Messages');
  expect(sms!.user).toBe('ACtest');
  expect(sms!.form.From).toBe('+48500000000');
  const code = /\b(\d{6})\b/.exec(sms!.form.Body ?? '')?.[1];
  expect(code).toBeDefined();
  await waitFor(
    'the SMS marked sent',
    () => outboxStatuses(account.phone),
    (rows) => rows[0]?.status === 'sent',
  );
  const res = await api().post('/api/v1/sign_in').send({ identity: account.phone, code });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});

it('places the voice call send_voice_otp asks for, saying the code, after the provider failed once', async () => {
  const account = await otpAccount();
  provider.answers.push({ status: 500, body: { code: 20500, message: 'Internal Server Error' } });
  await api().post('/api/v1/send_voice_otp').send({ identity: account.email }).expect(202);
  const calls = await waitFor(
    'the voice call sent after one failure',
    async () => provider.received.filter((r) => r.form.To === account.phone && r.path.endsWith('/Calls.json')),
    (found) => found.length >= 2,
    20_000,
  );
  expect(calls).toHaveLength(2);
  const digits = /Your Contrail code is ((?:\d ){5}\d)\./.exec(calls[1]!.form.Twiml ?? '')?.[1];
  expect(digits, calls[1]!.form.Twiml).toBeDefined();
  await waitFor(
    'the call marked sent',
    () => outboxStatuses(account.phone),
    (rows) => rows[0]?.status === 'sent',
  );
  expect(await outboxStatuses(account.phone)).toEqual([{ channel: 'voice', status: 'sent' }]);
  const res = await api()
    .post('/api/v1/sign_in')
    .send({ identity: account.email, code: digits!.replaceAll(' ', '') });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
});
