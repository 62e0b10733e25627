// API tokens: `ctr_test_…` reaches the sandbox airlines only, `ctr_live_…` real ones. Only a
// SHA-256 hash is stored (the token is 190 random bits, so a fast hash is enough), and the plain
// token is shown once.
import { createHash, randomBytes } from 'node:crypto';

export type TokenMode = 'test' | 'live';

const tokenPattern = /^ctr_(test|live)_[A-Za-z0-9]{32}$/;
const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function generateToken(mode: TokenMode): { token: string; prefix: string; hash: string } {
  let secret = '';
  // Rejection sampling keeps every character uniformly likely.
  while (secret.length < 32) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && secret.length < 32) secret += base62[byte % 62];
    }
  }
  const token = `ctr_${mode}_${secret}`;
  return { token, prefix: token.slice(0, 13), hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function looksLikeToken(value: string): boolean {
  return tokenPattern.test(value);
}
