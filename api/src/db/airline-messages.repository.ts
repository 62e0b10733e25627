// The airline message log's rows: appended in batches (one binary COPY), read newest first
// by booking or channel, deleted past retention in bounded steps.
import { sql } from 'kysely';
import type { CopyBinaryWriter } from './copy-binary.js';
import { copyIn, type Db } from './database.js';

export interface AirlineMessageRow {
  id: string;
  at: Date;
  channel_id: string;
  carrier: string;
  message: string;
  direction: 'outbound' | 'inbound';
  booking_id: string | null;
  format: 'xml' | 'json';
  url: string;
  status: number | null;
  duration_ms: number;
  request_bytes: number;
  response_bytes: number;
  request_body: string;
  response_body: string | null;
  error: string | null;
}

/** A message's columns but its bodies: what a list of the log shows. */
const summaryColumns = [
  'id',
  'at',
  'channel_id',
  'carrier',
  'message',
  'direction',
  'booking_id',
  'format',
  'url',
  'status',
  'duration_ms',
  'request_bytes',
  'response_bytes',
  'error',
] as const satisfies readonly (keyof AirlineMessageRow)[];

/**
 * The columns a batch is copied into, in the order `copyAirlineMessageRow` writes them; a row's
 * field count is theirs (binary COPY takes each field as the column's own type, in this order).
 */
const copiedColumnNames: readonly (keyof AirlineMessageRow)[] = [...summaryColumns, 'request_body', 'response_body'];
const copiedColumns = sql.raw(`airline_messages (${copiedColumnNames.join(', ')})`);

/** Writes `row` into `data`, as `copyAirlineMessages` sends it. */
export function copyAirlineMessageRow(data: CopyBinaryWriter, row: AirlineMessageRow): void {
  data.row(copiedColumnNames.length);
  data.text(row.id);
  data.timestamptz(row.at);
  data.text(row.channel_id);
  data.text(row.carrier);
  data.text(row.message);
  data.text(row.direction);
  data.text(row.booking_id);
  data.text(row.format);
  data.text(row.url);
  if (row.status === null) data.null();
  else data.int2(row.status);
  data.int4(row.duration_ms);
  data.int4(row.request_bytes);
  data.int4(row.response_bytes);
  data.text(row.error);
  data.text(row.request_body);
  data.text(row.response_body);
}

/**
 * Appends the rows `data` holds (written by `copyAirlineMessageRow`) with one COPY in the binary
 * format: each body goes as its bytes, with no array literal to build and escape. Its commit does
 * not wait for the WAL flush: the batch was written behind the calls it logs, from a buffer in
 * memory that a crash loses anyway, so a crash losing the last moment's rows changes no rule (no
 * money, ticket or message). A COPY cannot name a FROM source (`commitWithoutFlush`), so it runs in
 * a transaction of its own that sets `synchronous_commit` off for itself.
 */
export async function copyAirlineMessages(db: Db, data: CopyBinaryWriter): Promise<void> {
  if (data.rows === 0) return;
  await db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('synchronous_commit', 'off', true)`.execute(trx);
    await copyIn(trx, sql`COPY ${copiedColumns} FROM STDIN (FORMAT binary)`, data.end());
  });
}

export type AirlineMessageSummary = Omit<AirlineMessageRow, 'request_body' | 'response_body'>;

export async function findAirlineMessages(
  db: Db,
  filter: { bookingId?: string; channelId?: string },
  page: { page: number; perPage: number },
): Promise<{ rows: AirlineMessageSummary[]; total: number }> {
  let query = db.selectFrom('airline_messages');
  // A booking is named by its id or by its locator (what a booking's page knows).
  if (filter.bookingId !== undefined) {
    const named = filter.bookingId;
    query = query.where((eb) =>
      eb.or([
        eb('booking_id', '=', named),
        eb('booking_id', 'in', eb.selectFrom('bookings').select('id').where('locator', '=', named)),
      ]),
    );
  }
  if (filter.channelId !== undefined) query = query.where('channel_id', '=', filter.channelId);
  const [rows, count] = await Promise.all([
    query
      .select(summaryColumns)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows, total: Number(count.n) };
}

export async function findAirlineMessage(db: Db, id: string): Promise<AirlineMessageRow | undefined> {
  return await db.selectFrom('airline_messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes up to `limit` rows older than `cutoff`; answers how many went. */
export async function deleteAirlineMessagesBefore(db: Db, cutoff: Date, limit: number): Promise<number> {
  const result = await sql`
    DELETE FROM airline_messages WHERE id IN (
      SELECT id FROM airline_messages WHERE at < ${cutoff} ORDER BY at LIMIT ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
