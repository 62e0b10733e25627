// The event stream (GET /events/stream, `contrail listen`): the caller's events as they are written,
// and the test events of POST /events/test_events (`contrail trigger`), which the log does not keep.
// Invariant: a session hands on every event of its wall exactly once and in log order, from where it
// opened (or from a resumed position) onwards. A seq is taken at insert, not at commit, so the log
// can gain a row below one already seen; a session therefore reads only up to a fence that every
// transaction running when the fence was set has left (event-stream.repository.ts), one poll late.
// The wall is the event log's own (events.service.ts): staff every agency's, a supervisor their
// agency's, a token only its own mode's.
import type { Db } from '../../db/database.js';
import {
  eventsAfter,
  insertStreamTestEvent,
  streamFence,
  streamTestEventsAfter,
  type StreamFence,
} from '../../db/event-stream.repository.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import { liveModeOf, type Principal } from '../principal.js';
import type { EventType } from './event-types.js';
import { eventViewJson, wallOf, type ContrailEvent } from './events.service.js';
import { testEventOf } from './test-events.js';

/** How long a test event waits for a stream that reconnects. */
export const testEventKeepMs = 3600 * 1000;
const pageSize = 200;

export interface StreamMessage {
  /** The position after this message: the SSE `id:`, sent back as `Last-Event-ID` to resume. */
  id: string;
  type: string;
  /** The envelope as GET /events/{id} answers it, on one line. */
  json: string;
}

interface Position {
  events: string;
  tests: string;
}

const encodePosition = (p: Position) => Buffer.from(`e:${p.events},t:${p.tests}`).toString('base64url');
function decodePosition(id: string): Position {
  const match = /^e:(\d{1,18}),t:(\d{1,18})$/.exec(Buffer.from(id, 'base64url').toString('utf8'));
  if (!match) throw new DomainError('validation_failed', undefined, { parameter: 'Last-Event-ID' });
  return { events: match[1]!, tests: match[2]! };
}

const passed = (later: StreamFence, earlier: StreamFence) => BigInt(later.xmin) >= BigInt(earlier.xmax);

export function createEventStreamService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /**
     * Opens a session at `lastEventId` (the `id:` of the last message a client received) or, without
     * it, at the present. Answers `poll`, which answers the messages that have become final since.
     */
    async open(principal: Principal, options: { lastEventId?: string; types?: readonly EventType[] }) {
      const wall = { ...wallOf(principal), types: options.types };
      const start = await streamFence(db);
      let position: Position = options.lastEventId
        ? decodePosition(options.lastEventId)
        : { events: start.events, tests: start.tests };
      let fence = start;

      return {
        /** Messages up to the last fence every writer then running has left; empty when none. */
        async poll(): Promise<StreamMessage[]> {
          const now = await streamFence(db);
          if (!passed(now, fence)) return [];
          const messages: StreamMessage[] = [];
          const events = await eventsAfter(db, wall, {
            afterSeq: position.events,
            upToSeq: fence.events,
            limit: pageSize,
          });
          for (const row of events) {
            position = { ...position, events: row.seq };
            messages.push({ id: encodePosition(position), type: row.type, json: eventViewJson(row) });
          }
          const tests = await streamTestEventsAfter(db, wall, {
            afterSeq: position.tests,
            upToSeq: fence.tests,
            limit: pageSize,
          });
          for (const row of tests) {
            position = { ...position, tests: row.seq };
            messages.push({ id: encodePosition(position), type: row.type, json: row.body_json });
          }
          // A full page leaves the rest below the same fence for the next poll; otherwise the
          // position moves to the fence (nothing of the wall lies between) and the fence moves on.
          if (events.length < pageSize && tests.length < pageSize) {
            position = {
              events: maxSeq(position.events, fence.events),
              tests: maxSeq(position.tests, fence.tests),
            };
            fence = now;
          }
          return messages;
        },
      };
    },

    /**
     * A test event for the streams: a copy of the agency's newest event of `type` in the caller's
     * mode (a console session: test), under a new id and the current time.
     */
    async trigger(principal: Principal, type: EventType): Promise<ContrailEvent> {
      if (!principal.agencyId)
        throw new DomainError('forbidden', 'Test events belong to an agency; sign in as one of its supervisors.');
      const liveMode = liveModeOf(principal) ?? false;
      const now = clock.now();
      const event: ContrailEvent = await testEventOf(db, { agencyId: principal.agencyId, liveMode }, type, now);
      await insertStreamTestEvent(
        db,
        {
          id: event.id,
          agency_id: principal.agencyId,
          live_mode: liveMode,
          type,
          body: JSON.stringify(event),
          created_at: now,
        },
        new Date(now.getTime() - testEventKeepMs),
      );
      return event;
    },
  };
}

const maxSeq = (a: string, b: string) => (BigInt(a) >= BigInt(b) ? a : b);

export type EventStreamService = ReturnType<typeof createEventStreamService>;
