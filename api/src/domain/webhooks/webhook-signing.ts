// Signing per Standard Webhooks: the signed content is `${webhook-id}.${webhook-timestamp}.${body}`,
// HMAC-SHA256 under the base64 key after `whsec_`, and `webhook-signature` lists one `v1,<base64>`
// per secret, space-separated. During a rotation both the new and the previous secret sign, so a
// receiver holding either one verifies. One signer, over the body's bytes with node:crypto: the
// `standardwebhooks` package's own sign turns a byte body back into a string and encodes it again
// on every signature, in JavaScript; its tests check our signature against the package's and verify
// it with the package.
import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: 24 random bytes, as Standard Webhooks writes them. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signDelivery(input: {
  /** The event's id: the same on every attempt, so a receiver deduplicates on it. */
  messageId: string;
  at: Date;
  /** The exact bytes sent (a JSON envelope, or a back-office batch file). */
  body: string | Buffer;
  secrets: readonly string[];
}): SignedHeaders {
  const signer = deliverySigner(input);
  signer.update(typeof input.body === 'string' ? Buffer.from(input.body, 'utf8') : input.body);
  return signer.headers();
}

/**
 * The signer of `signDelivery`, also for a body that is too big to hold: it is fed in chunks as
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
