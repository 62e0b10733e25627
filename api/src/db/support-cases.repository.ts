// Support cases, their thread and attachments: every statement the support domain runs. Rows are
// read with the names of the people on them and the booking's locator, so a case is one read.
import { sql, type Insertable, type Selectable } from 'kysely';
import type { VisibilityScope } from './bookings.repository.js';
import type { Db } from './database.js';
import type { SupportCaseAttachmentsTable, SupportCaseMessagesTable, SupportCasesTable } from './schema.js';

export type SupportCaseRow = Selectable<SupportCasesTable>;
export type SupportMessageRow = Selectable<SupportCaseMessagesTable>;
export type SupportAttachmentRow = Selectable<SupportCaseAttachmentsTable>;

export interface SupportCaseRead extends SupportCaseRow {
  locator: string | null;
  opened_by_name: string;
  assignee_name: string | null;
}

const fullName = (alias: 'o' | 'a' | 'm') =>
  sql<string>`trim(coalesce(${sql.ref(`${alias}.first_name`)}, '') || ' ' || coalesce(${sql.ref(`${alias}.last_name`)}, ''))`;

function casesRead(db: Db) {
  return db
    .selectFrom('support_cases as c')
    .innerJoin('accounts as o', 'o.id', 'c.opened_by')
    .leftJoin('accounts as a', 'a.id', 'c.assignee_id')
    .leftJoin('bookings as b', 'b.id', 'c.booking_id')
    .selectAll('c')
    .select(['b.locator as locator', fullName('o').as('opened_by_name')])
    .select(
      sql<string | null>`case when c.assignee_id is null then null else ${fullName('a')} end`.as('assignee_name'),
    );
}

export async function insertCase(db: Db, row: Insertable<SupportCasesTable>): Promise<void> {
  await db.insertInto('support_cases').values(row).execute();
}

export async function insertMessage(
  db: Db,
  message: Insertable<SupportCaseMessagesTable>,
  attachments: Insertable<SupportCaseAttachmentsTable>[],
): Promise<void> {
  await db.insertInto('support_case_messages').values(message).execute();
  if (attachments.length) await db.insertInto('support_case_attachments').values(attachments).execute();
}

export function findCase(db: Db, id: string): Promise<SupportCaseRead | undefined> {
  return casesRead(db).where('c.id', '=', id).executeTakeFirst();
}

