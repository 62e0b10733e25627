// Secrets at rest (channel credentials, card numbers) are sealed with AES-256-GCM under a key
// derived from SECRET_KEY with HKDF, one key per purpose, so a database dump alone reveals nothing
// and a card key can never open a credential. The sealed form is `v1.<iv>.<tag>.<ciphertext>`
// (base64url), so the format can change without guessing.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './derived-key.js';

export type SecretPurpose =
  'channel-credential' | 'channel-endpoint-secret' | 'card-number' | 'webhook-secret' | 'back-office-credential';

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function createSecretBox(secretKey: string, purpose: SecretPurpose): SecretBox {
  const key = deriveKey(secretKey, 'contrail-secrets-at-rest', purpose);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
