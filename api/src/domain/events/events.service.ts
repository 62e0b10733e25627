// Reading the event log (GET /events, GET /events/{id}). Agency walls: a caller sees only its own
// agency's events (an agent: those of their own bookings), staff see every agency's and the
// platform-wide ones; a token sees only events
// of its own mode (a test token never sees a live booking's events, nor a live token a test one).
// Pages are cut by the log's own order (seq), newest first, with an opaque cursor.
import type { Db } from '../../db/database.js';
import { findEvents, type EventRow } from '../../db/events.repository.js';
import { DomainError, notFound } from '../errors.js';
import { isStaff, liveModeOf, type Principal } from '../principal.js';
import type { EventType } from './event-types.js';

export interface ContrailEvent {
  id: string;
  type: EventType;
  created_at: string;
  live_mode: boolean;
  agency_id: string | null;
  data: { object: unknown };
  request: { id: string; idempotency_key: string | null } | null;
}

export const eventView = (
  row: Pick<
    EventRow,
    'id' | 'type' | 'created_at' | 'live_mode' | 'agency_id' | 'data' | 'request_id' | 'idempotency_key'
  >,
): ContrailEvent => ({
  id: row.id,
  type: row.type as EventType,
  created_at: row.created_at.toISOString(),
  live_mode: row.live_mode,
  agency_id: row.agency_id,
  data: row.data as { object: unknown },
  request: row.request_id ? { id: row.request_id, idempotency_key: row.idempotency_key } : null,
});

/**
 * `eventView` written as JSON around the event's data already in JSON (as PostgreSQL hands it over):
 * a webhook body without parsing the data only to write it again. The same fields in the same order.
 */
export const eventViewJson = (row: Omit<Parameters<typeof eventView>[0], 'data'> & { data_json: string }): string =>
  envelopeJson(eventView({ ...row, data: null }), row.data_json);

/** An event's envelope as JSON, its data given in JSON already (the fields of `eventView`, in order). */
export const envelopeJson = (event: Omit<ContrailEvent, 'data'>, dataJson: string): string => {
  const head = {
    id: event.id,
    type: event.type,
    created_at: event.created_at,
    live_mode: event.live_mode,
    agency_id: event.agency_id,
  };
  return `${JSON.stringify(head).slice(0, -1)},"data":${dataJson},"request":${JSON.stringify(event.request)}}`;
};

export interface EventQuery {
  types?: readonly EventType[];
  createdAfter?: Date;
  createdBefore?: Date;
  /** Whether every webhook delivery of the event succeeded (see findEvents). */
  deliverySuccess?: boolean;
  cursor?: string;
  limit: number;
}

/** The cursor is the seq of the last event a page held, opaque to callers. */
const encodeCursor = (seq: string) => Buffer.from(`seq:${seq}`).toString('base64url');
function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^seq:(\d{1,18})$/.exec(text);
  if (!match) throw new DomainError('validation_failed', 'The cursor is not one this API gave.');
  return match[1]!;
}

/** Which events a caller may see, as a repository filter. */
export function wallOf(principal: Principal): { agencyId: string | null; agentId?: string; liveMode?: boolean } {
  const liveMode = liveModeOf(principal);
  if (isStaff(principal)) return { agencyId: null, liveMode };
  if (!principal.agencyId) throw new DomainError('forbidden');
  // An agent reaches their own bookings, so they hear of those; the agency's money and reports
  // are their supervisors' business.
  // A supervisor kept to their own (or a company's) bookings hears of their own only.
  const ownOnly = principal.bookingVisibility === 'own' || principal.bookingVisibility === 'company';
  if (principal.userType === 'Agent' || ownOnly)
    return { agencyId: principal.agencyId, agentId: principal.accountId, liveMode };
  return { agencyId: principal.agencyId, liveMode };
}

export function createEventsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** Newest first; `next_cursor` is null on the last page. */
    async list(principal: Principal, query: EventQuery) {
      const rows = await findEvents(
        db,
        {
          ...wallOf(principal),
          types: query.types,
          createdAfter: query.createdAfter,
          createdBefore: query.createdBefore,
          deliverySuccess: query.deliverySuccess,
        },
        { limit: query.limit + 1, beforeSeq: query.cursor ? decodeCursor(query.cursor) : undefined },
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(eventView),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.seq) : null,
      };
    },

    async get(principal: Principal, id: string): Promise<ContrailEvent> {
      // The same wall as the list, applied by the same query: one rule, not a second copy of it.
      const [row] = await findEvents(db, { ...wallOf(principal), id }, { limit: 1 });
      if (!row) throw notFound('event');
      return eventView(row);
    },
  };
}

export type EventsService = ReturnType<typeof createEventsService>;
