// The one Kysely instance of a process, made at the edge and handed down.
import { createHash } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient, type RawBuilder } from 'kysely';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/**
 * A time for an array parameter (a batch written through `unnest`), as ISO 8601 text: the driver
 * writes a Date in an array field by field in local time, several times dearer than `toISOString`
 * (a burst writes thousands of them).
 */
export const isoTime = (at: Date | string | null | undefined): string | null =>
  at === null || at === undefined ? null : typeof at === 'string' ? at : at.toISOString();

/**
 * `poolWaitMs` bounds a statement's wait for a free connection of the pool, or for a new one to
 * open: past it the statement fails (a 500). It must outlast the queue a legitimate burst builds
 * (every request of it waiting for its turn at one row lock holds or awaits a connection).
 */
/**
 * `asyncCommit` is for writers of what is already written behind (the request log's batches): their
 * COMMIT does not wait for the WAL flush, so a crash can lose the last moment's rows, which the
 * buffer in memory could lose anyway; it is never for money, tickets or messages.
 */
export function createDb(
  connectionString: string,
  poolSize = 10,
  poolWaitMs = 20_000,
  { asyncCommit = false }: { asyncCommit?: boolean } = {},
): Db {
  const options = { connectionString, max: poolSize, connectionTimeoutMillis: poolWaitMs };
  const pool = new pg.Pool(asyncCommit ? { ...options, options: '-c synchronous_commit=off' } : options);
  // Connections for stable-plan reads (see `stablePlan`), opened only when one runs. No parallel
  // workers: such a read stops at a page, and launching workers costs more than the whole read (a
  // generic plan's guessed row counts can make a Gather look worth it). One stays open when idle:
  // its cached plans are the point (planning a read over a month of partitions takes about 65 ms
  // on a new connection), and a developer paging slowly outlasts the pool's 10 s idle timeout.
  const stablePool = new pg.Pool({
    ...options,
    min: 1,
    options: '-c plan_cache_mode=force_generic_plan -c max_parallel_workers_per_gather=0',
  });
  // Connections for keyed statements (see `keyedPlan`), opened only when one runs.
  const keyedPool = new pg.Pool({
    ...options,
    options: keyedPlanSwitches.map((name) => `-c ${name}=off`).join(' '),
  });
  // A client that dies (PostgreSQL restarted, its backend terminated) must not crash the process.
  // Idle, the pool replaces it. Checked out, its statement under way fails and its caller hears
  // that (a transaction rolls back); its own 'error' event, which has no pool listener while it is
  // checked out, would otherwise be thrown as uncaught. The pool drops it when it is released.
  for (const clients of [pool, stablePool, keyedPool]) {
    clients.on('error', () => undefined);
    clients.on('connect', (client) => client.on('error', () => undefined));
  }
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: preparedStatements(pool, stablePool, keyedPool) }),
  });
}

const keyedMarker = '/* keyed plan */';
// JIT too: a plan that cannot avoid a switched-off node carries its penalty cost, far past JIT's
// threshold, and PostgreSQL would spend a second or two compiling a statement that runs in one
// millisecond.
export const keyedPlanSwitches = [
  'enable_seqscan',
  'enable_bitmapscan',
  'enable_sort',
  'enable_hashjoin',
  'enable_mergejoin',
  'jit',
];

/**
 * Ends a statement that reaches its rows only by key (index probes in nested loops, an index walked
 * in its own order up to a LIMIT) and whose plan must not follow the statistics: a table whose
 * matching rows swing from none to thousands within seconds, faster than ANALYZE follows (the
 * webhook deliveries in a burst). Planned on statistics that say "few rows", such a statement sorts
 * or hashes every matching row on each call: O(rows) a call, O(n^2) for a burst. Outside a
 * transaction it runs on a connection whose planner has sequential and bitmap scans, sorts, hash
 * and merge joins switched off, so it can only walk the indexes; inside one, like any other.
 */
export const keyedPlan = sql.raw(keyedMarker);

const stableMarker = '/* stable plan */';

/**
 * Marks a read whose best plan is the same whatever its values, `query.modifyFront(stablePlan)`:
 * a page of a scope along the index that leads with it, a row by key. PostgreSQL keeps re-planning
 * a prepared page read on every call, because with LIMIT and OFFSET as parameters its one generic
 * plan looks dearer than each custom one, and planning a four-table read costs more than running
 * it. Outside a transaction such a read runs on a connection that plans it once
 * (plan_cache_mode=force_generic_plan); inside one, like any other statement. Never for reads whose
 * plan should follow their values (a text search, a range whose size varies widely).
 */
export const stablePlan = sql.raw(stableMarker);
const stableRead = `select ${stableMarker}`;

const noFlushMarker = '/* commit without flush */';

