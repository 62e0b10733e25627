// Reading the request log (GET /request_logs, GET /request_logs/{id}). The wall: a supervisor sees
// the calls of their agency (its people's tokens and sessions); everyone else sees their own calls;
// no one sees another agency's, and another agency's call is "not found", never "forbidden", so
// ids cannot be probed. A token sees only the calls of its own mode, as it sees only that mode's
// data (a test token never learns what live calls were made); a console session sees both.
// Rows older than the retention are never answered, even before the sweeper drops their day.
import type { Db } from '../../db/database.js';
import { findEvents } from '../../db/events.repository.js';
import {
  findRequestLog,
  findRequestLogs,
  type ListedRequestLog,
  type RequestLogFilter,
} from '../../db/request-logs.repository.js';
import { listDeliveryStates } from '../../db/webhooks.repository.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { deliveryStateView } from '../webhooks/webhook-endpoints.service.js';

/** How long calls are kept (the sweeper drops each day's partition after it). */
export const requestLogRetentionDays = 30;

export interface RequestLogQuery {
  /** `404`, `4xx`: exact statuses and classes. */
  statuses?: readonly string[];
  method?: string;
  pathPrefix?: string;
  idempotencyKey?: string;
  createdAfter?: Date;
  createdBefore?: Date;
  cursor?: string;
  limit: number;
}

export const requestLogView = (row: ListedRequestLog) => ({
  id: row.request_id,
  created_at: row.created_at.toISOString(),
  method: row.method,
  route: row.route,
  path: row.path,
  status: row.status,
  duration_ms: Math.round(row.duration_ms * 100) / 100,
  source: row.source,
  credential: row.credential,
  token_id: row.token_id,
  token_name: row.token_name,
  mode: row.mode,
  account_id: row.account_id,
  account_email: row.account_email,
  idempotency_key: row.idempotency_key,
  replayed: row.replayed,
});

/** The cursor is the last row's (created_at, seq), opaque to callers. */
const encodeCursor = (row: ListedRequestLog) =>
  Buffer.from(`${row.created_at.getTime()}.${row.seq}`).toString('base64url');
function decodeCursor(cursor: string): { createdAt: Date; seq: string } {
  const match = /^(\d{1,15})\.(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new DomainError('validation_failed', 'The cursor is not one this API gave.');
  return { createdAt: new Date(Number(match[1])), seq: match[2]! };
}

const statusRange = (status: string): readonly [number, number] =>
  status.endsWith('xx') ? [Number(status[0]) * 100, Number(status[0]) * 100 + 99] : [Number(status), Number(status)];

function wallOf(principal: Principal): Pick<RequestLogFilter, 'agencyId' | 'accountId' | 'mode'> {
  const mode = principal.via.kind === 'token' ? principal.via.mode : undefined;
  if (principal.userType === 'Supervisor') {
    if (!principal.agencyId) throw new DomainError('forbidden');
    return { agencyId: principal.agencyId, mode };
  }
  return { accountId: principal.accountId, mode };
}

export function createRequestLogsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const since = () => new Date(clock.now().getTime() - requestLogRetentionDays * 24 * 3600 * 1000);
  return {
    /** Newest first; `nextCursor` is null on the last page. */
    async list(principal: Principal, query: RequestLogQuery) {
      const createdAfter = query.createdAfter && query.createdAfter > since() ? query.createdAfter : since();
      const rows = await findRequestLogs(
        db,
        {
          ...wallOf(principal),
          statusRanges: query.statuses?.map(statusRange),
          method: query.method,
          pathPrefix: query.pathPrefix,
          idempotencyKey: query.idempotencyKey,
          since: createdAfter,
          before: query.createdBefore,
        },
        { limit: query.limit + 1, before: query.cursor ? decodeCursor(query.cursor) : undefined },
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(requestLogView),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** The newest call with this id within the wall (a client may have sent one id twice). */
    async get(principal: Principal, requestId: string) {
      const row = await findRequestLog(db, { ...wallOf(principal), requestId, since: since() });
      if (!row) throw notFound('request');
      const events = row.agency_id ? await findEvents(db, { agencyId: row.agency_id, requestId }, { limit: 100 }) : [];
      // Every event's deliveries in one read (up to 50 each, as an event's page lists them).
      const { rows: deliveries } = events.length
        ? await listDeliveryStates(db, { eventId: events.map((e) => e.id) }, { page: 1, perPage: 50 * events.length })
        : { rows: [] };
      const withDeliveries = events.reverse().map((event) => ({
        id: event.id,
        type: event.type,
        created_at: event.created_at.toISOString(),
        deliveries: deliveries
          .filter((d) => d.event_id === event.id)
          .slice(0, 50)
          .map(deliveryStateView),
      }));
      return {
        log: requestLogView(row),
        headers: row.headers as Record<string, string>,
        request_body: row.request_body,
        request_body_truncated: row.request_body_truncated,
        response_body: row.response_body,
        response_body_truncated: row.response_body_truncated,
        events: withDeliveries,
      };
    },
  };
}

export type RequestLogsService = ReturnType<typeof createRequestLogsService>;
