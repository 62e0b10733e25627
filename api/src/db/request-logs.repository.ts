// The request log's rows (migrations/20261128T0100-request-logs.ts): appended in batches by one
// COPY, read a page at a time along an index of the caller's and filter's, and kept as one
// partition per UTC day, created ahead of need and dropped whole when past retention.
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import { CopyBinaryWriter } from './copy-binary.js';
import { copyIn, stablePlan, type Db } from './database.js';
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
  headers: Record<string, string>;
  request_body: string | null;
  request_body_truncated: boolean;
  response_body: string | null;
  response_body_truncated: boolean;
}

/**
 * The columns a batch is copied into, in the order `copyRow` writes them; a row's field count is
 * theirs (binary COPY takes each field as the column's own type, in the statement's order).
 */
const copiedColumnNames: readonly (keyof DB['request_logs'])[] = [
  'request_id',
  'created_at',
  'agency_id',
  'account_id',
  'credential',
  'token_id',
  'mode',
  'source',
  'method',
  'route',
  'path',
  'status',
  'duration_ms',
  'idempotency_key',
  'replayed',
  'headers',
  'request_body',
  'request_body_truncated',
  'response_body',
  'response_body_truncated',
];
const copiedColumns = sql.raw(`request_logs (${copiedColumnNames.join(', ')})`);

/**
 * Appends a batch with one COPY, each row in PostgreSQL's binary format (no statement to plan, no
 * document or text to parse: the cheapest append PostgreSQL has); fails (with PostgreSQL's 23514)
 * when a row's day has no partition yet.
 */
export async function insertRequestLogs(db: Db, rows: readonly NewRequestLog[]): Promise<void> {
  if (rows.length === 0) return;
  // A row of the log is about 1 KB: room for a batch at once, most of the time.
  const data = new CopyBinaryWriter(rows.length * 1024);
  for (const row of rows) copyRequestLogRow(data, row);
  await copyRequestLogs(db, data);
}

/** Appends the rows `data` holds (written by `copyRequestLogRow`), as `insertRequestLogs` does. */
export async function copyRequestLogs(db: Db, data: CopyBinaryWriter): Promise<void> {
  if (data.rows === 0) return;
  await copyIn(db, sql`COPY ${copiedColumns} FROM STDIN (FORMAT binary)`, data.end());
}

/**
 * Writes `row` into `data`, as `copyRequestLogs` sends it. Field by field rather than from a list
 * of writers: a call per field through one site cost 0.18 µs more a row (1.15 -> 1.33 µs). The
 * writer tests read every column back.
 */
