// The admin assistant's conversations, messages and plans. A plan's execution is claimed by one
// UPDATE (executed_at set once, while unexpired), so concurrent confirmations run it at most once.
import { sql } from 'kysely';
import type { Db } from './database.js';

export interface PlanRow {
  id: string;
  conversation_id: string;
  account_id: string;
  question: string;
  hash: string;
  steps: unknown;
  /** The language it was proposed in (its results are told in it); null for plans kept before. */
  language: 'en' | 'ua' | 'pl' | null;
  created_at: Date;
  expires_at: Date;
  executed_at: Date | null;
  result: unknown;
}

export async function findConversation(
  db: Db,
  id: string,
): Promise<{ id: string; account_id: string; created_at: Date } | undefined> {
  return db
    .selectFrom('assistant_conversations')
    .select(['id', 'account_id', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export interface MessageRow {
  id: string;
  conversation_id: string;
  role: 'user' | 'assistant';
  text: string;
  body: unknown;
  created_at: Date;
}

/**
 * One turn of a conversation in one statement (one round trip, atomic): the conversation if it is
 * new, the plan proposed if any, and both messages.
 */
export async function recordTurn(
  db: Db,
  turn: {
    conversation?: { id: string; account_id: string; created_at: Date };
    plans: Omit<PlanRow, 'executed_at' | 'result'>[];
    messages: MessageRow[];
  },
) {
  const [plan, ...more] = turn.plans;
  if (more.length) throw new Error('one plan per turn');
  const conversation = turn.conversation
    ? sql`INSERT INTO assistant_conversations (id, account_id, created_at)
        VALUES (${turn.conversation.id}, ${turn.conversation.account_id}, ${turn.conversation.created_at})`
    : sql`SELECT 1`;
  const planned = plan
    ? sql`INSERT INTO assistant_plans (id, conversation_id, account_id, question, hash, steps, language, created_at,
          expires_at)
        VALUES (${plan.id}, ${plan.conversation_id}, ${plan.account_id}, ${plan.question}, ${plan.hash},
          ${JSON.stringify(plan.steps)}::jsonb, ${plan.language}, ${plan.created_at}, ${plan.expires_at})`
    : sql`SELECT 1`;
  const rows = turn.messages.map(
    (m) =>
      sql`(${m.id}, ${m.conversation_id}, ${m.role}, ${m.text}, ${m.body === null ? null : JSON.stringify(m.body)}::jsonb, ${m.created_at})`,
  );
  // The messages refer to the conversation and wait for it: constraints are checked at the statement's end.
  await sql`WITH conversation AS (${conversation}), plan AS (${planned})
    INSERT INTO assistant_messages (id, conversation_id, role, text, body, created_at)
    VALUES ${sql.join(rows)}`.execute(db);
}

export async function findPlan(db: Db, id: string): Promise<PlanRow | undefined> {
  return db.selectFrom('assistant_plans').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Claims the plan for execution: sets executed_at if nobody has and it has not expired at `at`.
 * One statement, so of any number of concurrent callers exactly one gets the row back.
 */
export async function claimPlan(db: Db, id: string, at: Date): Promise<PlanRow | undefined> {
  return db
    .updateTable('assistant_plans')
    .set({ executed_at: at })
    .where('id', '=', id)
    .where('executed_at', 'is', null)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Keeps the first execution's result and answers it as stored (jsonb orders keys its own way, so
 * the first answer equals every repeat); undefined when a result was stored already.
 */
export async function storePlanResult(db: Db, id: string, result: unknown): Promise<unknown> {
  const row = await db
    .updateTable('assistant_plans')
    .set({ result: JSON.stringify(result) })
    .where('id', '=', id)
    .where('result', 'is', null)
    .returning('result')
    .executeTakeFirst();
  return row?.result;
}

/** Names the assistant resolves words against: partners and companies (typos are matched in the domain). */
export async function directory(db: Db): Promise<{
  agencies: { id: string; name: string; status: string }[];
  companies: { id: string; name: string; agency_id: string | null; currency: string }[];
}> {
  // One statement (one round trip, one connection): partners, then companies.
  const rows = await db
    .selectFrom('agencies')
    .select([
      sql<'agency' | 'company'>`'agency'`.as('kind'),
      'id',
      'name',
      'status',
      sql<string | null>`NULL`.as('agency_id'),
      sql<string | null>`NULL`.as('currency'),
    ])
    .unionAll(
      db
        .selectFrom('companies')
        .select([
          sql<'agency' | 'company'>`'company'`.as('kind'),
          'id',
          'name',
          sql<string>`''`.as('status'),
          'agency_id',
          sql<string | null>`trim(balance_currency)`.as('currency'),
        ]),
    )
    .limit(10_000)
    .execute();
  return {
    agencies: rows.filter((r) => r.kind === 'agency').map(({ id, name, status }) => ({ id, name, status })),
    companies: rows
      .filter((r) => r.kind === 'company')
      .map(({ id, name, agency_id, currency }) => ({ id, name, agency_id, currency: currency ?? '' })),
  };
}

/** The names of the partners and companies among `ids` (a plan's step arguments), by id. */
export async function namesByIds(db: Db, ids: readonly string[]): Promise<Record<string, string>> {
  if (ids.length === 0) return {};
  const rows = await db
    .selectFrom('agencies')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .unionAll(db.selectFrom('companies').select(['id', 'name']).where('id', 'in', ids))
    .execute();
  return Object.fromEntries(rows.map((r) => [r.id, r.name]));
}

export interface ConversationSummaryRow {
  id: string;
  title: string;
  created_at: Date;
  last_at: Date;
  questions: number;
  plans: number;
  executed: number;
}

/** An account's conversations, newest first, each with its first question and its counts. */
export async function listConversations(
  db: Db,
  accountId: string,
  page: { page: number; perPage: number },
): Promise<{ rows: ConversationSummaryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('assistant_conversations as c')
      .where('c.account_id', '=', accountId)
      .select([
        'c.id',
        'c.created_at',
        sql<string>`coalesce((SELECT m.text FROM assistant_messages m WHERE m.conversation_id = c.id
          AND m.role = 'user' ORDER BY m.created_at, m.id LIMIT 1), '')`.as('title'),
        sql<Date>`coalesce((SELECT max(m.created_at) FROM assistant_messages m WHERE m.conversation_id = c.id),
          c.created_at)`.as('last_at'),
        sql<number>`(SELECT count(*)::int FROM assistant_messages m WHERE m.conversation_id = c.id
          AND m.role = 'user')`.as('questions'),
        sql<number>`(SELECT count(*)::int FROM assistant_plans p WHERE p.conversation_id = c.id)`.as('plans'),
        sql<number>`(SELECT count(*)::int FROM assistant_plans p WHERE p.conversation_id = c.id
          AND p.executed_at IS NOT NULL)`.as('executed'),
      ])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    db
      .selectFrom('assistant_conversations')
      .where('account_id', '=', accountId)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** A conversation's messages in order (in one turn the question comes before its answer). */
export async function conversationMessages(db: Db, conversationId: string): Promise<MessageRow[]> {
  return db
    .selectFrom('assistant_messages')
    .select(['id', 'conversation_id', 'role', 'text', 'body', 'created_at'])
    .where('conversation_id', '=', conversationId)
    .orderBy('created_at')
    .orderBy(sql`role = 'assistant'`)
    .orderBy('id')
    .execute();
}

/** A conversation's plans in order, with the name of the account that ran each one run. */
export async function conversationPlans(
  db: Db,
  conversationId: string,
): Promise<(PlanRow & { executed_by_name: string | null })[]> {
  return db
    .selectFrom('assistant_plans as p')
    .leftJoin('accounts as a', (join) => join.onRef('a.id', '=', 'p.account_id').on('p.executed_at', 'is not', null))
    .selectAll('p')
    .select(
      sql<string | null>`coalesce(nullif(trim(a.first_name || ' ' || a.last_name), ''), a.email)`.as(
        'executed_by_name',
      ),
    )
    .where('p.conversation_id', '=', conversationId)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .execute();
}