/**
 * A one-row source to add to a write's FROM (`FROM … , ${commitWithoutFlush}`) that has the
 * statement's own transaction commit without waiting for the WAL flush (synchronous_commit off
 * until it ends), for rows a crash may lose: a cache that is read back by key and expires anyway,
 * a log already written behind. Such a commit takes no turn in the flush queue that every money,
 * ticket and message commit waits in (an insert still writes WAL: its foreign keys' row locks).
 * What commits after it with the wait flushes it too (the log is written in order), so nothing
 * durable can point at a row lost this way. Only for a statement that is its own transaction: in
 * one, it would take the wait from everything the transaction wrote, so it is refused there.
 */
export const commitWithoutFlush = sql.raw(
  `(SELECT set_config('synchronous_commit', 'off', true) ${noFlushMarker}) AS commit_without_flush`,
);

const announcePrefix = '/* notify after commit: ';

/**
 * Marks a statement whose change should wake the listeners of `channel` once it is durable,
 * `query.modifyEnd(notifyAfterCommit(channel))`. The NOTIFY goes out on the same connection right
 * after the transaction commits, in a statement of its own, and never when it rolls back (outside a
 * transaction: right after the statement). Not inside the transaction, because PostgreSQL takes
 * one lock for the whole database's notification queue when a notifying transaction commits and
 * holds it through that commit's WAL flush: every notifying transaction would commit one after
 * another, each holding its own row locks until its turn. A wake-up is only a hint (readers go by
 * the rows), so one lost between the commit and the NOTIFY (the process died) is made up by the
 * listener's periodic pass.
 */
export function notifyAfterCommit(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  return sql.raw(`${announcePrefix}${channel} */`);
}

/**
 * The after-commit NOTIFY, one per channel and commit (the listeners only wake; the rows tell them
 * what changed). Its own transaction commits without waiting for the WAL flush: it writes no row,
 * and PostgreSQL drops pending notifications on a crash anyway, so the queue lock it takes is held
 * for microseconds, not for a disk sync. Queued, not awaited: every NOTIFY is queued on the
 * connection at once, before the connection goes back to the pool, so each runs on its own ahead of
 * the next holder's statements, and the committed work answers without waiting another round trip.
 */
function announce(client: pg.PoolClient, channels: ReadonlySet<string>): void {
  for (const channel of channels) {
    client
      .query({
        name: 'contrail_notify_after_commit',
        text: `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, '')`,
        values: [channel],
      })
      .catch(() => undefined);
  }
}

function announcedChannels(text: string, into: Set<string>): void {
  let at = text.indexOf(announcePrefix);
  while (at >= 0) {
    const start = at + announcePrefix.length;
    const end = text.indexOf(' */', start);
    if (end < 0) return;
    into.add(text.slice(start, end));
    at = text.indexOf(announcePrefix, end);
  }
}

const sinkPrefix = '/* rows to sink ';
const sinks = new Map<string, (row: unknown) => void>();
let sinkCount = 0;

/**
 * Runs a read handing each row to `onRow` as it arrives, instead of collecting the rows first, on
 * `db` (a transaction included); answers how many rows there were. For long reads written out as
 * they are read (a back-office batch): a row is garbage as soon as it is written, so it dies young,
 * where a collected page lives through garbage collections and piles up in the old generation
 * (the batch bench's peak memory, 2 pages or 100, was most of that). `onRow` runs synchronously,
 * between socket reads; a throw in it fails the read.
 */
export async function eachRow<R>(db: Db, query: RawBuilder<R>, onRow: (row: R) => void): Promise<number> {
  const id = String((sinkCount = (sinkCount + 1) % Number.MAX_SAFE_INTEGER));
  let count = 0;
  sinks.set(id, (row) => {
    count += 1;
    onRow(row as R);
  });
  try {
    await sql`${sql.raw(`${sinkPrefix}${id} */`)} ${query}`.execute(db);
    return count;
  } finally {
    sinks.delete(id);
  }
}

const copyPrefix = '/* copy in ';
const copies = new Map<string, Uint8Array>();
let copyCount = 0;

/**
 * Runs `COPY … FROM STDIN` (`statement`) with `data` as its input (in the format the statement
 * names: binary, as copy-binary.ts writes it), on `db` (a transaction included); answers how many
 * rows it wrote. For appends of many rows at once: PostgreSQL reads the rows straight from the
 * data, without planning a statement or parsing a document that carries them, and writes a page
 * of rows at a time.
 */
export async function copyIn(db: Db, statement: RawBuilder<unknown>, data: Uint8Array): Promise<number> {
  const id = String((copyCount = (copyCount + 1) % Number.MAX_SAFE_INTEGER));
  copies.set(id, data);
  try {
    const { numAffectedRows } = await sql`${sql.raw(`${copyPrefix}${id} */`)} ${statement}`.execute(db);
    return Number(numAffectedRows ?? 0);
  } finally {
    copies.delete(id);
  }
}

/** The data a COPY statement names, and its text without the mark. */
function copyOf(text: string): { data: Uint8Array; text: string } | null {
  if (!text.startsWith(copyPrefix)) return null;
  const end = text.indexOf(' */', copyPrefix.length);
  const data = copies.get(text.slice(copyPrefix.length, end));
  return data === undefined ? null : { data, text: text.slice(end + 3).trimStart() };
}