export function copyRequestLogRow(data: CopyBinaryWriter, row: NewRequestLog): void {
  data.row(copiedColumnNames.length);
  data.text(row.request_id);
  data.timestamptz(row.created_at);
  data.text(row.agency_id);
  data.text(row.account_id);
  data.text(row.credential);
  data.text(row.token_id);
  data.text(row.mode);
  data.text(row.source);
  data.text(row.method);
  data.text(row.route);
  data.text(row.path);
  data.int2(row.status);
  data.float4(row.duration_ms);
  data.text(row.idempotency_key);
  data.bool(row.replayed);
  data.jsonb(JSON.stringify(row.headers));
  data.text(row.request_body);
  data.bool(row.request_body_truncated);
  data.text(row.response_body);
  data.bool(row.response_body_truncated);
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
/** Above every text that starts with the prefix, in text_pattern_ops' (byte) order. */
const pastPrefix = (prefix: string) => `${prefix}\u{10ffff}`;

/** What a page lists of a row: all but its headers and bodies, which only the detail shows. */
const listedColumns = [
  'r.seq',
  'r.request_id',
  'r.created_at',
  'r.agency_id',
  'r.account_id',
  'r.credential',
  'r.token_id',
  'r.mode',
  'r.source',
  'r.method',
  'r.route',
  'r.path',
  'r.status',
  'r.duration_ms',
  'r.idempotency_key',
  'r.replayed',
] as const;
type Names = { token_name: string | null; account_email: string | null };
export type ListedRequestLog = Omit<
  RequestLogRow,
  'headers' | 'request_body' | 'request_body_truncated' | 'response_body' | 'response_body_truncated'
> &
  Names;
interface Page {
  limit: number;
  before?: { createdAt: Date; seq: string };
}

/** The newest rows a path prefix is first looked for among, before its own index is read. */
const pathWalkRows = 1_000;
/**
 * The windows a path prefix's index is read in (hours back from the newest match, or the cursor),
 * each six times the last, then the whole retention: all those read together cost little more than
 * the last one.
 */
const pathWindowHours = [1, 6, 36, 216];
const dayMs = 24 * 3600 * 1000;

/**
 * Newest first, `limit` rows older than the cursor (created_at, seq) when given. Each filter reads
 * along an index in time order and stops at the page (migrations/20261128T1125-request-log-filter-
 * indexes.ts), except a path prefix of an agency: its matches may be most of the newest calls or
 * none of them, so the newest calls are looked through first, and only when they do not fill the
 * page is the prefix's range of paths read, a growing window of time at a time (each a sort of that
 * window's matches alone, read from the index).
 */
export async function findRequestLogs(db: Db, filter: RequestLogFilter, page: Page): Promise<ListedRequestLog[]> {
  if (filter.pathPrefix === undefined || filter.agencyId === undefined) {
    return withNames(db, matching(db, filter, page).select(listedColumns).limit(page.limit), page.limit);
  }
  const { pathPrefix: prefix, agencyId } = filter;
  const newest = db
    .selectFrom(
      matching(db, { ...filter, pathPrefix: undefined }, page)
        .select(listedColumns)
        .limit(pathWalkRows)
        .as('r'),
    )
    .selectAll('r')
    .where(sql<boolean>`r.path LIKE ${`${escapeLike(prefix)}%`}`)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.seq', 'desc')
    .limit(page.limit);
  const walked = await withNames(db, newest, page.limit);
  if (walked.length === page.limit) return walked;
  const top = (page.before?.createdAt ?? filter.before ?? walked[0]?.created_at ?? new Date()).getTime();
  // Each window's lower bound (exclusive), newest first, the last the retention's: one statement
  // whose windows PostgreSQL reads in turn (an Append runs its branches in order when it has no
  // parallel workers, which stable-plan connections never have), stopping at the first that fills
  // the page.
  const bounds = [
    ...pathWindowHours.map((hours) => new Date(Math.max(filter.since.getTime(), top - hours * 3_600_000))),
    filter.since,
  ];
  const windows = bounds.map((from, i) => {
    // The range alone (no LIKE to test row by row): every path that starts with the prefix.
    let window = matching(db, { ...filter, pathPrefix: undefined, since: from }, page)
      .where('r.path', sql`~>=~`, prefix)
      .where('r.path', sql`~<~`, pastPrefix(prefix));
    if (i > 0) window = window.where('r.created_at', '<=', bounds[i - 1]!);
    return db.selectFrom(window.select(['r.created_at', 'r.seq']).limit(page.limit).as(`w${i}`)).selectAll();
  });
  const keys = windows.slice(1).reduce((all, window) => all.unionAll(window), windows[0]!);
  return withNames(
    db,
    db
      .selectFrom(db.selectFrom(keys.as('w')).selectAll().limit(page.limit).as('k'))
      .innerJoin('request_logs as r', (join) =>
        join.onRef('r.created_at', '=', 'k.created_at').onRef('r.seq', '=', 'k.seq').on('r.agency_id', '=', agencyId),
      )
      .select(listedColumns),
    page.limit,
  );
}

/** The newest row matching the filter (the detail: every column, headers and bodies too). */
export async function findRequestLog(db: Db, filter: RequestLogFilter): Promise<(RequestLogRow & Names) | undefined> {
  const [row] = await withNames(db, matching(db, filter, { limit: 1 }).selectAll('r').limit(1), 1);
  return row;
}

/** The caller's rows matching the filter, newest first (no columns chosen yet). */
function matching(db: Db, filter: RequestLogFilter, page: Page) {
  let query = db.selectFrom('request_logs as r').where('r.created_at', '>', filter.since);
  if (filter.agencyId !== undefined) query = query.where('r.agency_id', '=', filter.agencyId);
  if (filter.accountId !== undefined) query = query.where('r.account_id', '=', filter.accountId);
  if (filter.mode !== undefined) query = query.where('r.mode', '=', filter.mode);
  if (filter.requestId !== undefined) query = query.where('r.request_id', '=', filter.requestId);
  if (filter.method !== undefined) {
    query = query.where('r.method', '=', filter.method);
    // Literal, so that PostgreSQL may use the index of non-GET calls by method.
    if (filter.method !== 'GET') query = query.where(sql<boolean>`r.method <> 'GET'`);
  }
  if (filter.idempotencyKey !== undefined) query = query.where('r.idempotency_key', '=', filter.idempotencyKey);
  if (filter.before) query = query.where('r.created_at', '<', filter.before);
  if (filter.pathPrefix !== undefined) {
    query = query.where(sql<boolean>`r.path LIKE ${`${escapeLike(filter.pathPrefix)}%`}`);
  }
  const ranges = filter.statusRanges;
  if (ranges?.length) {
    query = query.where((eb) => eb.or(ranges.map(([from, to]) => eb.between('r.status', from, to))));
    // Literal, so that PostgreSQL may walk the errors' (or the server errors') own index.
    const lowest = Math.min(...ranges.map(([from]) => from));
    if (lowest >= 500) query = query.where(sql<boolean>`r.status >= 500`);
    else if (lowest >= 400) query = query.where(sql<boolean>`r.status >= 400`);
  }
  if (page.before) {
    query = query.where(sql<boolean>`(r.created_at, r.seq) < (${page.before.createdAt}, ${page.before.seq}::bigint)`);
  }
  return query.orderBy('r.created_at', 'desc').orderBy('r.seq', 'desc');
}

/**
 * A page's rows with their token's name and account's email, joined after the page is cut. Planned
 * once per connection (a generic plan, its partitions pruned when it runs): planning a read over
 * thirty day partitions costs more than running it.
 */
function withNames<R extends { created_at: Date; seq: string; token_id: string | null; account_id: string }>(
  db: Db,
  rows: SelectQueryBuilder<DB & { r: RequestLogRow }, 'r', R>,
  limit: number,
): Promise<Array<R & Names>> {
  return db
    .selectFrom(rows.as('r'))
    .modifyFront(stablePlan)
    .leftJoin('api_tokens as t', 't.id', 'r.token_id')
    .leftJoin('accounts as a', 'a.id', 'r.account_id')
    .selectAll('r')
    .select(['t.name as token_name', 'a.email as account_email'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.seq', 'desc')
    .limit(limit)
    .execute() as Promise<Array<R & Names>>; // Kysely's generic selection, spelled as the row it is
}

const dayName = (day: Date) => `request_logs_${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
const startOfDay = (at: Date) => new Date(Math.floor(at.getTime() / dayMs) * dayMs);

/**
 * The columns ANALYZE does not sample (statistics target 0): the headers and bodies, which no read
 * filters or sorts by. Their statistics were most of the cost of analysing a day's partition (a
 * day that takes calls all day is analysed again each tenth it grows): with them, 2.3–3.5 s for
 * 400,000 calls of 0.9 KB; without, 0.9–1.3 s. A partition made by PARTITION OF does not take its
 * parent's targets, so each day is given them as it is made
 * (and the days already made by migrations/20261129T0300-request-log-statistics.ts).
 */
const unsampledRequestLogColumns = ['headers', 'request_body', 'response_body'] as const;

/**
 * Makes the partitions of the `days` UTC days from `from`'s on, those missing. Two processes may
 * race to make the same day: the loser's "already exists" is the outcome it wanted, and both set
 * the day's statistics targets (the same, twice).
 */
export async function ensureRequestLogDays(db: Db, from: Date, days: number): Promise<void> {
  for (let i = 0; i < days; i++) {
    const start = new Date(startOfDay(from).getTime() + i * dayMs);
    const end = new Date(start.getTime() + dayMs);
    const name = dayName(start);
    const { rows } = await sql<{ made: string | null }>`SELECT to_regclass(${name}) AS made`.execute(db);
    if (rows[0]?.made) continue;
    try {
      await sql`CREATE TABLE IF NOT EXISTS ${sql.id(name)} PARTITION OF request_logs
        FOR VALUES FROM (${sql.lit(start.toISOString())}) TO (${sql.lit(end.toISOString())})`.execute(db);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== '42P07' && code !== '23505') throw error;
    }
    const targets = unsampledRequestLogColumns.map((column) => sql`ALTER COLUMN ${sql.id(column)} SET STATISTICS 0`);
    await sql`ALTER TABLE ${sql.id(name)} ${sql.join(targets)}`.execute(db);
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
