// Signing per Standard Webhooks, with the `standardwebhooks` package: the signed content is
// `${webhook-id}.${webhook-timestamp}.${body}`, HMAC-SHA256 under the base64 key after `whsec_`,
// and `webhook-signature` lists one `v1,<base64>` per secret, space-separated. During a rotation
// both the new and the previous secret sign, so a receiver holding either one verifies.
import { createHmac, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** A new signing secret: 24 random bytes, as Standard Webhooks writes them. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

// A signer per secret, kept: each decodes its key once, not on every attempt (a worker signs hundreds
// of attempts a second with the same few secrets). Dropped wholesale when it grows past a bound.
const signers = new Map<string, Webhook>();
function signerOf(secret: string): Webhook {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size >= 1000) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

export function signDelivery(input: {
  /** The event's id: the same on every attempt, so a receiver deduplicates on it. */
  messageId: string;
  at: Date;
  /** The exact bytes sent (a JSON envelope, or a back-office batch file). */
  body: string | Buffer;
  secrets: readonly string[];
}): SignedHeaders {
  const signature = input.secrets.map((secret) => signerOf(secret).sign(input.messageId, input.at, input.body));
  return {
    'webhook-id': input.messageId,
    'webhook-timestamp': String(Math.floor(input.at.getTime() / 1000)),
    'webhook-signature': signature.join(' '),
  };
}

/**
 * The same signature as `signDelivery`, over a body that is too big to hold: it is fed in chunks as
 * they are read, and `headers()` after the last one. HMAC-SHA256 over the bytes as they come (a
 * chunk may end inside a character), which is what Standard Webhooks signs for a UTF-8 body.
 */
export function deliverySigner(input: { messageId: string; at: Date; secrets: readonly string[] }) {
  const timestamp = String(Math.floor(input.at.getTime() / 1000));
  const macs = input.secrets.map((secret) =>
    createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(
      `${input.messageId}.${timestamp}.`,
      'utf8',
    ),
  );
  let signed: SignedHeaders | null = null;
  return {
    update(chunk: Buffer): void {
      if (signed) throw new Error('The body was signed already.');
      for (const mac of macs) mac.update(chunk);
    },
    /** The headers; the first call ends the body (a digest is taken once). */
    headers(): SignedHeaders {
      signed ??= {
        'webhook-id': input.messageId,
        'webhook-timestamp': timestamp,
        'webhook-signature': macs.map((mac) => `v1,${mac.digest('base64')}`).join(' '),
      };
      return signed;
    },
  };
}
