// Reading a support case: the wall (a case the caller may not see is simply not there) and the
// case with its thread, files and offers, as `getSupportCase` answers it. Every case operation reads
// through here, so the wall is one function.
import type { Db } from '../../db/database.js';
import { attachmentsOfCase, findCase, messagesOf, type SupportCaseRead } from '../../db/support-cases.repository.js';
import { offersOfCase } from '../../db/support-offers.repository.js';
import { visibilityOf } from '../bookings/booking-access.js';
import { notFound } from '../errors.js';
import { liveModeOf, type Principal } from '../principal.js';
import { caseView, offerView, seesCase, type SupportCaseView } from './support-case.js';
import { summaryFor } from './support-offer-summary.js';

/** A case the caller may see, or 404 (another agency's case is simply not there). */
export async function caseFor(db: Db, principal: Principal, id: string): Promise<SupportCaseRead> {
  const row = await findCase(db, id);
  if (!row || !seesCase(await visibilityOf(db, principal), principal, row)) throw notFound('support case');
  // A token reads its own mode only (a test token never sees a live case, nor a live one a test case).
  const live = liveModeOf(principal);
  if (live !== undefined && row.live !== live) throw notFound('support case');
  return row;
}

/** The case with its thread and offers, as `getSupportCase` answers it, offers in the reader's language. */
export async function fullCase(db: Db, id: string, reader: Pick<Principal, 'language'>): Promise<SupportCaseView> {
  const language = reader.language ?? 'en';
  const [row, messages, attachments, offers] = await Promise.all([
    findCase(db, id),
    messagesOf(db, id),
    attachmentsOfCase(db, id),
    offersOfCase(db, id),
  ]);
  if (!row) throw notFound('support case');
  const offerById = new Map(offers.map((o) => [o.id, o]));
  return {
    ...caseView(row),
    messages: messages.map((m) => ({
      id: m.id,
      side: m.side,
      author: m.author_name,
      // An offer's message reads as its offer does, in the reader's language.
      body: m.offer_id && offerById.has(m.offer_id) ? summaryFor(offerById.get(m.offer_id)!, language) : m.body,
      attachments: attachments
        .filter((a) => a.message_id === m.id)
        .map((a) => ({ id: a.id, file_name: a.file_name, content_type: a.content_type, size: a.size })),
      created_at: m.created_at.toISOString(),
    })),
    offers: offers.map((o) => offerView(o, language)),
  };
}
