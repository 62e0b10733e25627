// Opaque ids: a short prefix that says what the id names, then 20 random base32 characters.
import { randomBytes } from 'node:crypto';

const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';

// Random bytes are drawn 4 KiB at a time and handed out 20 per id: one call into the CSPRNG per
// two hundred ids instead of one per id (a webhook worker makes an id per attempt).
const poolSize = 4096;
let pool = randomBytes(poolSize);
let used = 0;

export function newId(prefix: string): string {
  if (used + 20 > poolSize) {
    pool = randomBytes(poolSize);
    used = 0;
  }
  let out = '';
  for (let i = used; i < used + 20; i++) out += alphabet[pool[i]! & 31];
  used += 20;
  return `${prefix}_${out}`;
}
