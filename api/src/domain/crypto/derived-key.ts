// One key per purpose from SECRET_KEY (HKDF-SHA-256), so a key for one use never serves another.
import { hkdfSync } from 'node:crypto';

export function deriveKey(secretKey: string, salt: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secretKey, salt, purpose, 32));
}
