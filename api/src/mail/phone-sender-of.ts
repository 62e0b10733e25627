// The phone port's adapter the configuration names: the SMS API when SMS_API_URL is set, else the
// outbox. The one place the worker's phone sender is chosen.
import type { Config } from '../config.js';
import { outboxPhoneSender, type PhoneSender } from './phone-sender.js';
import { createTwilioPhoneSender } from './twilio-phone.adapter.js';

export function phoneSenderOf(
  config: Pick<Config, 'SMS_API_URL' | 'SMS_ACCOUNT_SID' | 'SMS_AUTH_TOKEN' | 'SMS_FROM' | 'SMS_TIMEOUT_MS'>,
): PhoneSender {
  if (!config.SMS_API_URL) return outboxPhoneSender;
  return createTwilioPhoneSender({
    baseUrl: config.SMS_API_URL,
    accountSid: config.SMS_ACCOUNT_SID,
    authToken: config.SMS_AUTH_TOKEN,
    from: config.SMS_FROM,
    timeoutMs: config.SMS_TIMEOUT_MS,
  });
}
