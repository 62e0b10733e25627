// Support cases: an agent's thread with platform staff, about a booking or on its own, and the staff
// queue that works them. Every message moves the case under its row lock, so the two figures the
// queue sorts and measures by stay true under concurrent writers: `waiting_since` (the agent's
// oldest message no staff message has answered) and `first_response_at` (staff's first message,
// set once). Staff's actions on the booking live in support-offers.ts.
import type { Db } from '../../db/database.js';
import {
  findAttachment,
  firstResponseByDay,
  insertCase,
  insertMessage,
  isStaffAccount,
  listCases,
  lockCase,
  queueCases,
  unansweredIn,
  updateCase,
  type SupportCaseRow,
} from '../../db/support-cases.repository.js';
import { withdrawOpenOffers } from '../../db/support-offers.repository.js';
import { bookingFor, visibilityOf } from '../bookings/booking-access.js';
import type { Clock } from '../clock.js';
import { DomainError, invalidField, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { isStaff, liveModeOf, type Principal } from '../principal.js';
import { checkAttachments, type AttachmentUpload } from './support-attachments.js';
import { caseView, sideOf, type SupportCaseView } from './support-case.js';
import { caseFor, fullCase } from './support-case-read.js';
import { recordSupportEvent } from './support-events.js';

export interface SupportCasesDeps {
  db: Db;
  clock: Clock;
}

export interface CasePage {
  items: SupportCaseView[];
  nextCursor: string | null;
}

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
function decode(cursor: string, shape: RegExp): RegExpExecArray {
  const match = shape.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new DomainError('validation_failed', 'The cursor is not one this API gave.', { parameter: 'cursor' });
  return match;
}

export function createSupportCasesService(deps: SupportCasesDeps) {
  const { db, clock } = deps;

  /** Writes a message under the case lock and moves the case's figures; the caller's transaction. */
  async function writeMessage(
    trx: Db,
    principal: Principal,
    row: SupportCaseRow,
    input: { body: string; attachments?: readonly AttachmentUpload[] },
    at: Date,
  ) {
    const files = checkAttachments(input.attachments);
    const side = sideOf(principal);
    if (side === 'staff' && row.status === 'closed')
      throw new DomainError('support_case_closed', 'Reopen the case to answer in it.');
    const messageId = newId('scm');
    await insertMessage(
      trx,
      { id: messageId, case_id: row.id, author_id: principal.accountId, side, body: input.body, created_at: at },
      files.map((f) => ({ ...f, case_id: row.id, message_id: messageId, created_at: at })),
    );
    if (side === 'staff') {
      await updateCase(trx, row.id, {
        waiting_since: null,
        first_response_at: row.first_response_at ?? at,
        last_message_at: at,
        updated_at: at,
      });
      await recordSupportEvent(trx, 'support_case.staff_replied', row.id, at);
    } else {
      // An agent writing in a closed case reopens it: the question is back in the queue.
      await updateCase(trx, row.id, {
        status: 'open',
        closed_at: null,
        waiting_since: row.waiting_since ?? at,
        last_message_at: at,
        updated_at: at,
      });
      const first = row.created_at.getTime() === at.getTime();
      await recordSupportEvent(trx, first ? 'support_case.opened' : 'support_case.agent_replied', row.id, at);
    }
  }

  return {
    async create(
      principal: Principal,
      input: {
        kind: SupportCaseRow['kind'];
        subject: string;
        body: string;
        locator?: string;
        attachments?: readonly AttachmentUpload[];
      },
    ): Promise<SupportCaseView> {
      if (isStaff(principal))
        throw new DomainError('forbidden', 'Staff answer cases; an agent or supervisor opens them.');
      const booking = input.locator ? await bookingFor(db, principal, input.locator) : undefined;
      const id = newId('sc');
      const at = clock.now();
      await db.transaction().execute(async (trx) => {
        await insertCase(trx, {
          id,
          agency_id: booking?.agency_id ?? principal.agencyId,
          company_id: booking?.company_id ?? principal.companyId,
          opened_by: principal.accountId,
          booking_id: booking?.id ?? null,
          // The booking's mode; on its own, the token's (a console session's case is a live one).
          live: booking ? !booking.fake_booking : (liveModeOf(principal) ?? true),
          kind: input.kind,
          subject: input.subject,
          status: 'open',
          waiting_since: at,
          last_message_at: at,
          created_at: at,
          updated_at: at,
        });
        const row = (await lockCase(trx, id))!;
        await writeMessage(trx, principal, row, input, at);
      });
      return fullCase(db, id, principal);
    },

    async list(
      principal: Principal,
      query: {
        mode?: 'test' | 'live';
        status?: 'open' | 'closed';
        kind?: SupportCaseRow['kind'];
        locator?: string;
        cursor?: string;
        limit: number;
      },
    ): Promise<CasePage> {
      const beforeSeq = query.cursor ? decode(query.cursor, /^(\d{1,18})$/)[1] : undefined;
      const rows = await listCases(db, {
        scope: await visibilityOf(db, principal),
        accountId: principal.accountId,
        // A token lists its own mode whatever it asks; a session the mode asked for, or both.
        live: liveModeOf(principal) ?? (query.mode === undefined ? undefined : query.mode === 'live'),
        status: query.status,
        kind: query.kind,
        locator: query.locator,
        beforeSeq,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(caseView),
        nextCursor: rows.length > query.limit && last ? encode(String(last.seq)) : null,
      };
    },

    /** The staff queue: open cases, the longest-waiting first. */
    async queue(
      principal: Principal,
      query: {
        mode?: 'test' | 'live';
        kind?: SupportCaseRow['kind'];
        assignee?: 'me' | 'none';
        waiting?: boolean;
        cursor?: string;
        limit: number;
      },
    ): Promise<CasePage> {
      let after: { key: Date; seq: string } | undefined;
      if (query.cursor) {
        const [, key, seq] = decode(query.cursor, /^(\d{1,15}|inf)\.(\d{1,18})$/);
        // 'infinity' is past every instant: a Date far beyond any case stands in for it.
        after = { key: key === 'inf' ? new Date(8.64e15) : new Date(Number(key)), seq: seq! };
      }
      const rows = await queueCases(db, {
        // A token works its own mode's queue; a session the mode asked for, live by default.
        live: liveModeOf(principal) ?? (query.mode ?? 'live') === 'live',
        kind: query.kind,
        assigneeId: query.assignee === 'me' ? principal.accountId : undefined,
        unassigned: query.assignee === 'none',
        waitingOnly: query.waiting,
        after,
        limit: query.limit + 1,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(caseView),
        nextCursor:
          rows.length > query.limit && last
            ? encode(`${last.waiting_since ? last.waiting_since.getTime() : 'inf'}.${last.seq}`)
            : null,
      };
    },

    async get(principal: Principal, id: string): Promise<SupportCaseView> {
      await caseFor(db, principal, id);
      return fullCase(db, id, principal);
    },

    async post(
      principal: Principal,
      id: string,
      input: { body: string; attachments?: readonly AttachmentUpload[] },
    ): Promise<SupportCaseView> {
      await caseFor(db, principal, id);
      await db.transaction().execute(async (trx) => {
        const row = (await lockCase(trx, id))!;
        await writeMessage(trx, principal, row, input, clock.now());
      });
      return fullCase(db, id, principal);
    },

    async close(principal: Principal, id: string): Promise<SupportCaseView> {
      await caseFor(db, principal, id);
      await db.transaction().execute(async (trx) => {
        const row = (await lockCase(trx, id))!;
        if (row.status === 'closed') return;
        const at = clock.now();
        await updateCase(trx, id, { status: 'closed', closed_at: at, waiting_since: null, updated_at: at });
        await withdrawOpenOffers(trx, id, at);
      });
      return fullCase(db, id, principal);
    },

    async reopen(principal: Principal, id: string): Promise<SupportCaseView> {
      await caseFor(db, principal, id);
      await db.transaction().execute(async (trx) => {
        const row = (await lockCase(trx, id))!;
        if (row.status === 'open') return;
        const at = clock.now();
        // Reopened by its agent, the case waits for staff again; by staff, it is staff's move.
        await updateCase(trx, id, {
          status: 'open',
          closed_at: null,
          waiting_since: isStaff(principal) ? null : at,
          updated_at: at,
        });
      });
      return fullCase(db, id, principal);
    },

    async assign(principal: Principal, id: string, assigneeId: string | null): Promise<SupportCaseView> {
      await caseFor(db, principal, id);
      if (assigneeId !== null && !(await isStaffAccount(db, assigneeId)))
        throw invalidField('/assignee_id', 'Only a staff account (Admin or Support) can hold a case.');
      await updateCase(db, id, { assignee_id: assigneeId, updated_at: clock.now() });
      return fullCase(db, id, principal);
    },

    async attachment(principal: Principal, id: string, attachmentId: string) {
      await caseFor(db, principal, id);
      const file = await findAttachment(db, id, attachmentId);
      if (!file) throw notFound('attachment of this case');
      return { fileName: file.file_name, contentType: file.content_type, content: file.content };
    },

    /** Time to first response per UTC day, and what is still unanswered: measured, not promised. */
    async stats(principal: Principal, query: { from: string; to: string }) {
      // Measured on live cases; a test token measures its sandbox's.
      const live = liveModeOf(principal) ?? true;
      const span = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
      if (span < 0)
        throw new DomainError('validation_failed', 'date_to is before date_from.', { parameter: 'date_to' });
      if (span > 92)
        throw new DomainError('validation_failed', 'The range holds at most 92 days.', { parameter: 'date_to' });
      const [days, unanswered] = await Promise.all([
        firstResponseByDay(db, live, query.from, query.to),
        unansweredIn(db, live, query.from, query.to),
      ]);
      return {
        days,
        unanswered: {
          count: unanswered.count,
          longest_wait_seconds: unanswered.oldest
            ? Math.round((clock.now().getTime() - unanswered.oldest.getTime()) / 1000)
            : null,
        },
      };
    },
  };
}

export type SupportCasesService = ReturnType<typeof createSupportCasesService>;
