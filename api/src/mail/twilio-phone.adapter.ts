// SMS and voice through an SMS API of Twilio's shape (the most common one: Twilio, and the
// providers that copy its REST API): `POST {base}/2010-04-01/Accounts/{sid}/Messages.json` with
// form fields To, From and Body for an SMS, and `…/Calls.json` with To, From and Twiml (a <Say>
// of the text, in the recipient's language) for a voice call; HTTP basic auth with the account
// SID and auth token. A 2xx answer is 'sent'. Anything else, or no answer within the timeout, is a
// PhoneSendError naming the status and the provider's error code, never the body it was sent:
// the body holds the one-time code.
import { PhoneSendError, type PhoneMessage, type PhoneSender } from './phone-sender.js';

export interface TwilioOptions {
  /** The API's base URL, e.g. https://api.twilio.com. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or sender id. */
  from: string;
  timeoutMs: number;
}

// Twilio's <Say> languages for the product's codes (ua is Ukrainian, uk-UA).
const sayLanguages: Record<string, string> = { en: 'en-US', ua: 'uk-UA', pl: 'pl-PL' };

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** The TwiML of a call that reads the text twice, slowly enough to write down. */
export function sayTwiml(text: string, language?: string | null): string {
  const say = `<Say language="${sayLanguages[language ?? 'en'] ?? 'en-US'}">${escapeXml(text)}</Say>`;
  return `<Response>${say}<Pause length="1"/>${say}</Response>`;
}

/** Digits runs long enough to be a code or a number are not repeated in an error. */
const withoutDigits = (text: string) => text.replace(/\d{4,}/g, '…').slice(0, 200);

export function createTwilioPhoneSender(options: TwilioOptions): PhoneSender {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(message: PhoneMessage) {
      const what = message.channel === 'sms' ? 'SMS' : 'voice call';
      const form = new URLSearchParams({ To: message.to, From: options.from });
      if (message.channel === 'sms') form.set('Body', message.body);
      else form.set('Twiml', sayTwiml(message.body, message.language));
      let res: Response;
      try {
        res = await fetch(`${base}/${message.channel === 'sms' ? 'Messages' : 'Calls'}.json`, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        throw new PhoneSendError(
          timedOut
            ? `The SMS provider did not answer the ${what} within ${options.timeoutMs} ms.`
            : `The SMS provider could not be reached for the ${what}.`,
          null,
        );
      }
      if (res.ok) {
        await res.body?.cancel();
        return 'sent';
      }
      // Twilio's errors: {"code": 21211, "message": "...", "more_info": "...", "status": 400}.
      const answer = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
      const code = typeof answer?.code === 'number' || typeof answer?.code === 'string' ? ` ${answer.code}` : '';
      const said = typeof answer?.message === 'string' ? `: ${withoutDigits(answer.message)}` : '';
      throw new PhoneSendError(
        `The SMS provider refused the ${what} (HTTP ${res.status}${code ? `, error${code}` : ''})${said}`,
        res.status,
      );
    },
  };
}
