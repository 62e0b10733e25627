// One-time codes: 6 digits from a CSPRNG, valid 5 minutes, single use, dead after 5 tries,
// stored only as an HMAC under the server's secret (a bare hash of 10⁶ codes is no protection).
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.js';
import * as codes from '../../db/otp-codes.repository.js';
import type { Clock } from '../clock.js';
import { newId } from '../ids.js';

export const codePolicy = { length: 6, ttlMs: 5 * 60_000, maxTries: 5 } as const;

export type CodePurpose = codes.OtpPurpose;

export interface OneTimeCodes {
  /** Makes a new code for the account (retiring earlier ones) and answers it, to be sent. */
  issue(accountId: string, purpose: CodePurpose, target: string): Promise<string>;
  /** True when the code is the newest live one for that purpose (and target); uses it up. */
  redeem(accountId: string, purpose: CodePurpose, code: string, target?: string): Promise<boolean>;
}

export function createOneTimeCodes(deps: { db: Db; clock: Clock; secret: string }): OneTimeCodes {
  const digest = (id: string, code: string) => createHmac('sha256', deps.secret).update(`${id}:${code}`).digest();

  return {
    async issue(accountId, purpose, target) {
      const code = String(randomInt(0, 10 ** codePolicy.length)).padStart(codePolicy.length, '0');
      const id = newId('otp');
      const now = deps.clock.now();
      await codes.replaceCode(
        deps.db,
        {
          id,
          account_id: accountId,
          purpose,
          target,
          code_hash: digest(id, code).toString('hex'),
          expires_at: new Date(now.getTime() + codePolicy.ttlMs),
        },
        now,
      );
      return code;
    },
    async redeem(accountId, purpose, code, target) {
      // The try is counted before the code is compared (never after): concurrent guesses cannot
      // all read "4 tries so far" and all be compared.
      const now = deps.clock.now();
      const row = await codes.takeTry(deps.db, accountId, purpose, now, codePolicy.maxTries);
      if (!row) return false;
      if (target !== undefined && row.target !== target) return false;
      const expected = Buffer.from(row.code_hash, 'hex');
      const presented = digest(row.id, code);
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) return false;
      return codes.useCode(deps.db, row.id, now);
    },
  };
}
