// The request log's rows (migrations/20261128T0100-request-logs.ts): appended in batches by one
// statement of arrays (a fixed shape whatever the batch's size, so PostgreSQL plans it once), read
// a page at a time along a caller's index, and kept as one partition per UTC day, created ahead of
// need and dropped whole when past retention.
import { sql, type Selectable } from 'kysely';
import { stablePlan, type Db } from './database.js';
import type { DB } from './schema.generated.js';

export type RequestLogRow = Selectable<DB['request_logs']>;

export interface NewRequestLog {
  request_id: string;
  created_at: Date;
  agency_id: string | null;
  account_id: string;
  credential: 'token' | 'session';
  token_id: string | null;
  mode: 'test' | 'live' | null;
  source: 'api' | 'console' | 'workspace';
  method: string;
  route: string | null;
  path: string;
  status: number;
  duration_ms: number;
  idempotency_key: string | null;
  replayed: boolean;
  headers: string;
  request_body: string | null;
  request_body_truncated: boolean;
  response_body: string | null;
  response_body_truncated: boolean;
}

const column = <K extends keyof NewRequestLog>(rows: readonly NewRequestLog[], key: K) => rows.map((r) => r[key]);

/** Appends a batch in one statement; fails (with PostgreSQL's 23514) when a row's day has no partition yet. */
export async function insertRequestLogs(db: Db, rows: readonly NewRequestLog[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO request_logs (request_id, created_at, agency_id, account_id, credential, token_id, mode, source,
      method, route, path, status, duration_ms, idempotency_key, replayed, headers, request_body,
      request_body_truncated, response_body, response_body_truncated)
    SELECT * FROM unnest(${column(rows, 'request_id')}::text[], ${column(rows, 'created_at')}::timestamptz[],
      ${column(rows, 'agency_id')}::text[], ${column(rows, 'account_id')}::text[], ${column(rows, 'credential')}::text[],
      ${column(rows, 'token_id')}::text[], ${column(rows, 'mode')}::text[], ${column(rows, 'source')}::text[],
      ${column(rows, 'method')}::text[], ${column(rows, 'route')}::text[], ${column(rows, 'path')}::text[],
      ${column(rows, 'status')}::smallint[], ${column(rows, 'duration_ms')}::real[],
      ${column(rows, 'idempotency_key')}::text[], ${column(rows, 'replayed')}::boolean[],
      ${column(rows, 'headers')}::jsonb[], ${column(rows, 'request_body')}::text[],
      ${column(rows, 'request_body_truncated')}::boolean[], ${column(rows, 'response_body')}::text[],
      ${column(rows, 'response_body_truncated')}::boolean[])`.execute(db);
}

export interface RequestLogFilter {
  /** The wall: an agency's rows (a supervisor) or one account's (everyone else). */
  agencyId?: string;
  accountId?: string;
  /** A token's calls of its own mode only (undefined: both, and console sessions' calls). */
  mode?: 'test' | 'live';
  requestId?: string;
  /** Exact statuses and classes as [from, to] ranges, any of which matches. */
  statusRanges?: ReadonlyArray<readonly [number, number]>;
  method?: string;
  pathPrefix?: string;
  idempotencyKey?: string;
  /** Rows at or after this instant only: retention, and `created_after`. */
  since: Date;
  before?: Date;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Newest first, `limit` rows older than the cursor (created_at, seq) when given. */
export async function findRequestLogs(
  db: Db,
  filter: RequestLogFilter,
  page: { limit: number; before?: { createdAt: Date; seq: string } },
): Promise<Array<RequestLogRow & { token_name: string | null; account_email: string | null }>> {
  let query = db
    .selectFrom('request_logs as r')
    .leftJoin('api_tokens as t', 't.id', 'r.token_id')
    .leftJoin('accounts as a', 'a.id', 'r.account_id')
    .selectAll('r')
    .select(['t.name as token_name', 'a.email as account_email'])
    .where('r.created_at', '>', filter.since);
  if (filter.agencyId !== undefined) query = query.where('r.agency_id', '=', filter.agencyId);
  if (filter.accountId !== undefined) query = query.where('r.account_id', '=', filter.accountId);
  if (filter.mode !== undefined) query = query.where('r.mode', '=', filter.mode);
  if (filter.requestId !== undefined) query = query.where('r.request_id', '=', filter.requestId);
  if (filter.method !== undefined) query = query.where('r.method', '=', filter.method);
  if (filter.idempotencyKey !== undefined) query = query.where('r.idempotency_key', '=', filter.idempotencyKey);
  if (filter.before) query = query.where('r.created_at', '<', filter.before);
  if (filter.pathPrefix !== undefined) {
    query = query.where(sql<boolean>`r.path LIKE ${`${escapeLike(filter.pathPrefix)}%`}`);
  }
  const ranges = filter.statusRanges;
  if (ranges?.length) {
    query = query.where((eb) => eb.or(ranges.map(([from, to]) => eb.between('r.status', from, to))));
    // One class (or statuses of one class): the agency's rows of that class along their own index,
    // newest first, instead of walking every row of the agency for the rare 5xx.
    const classes = new Set(ranges.flatMap(([from, to]) => [Math.floor(from / 100), Math.floor(to / 100)]));
    if (classes.size === 1) query = query.where(sql<boolean>`r.status / 100 = ${[...classes][0]!}`);
  }
  if (page.before) {
    query = query.where(sql<boolean>`(r.created_at, r.seq) < (${page.before.createdAt}, ${page.before.seq}::bigint)`);
  }
  // Planned once per connection (a generic plan, its partitions pruned when it runs): planning a
  // read over thirty day partitions costs more than running it.
  return query
    .modifyFront(stablePlan)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.seq', 'desc')
    .limit(page.limit)
    .execute();
}

const dayName = (day: Date) => `request_logs_${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
const dayMs = 24 * 3600 * 1000;
const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / dayMs) * dayMs);

/**
 * Makes the partitions of the `days` UTC days from `from`'s on, those missing. Two processes may
 * race to make the same day: the loser's "already exists" is the outcome it wanted.
 */
export async function ensureRequestLogDays(db: Db, from: Date, days: number): Promise<void> {
  for (let i = 0; i < days; i++) {
    const start = new Date(startOfDay(from).getTime() + i * dayMs);
    const end = new Date(start.getTime() + dayMs);
    try {
      await sql`CREATE TABLE IF NOT EXISTS ${sql.id(dayName(start))} PARTITION OF request_logs
        FOR VALUES FROM (${sql.lit(start.toISOString())}) TO (${sql.lit(end.toISOString())})`.execute(db);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '42P07' && code !== '23505') throw error;
    }
  }
}

/** The day partitions there are, by name (`request_logs_20261128`), oldest first. */
export async function requestLogDays(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname = 'request_logs' AND p.relnamespace = current_schema()::regnamespace
     ORDER BY 1`.execute(db);
  return rows.map((r) => r.name);
}

/** Drops every day partition that ends at or before `cutoff`; answers the dropped days' names. */
export async function dropRequestLogDaysBefore(db: Db, cutoff: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const name of await requestLogDays(db)) {
    const match = /^request_logs_(\d{4})(\d{2})(\d{2})$/.exec(name);
    if (!match) continue;
    const end = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) + dayMs;
    if (end > cutoff.getTime()) continue;
    await sql`DROP TABLE IF EXISTS ${sql.id(name)}`.execute(db);
    dropped.push(name);
  }
  return dropped;
}