async function queryCopyIn(client: pg.PoolClient, text: string, data: Uint8Array) {
  const stream = client.query(copyFrom(text));
  await new Promise<void>((resolve, reject) => {
    stream.on('error', reject);
    stream.on('finish', resolve);
    stream.end(data);
  });
  // Kysely reads a write's `rowCount` (as numAffectedRows) for a COPY as for an INSERT.
  return { command: 'INSERT', rowCount: stream.rowCount, rows: [] };
}

/** The sink a statement names, and its text without the mark (so its prepared name stays one). */
function sinkOf(text: string): { onRow: (row: unknown) => void; text: string } | null {
  if (!text.startsWith(sinkPrefix)) return null;
  const end = text.indexOf(' */', sinkPrefix.length);
  const onRow = sinks.get(text.slice(sinkPrefix.length, end));
  return onRow ? { onRow, text: text.slice(end + 3).trimStart() } : null;
}

function queryToSink(
  client: pg.PoolClient,
  config: { name: string | undefined; text: string; values: unknown[] },
  onRow: (row: unknown) => void,
) {
  return new Promise<{ command: string; rowCount: number; rows: never[] }>((resolve, reject) => {
    // Kysely reads `rows` (none: they went to the sink) and a write's `rowCount` (a sink only reads).
    const query = new pg.Query(config);
    let failed: Error | null = null;
    query.on('row', (row: unknown) => {
      if (failed === null)
        try {
          onRow(row);
        } catch (error) {
          failed = error instanceof Error ? error : new Error(String(error));
        }
    });
    query.on('error', reject);
    query.on('end', () => (failed === null ? resolve({ command: 'SELECT', rowCount: 0, rows: [] }) : reject(failed)));
    void client.query(query);
  });
}

const preparable = /^\s*(select|insert|update|delete|with)\b/i;
const names = new Map<string, string>();
const maxNames = 2_000;

/**
 * Runs Kysely's queries as named prepared statements, so PostgreSQL plans each query shape once per
 * connection instead of on every call: on a three-table read by key that halves the database time
 * (`npm run bench`). Query texts are Kysely's compiled SQL, with values always bound apart, so the
 * set of shapes is small; past `maxNames` new shapes run unnamed. A connection is taken from the
 * pool at its first statement, so a stable-plan read or a keyed statement holds only its own.
 */
function preparedStatements(pool: pg.Pool, stablePool: pg.Pool, keyedPool: pg.Pool): PostgresPool {
  return {
    async connect() {
      let client: pg.PoolClient | undefined;
      let inTransaction = false;
      // Channels to NOTIFY when the open transaction commits (see `notifyAfterCommit`).
      const pending = new Set<string>();
      const wrapped: PostgresPoolClient = {
        query: (async (text: string, values: unknown[]) => {
          let ending: 'commit' | 'rollback' | null = null;
          if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
          else if (/^\s*(commit|rollback)\s*$/i.test(text)) {
            inTransaction = false;
            ending = /^\s*commit/i.test(text) ? 'commit' : 'rollback';
          }
          const copy = copyOf(text);
          if (copy) {
            client ??= await pool.connect();
            return queryCopyIn(client, copy.text, copy.data);
          }
          const sink = sinkOf(text);
          if (sink) {
            client ??= await pool.connect();
            return queryToSink(client, { name: statementName(sink.text), text: sink.text, values }, sink.onRow);
          }
          // A commit without the flush wait would take it from the whole transaction's writes.
          if (inTransaction && text.includes(noFlushMarker))
            throw new Error('commitWithoutFlush is only for a statement that is its own transaction');
          const config = { name: statementName(text), text, values };
          if (!inTransaction && text.startsWith(stableRead)) return stablePool.query(config);
          if (!inTransaction && text.endsWith(keyedMarker)) return keyedPool.query(config);
          client ??= await pool.connect();
          if (ending === null && !text.includes(announcePrefix)) return client.query(config);
          // A statement that wrote something to announce (see `notifyAfterCommit`), or the end of a
          // transaction: announce once it is committed, and never what rolled back (a failed COMMIT
          // rolls back too, and throws before reaching the NOTIFY).
          const ended = ending === null ? null : new Set(pending);
          if (ending !== null) pending.clear();
          const result = await client.query(config);
          if (ending === null && (result.rowCount ?? 0) > 0) announcedChannels(text, pending);
          const channels = ending === 'commit' ? ended! : inTransaction ? null : new Set(pending);
          if (!inTransaction) pending.clear();
          if (channels && channels.size > 0) announce(client, channels);
          return result;
        }) as unknown as PostgresPoolClient['query'],
        release: () => client?.release(),
      };
      return wrapped;
    },
    end: async () => {
      await Promise.all([pool.end(), stablePool.end(), keyedPool.end()]);
    },
  };
}

function statementName(text: string): string | undefined {
  if (!preparable.test(text)) return undefined;
  let name = names.get(text);
  if (name === undefined && names.size < maxNames) {
    name = `k_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/** The cheapest statement that proves the database answers (readiness). */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
