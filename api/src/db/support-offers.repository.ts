// Staff's offers on a case's booking. An offer leaves `open` once, by one conditional UPDATE: the
// accept that claims it (and only while it has not expired), a decline, a withdrawal or the case
// closing; every other contender finds it decided. A claimed offer then ends `done` or `failed`.
import type { Insertable, Selectable } from 'kysely';
import type { Db } from './database.js';
import type { SupportCaseOffersTable } from './schema.js';

export type SupportOfferRow = Selectable<SupportCaseOffersTable>;
type Decided = 'declined' | 'withdrawn' | 'expired';

export async function insertOffer(db: Db, row: Insertable<SupportCaseOffersTable>): Promise<void> {
  await db.insertInto('support_case_offers').values(row).execute();
}

export function offersOfCase(db: Db, caseId: string): Promise<SupportOfferRow[]> {
  return db
    .selectFrom('support_case_offers')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function findOffer(db: Db, caseId: string, id: string): Promise<SupportOfferRow | undefined> {
  return db
    .selectFrom('support_case_offers')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Claims an open, unexpired offer for the accept that records `consentId`; undefined when another won. */
export function claimOffer(
  trx: Db,
  caseId: string,
  id: string,
  claim: { consentId: string; by: string; at: Date },
): Promise<SupportOfferRow | undefined> {
  return trx
    .updateTable('support_case_offers')
    .set({ status: 'accepted', consent_id: claim.consentId, decided_by: claim.by, decided_at: claim.at })
    .where('id', '=', id)
    .where('case_id', '=', caseId)
    .where('status', '=', 'open')
    .where('expires_at', '>', claim.at)
    .returningAll()
    .executeTakeFirst();
}

/** Moves an open offer to `status`; false when it was no longer open. */
export async function decideOpenOffer(
  trx: Db,
  id: string,
  decision: { status: Decided; by: string | null; at: Date },
): Promise<boolean> {
  const done = await trx
    .updateTable('support_case_offers')
    .set({ status: decision.status, decided_by: decision.by, decided_at: decision.at })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return done.numUpdatedRows > 0n;
}

/** Withdraws every open offer of a case (it closed), or those superseded by a new one of the same kind. */
export async function withdrawOpenOffers(trx: Db, caseId: string, at: Date, kind?: 'refund' | 'change') {
  let q = trx
    .updateTable('support_case_offers')
    .set({ status: 'withdrawn', decided_at: at })
    .where('case_id', '=', caseId)
    .where('status', '=', 'open');
  if (kind) q = q.where('kind', '=', kind);
  await q.execute();
}

/** The claimed offer's end: what the booking operation did. */
export async function settleOffer(db: Db, id: string, status: 'done' | 'failed', outcome: string): Promise<void> {
  await db
    .updateTable('support_case_offers')
    .set({ status, outcome })
    .where('id', '=', id)
    .where('status', '=', 'accepted')
    .execute();
}
