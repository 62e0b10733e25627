// A support case's events, appended in the transaction of the message that raised them (the event
// log is the outbox: notifications and mail in the reader's language, webhooks and GET /events all
// read it). The event's agent is the case's opener, so staff's answer reaches exactly them.
import type { Db } from '../../db/database.js';
import { findCase } from '../../db/support-cases.repository.js';
import { recordEvent } from '../events/record-event.js';
import { caseView } from './support-case.js';

export type SupportEventType = 'support_case.opened' | 'support_case.agent_replied' | 'support_case.staff_replied';

export async function recordSupportEvent(trx: Db, type: SupportEventType, caseId: string, at: Date): Promise<void> {
  const row = (await findCase(trx, caseId))!;
  await recordEvent(trx, {
    type,
    agencyId: row.agency_id,
    companyId: row.company_id,
    bookingId: row.booking_id,
    agentId: row.opened_by,
    // In the case's mode, as the booking's events are: test cases stay out of live feeds.
    liveMode: row.live,
    object: caseView(row),
    at,
  });
}
