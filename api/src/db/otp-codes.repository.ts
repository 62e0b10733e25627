// One-time codes: only an HMAC of the code is stored, with its expiry, tries and use.
import type { Selectable } from 'kysely';
import type { Db } from './database.js';
import type { OtpCodesTable } from './schema.js';

export type OtpRow = Selectable<OtpCodesTable>;
export type OtpPurpose = OtpRow['purpose'];

/** Stores a new code and retires the earlier unused ones of the same purpose: only the newest counts. */
export async function replaceCode(
  db: Db,
  code: { id: string; account_id: string; purpose: OtpPurpose; target: string; code_hash: string; expires_at: Date },
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('otp_codes')
      .set({ used_at: now })
      .where('account_id', '=', code.account_id)
      .where('purpose', '=', code.purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx.insertInto('otp_codes').values(code).execute();
  });
}

/**
 * Takes one try at the newest code for the purpose, in one statement before the code is compared:
 * the row lock makes concurrent tries queue, and each re-reads `attempts`, so no more than
 * `maxTries` tries ever see the code. Undefined when there is no live code with tries left.
 */
export function takeTry(
  db: Db,
  accountId: string,
  purpose: OtpPurpose,
  now: Date,
  maxTries: number,
): Promise<OtpRow | undefined> {
  return db
    .updateTable('otp_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where(
      'id',
      '=',
      db
        .selectFrom('otp_codes')
        .select('id')
        .where('account_id', '=', accountId)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxTries)
    .returningAll()
    .executeTakeFirst();
}

/** Uses the code once; false when it was used in the meantime (two sign-ins with one code). */
export async function useCode(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('otp_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
