// The SMS API adapter against a real HTTP server on loopback that imitates Twilio's REST API: what
// an SMS and a voice call send (path, basic auth, form fields, TwiML in the recipient's language),
// and how refusals, silence and an unreachable provider come back: as clear errors that never
// repeat the message, and so never the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmsProvider, type SmsProvider } from '../support/sms-provider.js';
import { loadConfig } from '../../api/src/config.js';
import { closedPort } from '../support/services.js';
import { PhoneSendError } from '../../api/src/mail/phone-sender.js';
import { createTwilioPhoneSender, sayTwiml } from '../../api/src/mail/twilio-phone.adapter.js';

let provider: SmsProvider;
const options = (baseUrl: string, timeoutMs = 2_000) => ({
  baseUrl,
  accountSid: 'AC0123456789abcdef',
  authToken: 'token-secret',
  from: '+48500000000',
  timeoutMs,
});
beforeAll(async () => {
  provider = await startSmsProvider();
});
afterAll(async () => {
  await provider.close();
});

const failureOf = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PhoneSendError);
  return error as PhoneSendError;
};

describe('the Twilio-shaped SMS adapter', () => {
  it('posts an SMS as a form to Messages.json with basic auth', async () => {
    const sender = createTwilioPhoneSender(options(provider.url));
    expect(await sender.send({ channel: 'sms', to: '+380501112233', body: 'Your code is 482913.' })).toBe('sent');
    expect(provider.received.at(-1)).toEqual({
      path: '/2010-04-01/Accounts/AC0123456789abcdef/Messages.json',
      user: 'AC0123456789abcdef',
      password: 'token-secret',
      contentType: 'application/x-www-form-urlencoded',
      form: { To: '+380501112233', From: '+48500000000', Body: 'Your code is 482913.' },
    });
  });

  it('places a voice call through Calls.json that says the text in the recipient’s language', async () => {
    const sender = createTwilioPhoneSender(options(provider.url));
    await sender.send({ channel: 'voice', to: '+48600100200', body: 'Your code is 4 8 2 9 1 3.', language: 'pl' });
    const call = provider.received.at(-1)!;
    expect(call.path).toBe('/2010-04-01/Accounts/AC0123456789abcdef/Calls.json');
    expect(call.form).toEqual({
      To: '+48600100200',
      From: '+48500000000',
      Twiml: sayTwiml('Your code is 4 8 2 9 1 3.', 'pl'),
    });
    expect(call.form.Twiml).toContain('<Say language="pl-PL">Your code is 4 8 2 9 1 3.</Say>');
    expect(sayTwiml('a < b & "c"', 'ua')).toContain('<Say language="uk-UA">a &lt; b &amp; &quot;c&quot;</Say>');
  });

  it('turns a refusal into an error naming the status and provider code, without the message or its digits', async () => {
    const sender = createTwilioPhoneSender(options(provider.url));
    provider.answers.push({
      status: 400,
      body: { code: 21211, message: "The 'To' number +380501112233 is not a valid phone number.", status: 400 },
    });
    const error = await failureOf(sender.send({ channel: 'sms', to: '+380501112233', body: 'Your code is 482913.' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      "The SMS provider refused the SMS (HTTP 400, error 21211): The 'To' number +… is not a valid phone number.",
    );
    provider.answers.push({ status: 503, body: { message: 'echo: Your code is 482913.' } });
    const echoed = await failureOf(sender.send({ channel: 'sms', to: '+380501112233', body: 'Your code is 482913.' }));
    expect(echoed.message).not.toContain('482913');
  });

  it('gives up on a provider that does not answer within the timeout, or cannot be reached', async () => {
    provider.answers.push('hang');
    const slow = createTwilioPhoneSender(options(provider.url, 300));
    const started = Date.now();
    const error = await failureOf(slow.send({ channel: 'voice', to: '+48600100200', body: 'Code 482913' }));
    expect(error.message).toBe('The SMS provider did not answer the voice call within 300 ms.');
    expect(Date.now() - started).toBeLessThan(2_000);
    const away = createTwilioPhoneSender(options(`http://127.0.0.1:${await closedPort()}`));
    expect((await failureOf(away.send({ channel: 'sms', to: '+48600100200', body: 'Code 482913' }))).message).toBe(
      'The SMS provider could not be reached for the SMS.',
    );
  });

  it('is configured in one place: the SMS API needs its account, token and sender', () => {
    const base = { DATABASE_URL: 'postgres://x', SECRET_KEY: 'k'.repeat(32) };
    expect(() => loadConfig({ ...base, SMS_API_URL: 'https://api.twilio.com' })).toThrow(/SMS_ACCOUNT_SID/);
    expect(loadConfig(base).SMS_API_URL).toBe('');
  });
});
