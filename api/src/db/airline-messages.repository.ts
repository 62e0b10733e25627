// The airline message log's rows: appended in batches (one statement of arrays), read newest first
// by booking or channel, deleted past retention in bounded steps.
import { sql } from 'kysely';
import { commitWithoutFlush, type Db } from './database.js';

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

/**
 * Appends a batch of the log. Its commit does not wait for the WAL flush (`commitWithoutFlush`):
 * the batch was written behind the calls it logs, from a buffer in memory that a crash loses
 * anyway, so a crash losing the last moment's rows changes no rule (no money, ticket or message).
 */
export async function insertAirlineMessages(db: Db, rows: readonly AirlineMessageRow[]): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof AirlineMessageRow>(key: K) => rows.map((r) => r[key]);
  await sql`
    INSERT INTO airline_messages (id, at, channel_id, carrier, message, direction, booking_id, format, url,
      status, duration_ms, request_bytes, response_bytes, request_body, response_body, error)
    SELECT m.* FROM unnest(${col('id')}::text[], ${col('at')}::timestamptz[], ${col('channel_id')}::text[],
      ${col('carrier')}::text[], ${col('message')}::text[], ${col('direction')}::text[],
      ${col('booking_id')}::text[], ${col('format')}::text[], ${col('url')}::text[],
      ${col('status')}::smallint[], ${col('duration_ms')}::integer[], ${col('request_bytes')}::integer[],
      ${col('response_bytes')}::integer[], ${col('request_body')}::text[], ${col('response_body')}::text[],
      ${col('error')}::text[]) AS m, ${commitWithoutFlush}`.execute(db);
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
      .select([
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
      ])
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