/** The case row, locked for the rest of the caller's transaction (messages and state move under it). */
export function lockCase(trx: Db, id: string): Promise<SupportCaseRow | undefined> {
  return trx.selectFrom('support_cases').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function updateCase(
  trx: Db,
  id: string,
  patch: Partial<Omit<Insertable<SupportCasesTable>, 'id' | 'seq'>>,
): Promise<void> {
  await trx.updateTable('support_cases').set(patch).where('id', '=', id).execute();
}

/** Cases a scope sees (an agent also always sees the cases they opened), newest first, after a seq cursor. */
export function listCases(
  db: Db,
  query: {
    scope: VisibilityScope;
    accountId: string;
    /** Only cases of this mode; undefined: both. */
    live?: boolean;
    status?: 'open' | 'closed';
    kind?: SupportCaseRow['kind'];
    locator?: string;
    beforeSeq?: string;
    limit: number;
  },
): Promise<SupportCaseRead[]> {
  let q = casesRead(db);
  const { scope } = query;
  if (scope.kind === 'agency') q = q.where('c.agency_id', '=', scope.id);
  if (scope.kind === 'company')
    q = q.where((eb) => eb.or([eb('c.company_id', '=', scope.id), eb('c.opened_by', '=', query.accountId)]));
  if (scope.kind === 'agent') q = q.where('c.opened_by', '=', scope.id);
  if (query.live !== undefined) q = q.where('c.live', '=', query.live);
  if (query.status) q = q.where('c.status', '=', query.status);
  if (query.kind) q = q.where('c.kind', '=', query.kind);
  if (query.locator) q = q.where('b.locator', '=', query.locator);
  if (query.beforeSeq) q = q.where('c.seq', '<', query.beforeSeq);
  return q.orderBy('c.seq', 'desc').limit(query.limit).execute();
}

/**
 * The staff queue: open cases, the longest-waiting first (waiting_since ascending), then the
 * answered ones (no waiting_since) oldest first; the cursor is the last row's (key, seq).
 */
export function queueCases(
  db: Db,
  query: {
    live: boolean;
    kind?: SupportCaseRow['kind'];
    assigneeId?: string;
    unassigned?: boolean;
    waitingOnly?: boolean;
    after?: { key: Date; seq: string };
    limit: number;
  },
): Promise<SupportCaseRead[]> {
  const key = sql<Date>`coalesce(c.waiting_since, 'infinity'::timestamptz)`;
  let q = casesRead(db).where('c.status', '=', 'open').where('c.live', '=', query.live);
  if (query.kind) q = q.where('c.kind', '=', query.kind);
  if (query.assigneeId) q = q.where('c.assignee_id', '=', query.assigneeId);
  if (query.unassigned) q = q.where('c.assignee_id', 'is', null);
  if (query.waitingOnly) q = q.where('c.waiting_since', 'is not', null);
  if (query.after) q = q.where(sql<boolean>`(${key}, c.seq) > (${query.after.key}, ${query.after.seq})`);
  return q.orderBy(key).orderBy('c.seq').limit(query.limit).execute();
}

export function messagesOf(db: Db, caseId: string) {
  return db
    .selectFrom('support_case_messages as msg')
    .innerJoin('accounts as m', 'm.id', 'msg.author_id')
    .selectAll('msg')
    .select(fullName('m').as('author_name'))
    .where('msg.case_id', '=', caseId)
    .orderBy('msg.seq')
    .execute();
}

/** The attachments of a case without their content (the thread lists them). */
export function attachmentsOfCase(db: Db, caseId: string) {
  return db
    .selectFrom('support_case_attachments')
    .select(['id', 'message_id', 'file_name', 'content_type', 'size'])
    .where('case_id', '=', caseId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findAttachment(db: Db, caseId: string, id: string): Promise<SupportAttachmentRow | undefined> {
  return db
    .selectFrom('support_case_attachments')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The staff accounts (only they may hold a case). */
export async function isStaffAccount(db: Db, accountId: string): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', '=', accountId)
    .where('user_type', 'in', ['Admin', 'Support'])
    .executeTakeFirst();
  return row !== undefined;
}

export interface FirstResponseDay {
  date: string;
  opened: number;
  answered: number;
  median_seconds: number | null;
  p90_seconds: number | null;
}

/** Per UTC day of [from, to], cases of one mode: opened, answered, and the median and p90 of their time to first response. */
export async function firstResponseByDay(db: Db, live: boolean, from: string, to: string): Promise<FirstResponseDay[]> {
  const { rows } = await sql<FirstResponseDay>`
    SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
           count(c.id)::int AS opened,
           count(c.first_response_at)::int AS answered,
           percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM c.first_response_at - c.created_at))
             AS median_seconds,
           percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM c.first_response_at - c.created_at))
             AS p90_seconds
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
    LEFT JOIN support_cases c
      ON c.live = ${live} AND c.created_at >= d.day AT TIME ZONE 'UTC'
        AND c.created_at < (d.day + interval '1 day') AT TIME ZONE 'UTC'
    GROUP BY d.day
    ORDER BY d.day`.execute(db);
  return rows.map((r) => ({
    ...r,
    median_seconds: r.median_seconds === null ? null : Number(r.median_seconds),
    p90_seconds: r.p90_seconds === null ? null : Number(r.p90_seconds),
  }));
}

/** Open cases created in [from, to] that no staff message answered yet, and the oldest one's creation. */
export async function unansweredIn(db: Db, live: boolean, from: string, to: string) {
  const row = await db
    .selectFrom('support_cases')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('live', '=', live)
    .where('status', '=', 'open')
    .where('first_response_at', 'is', null)
    .where(sql<boolean>`created_at >= ${from}::date AT TIME ZONE 'UTC'`)
    .where(sql<boolean>`created_at < (${to}::date + 1) AT TIME ZONE 'UTC'`)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest as Date | null };
}
