// What the event stream reads (GET /events/stream): the event log after a position, oldest first, and
// the test events of POST /events/test_events, which the log does not keep. A position is a seq in
// each table. A seq is taken when a row is inserted, not when it commits, so a row with a lower seq
// can become visible after one with a higher seq: the stream reads only up to a fence that every
// transaction running when the fence was set has since left (streamFence, event-stream.service.ts).
import { sql } from 'kysely';
import type { Db } from './database.js';

export interface StreamWall {
  /** null: every agency's (staff). */
  agencyId: string | null;
  agentId?: string;
  /** undefined: both modes (console sessions and staff). */
  liveMode?: boolean;
}

export interface StreamRow {
  seq: string;
  id: string;
  type: string;
  created_at: Date;
  live_mode: boolean;
  agency_id: string | null;
  request_id: string | null;
  idempotency_key: string | null;
  /** `data` as the JSON text PostgreSQL keeps: the envelope is written around it, not re-serialised. */
  data_json: string;
}

/** Log events with a seq in (afterSeq, upToSeq] within the wall, oldest first. */
export async function eventsAfter(
  db: Db,
  wall: StreamWall & { types?: readonly string[] },
  page: { afterSeq: string; upToSeq: string; limit: number },
): Promise<StreamRow[]> {
  let query = db
    .selectFrom('events')
    .select([
      'seq',
      'id',
      'type',
      'created_at',
      'live_mode',
      'agency_id',
      'request_id',
      'idempotency_key',
      sql<string>`data::text`.as('data_json'),
    ])
    .where('seq', '>', page.afterSeq)
    .where('seq', '<=', page.upToSeq);
  if (wall.agencyId !== null) query = query.where('agency_id', '=', wall.agencyId);
  if (wall.agentId !== undefined) query = query.where('agent_id', '=', wall.agentId);
  if (wall.liveMode !== undefined) query = query.where('live_mode', '=', wall.liveMode);
  if (wall.types?.length) query = query.where('type', 'in', wall.types);
  return query.orderBy('seq').limit(page.limit).execute();
}

export interface StreamFence {
  /** The newest seq taken in each table, committed or not. */
  events: string;
  tests: string;
  /** The snapshot's xmax: every transaction that took one of those seqs has an id below it. */
  xmax: string;
  /** The oldest transaction still running. */
  xmin: string;
}

/**
 * Where the log ends now, and which transactions may still be writing below that end. Once a later
 * fence's `xmin` reaches this one's `xmax`, every row up to this one's seqs has committed or is gone.
 */
export async function streamFence(db: Db): Promise<StreamFence> {
  const row = await db
    .selectNoFrom([
      sql<string>`(SELECT coalesce(max(seq), 0)::text FROM events)`.as('events'),
      sql<string>`(SELECT coalesce(max(seq), 0)::text FROM stream_test_events)`.as('tests'),
      sql<string>`pg_snapshot_xmax(pg_current_snapshot())::text`.as('xmax'),
      sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`.as('xmin'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}

export interface NewStreamTestEvent {
  id: string;
  agency_id: string;
  live_mode: boolean;
  type: string;
  body: string;
  created_at: Date;
}

/** Keeps a test event for the streams, and drops those older than `pruneBefore`. */
export async function insertStreamTestEvent(db: Db, row: NewStreamTestEvent, pruneBefore: Date): Promise<void> {
  await db.deleteFrom('stream_test_events').where('created_at', '<', pruneBefore).execute();
  await db
    .insertInto('stream_test_events')
    .values({ ...row, body: sql`${row.body}::json` })
    .execute();
}

/** Test events with a seq in (afterSeq, upToSeq] for the wall's agency (staff: all), oldest first. */
export async function streamTestEventsAfter(
  db: Db,
  wall: StreamWall & { types?: readonly string[] },
  page: { afterSeq: string; upToSeq: string; limit: number },
): Promise<{ seq: string; type: string; body_json: string }[]> {
  let query = db
    .selectFrom('stream_test_events')
    .select(['seq', 'type', sql<string>`body::text`.as('body_json')])
    .where('seq', '>', page.afterSeq)
    .where('seq', '<=', page.upToSeq);
  if (wall.agencyId !== null) query = query.where('agency_id', '=', wall.agencyId);
  if (wall.liveMode !== undefined) query = query.where('live_mode', '=', wall.liveMode);
  if (wall.types?.length) query = query.where('type', 'in', wall.types);
  return query.orderBy('seq').limit(page.limit).execute();
}
