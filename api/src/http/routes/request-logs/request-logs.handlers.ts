// request logs: the agency's API calls, read by cursor, and one call with what it caused.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'listRequestLogs' | 'getRequestLog'>;

export function requestLogHandlers(ctx: Pick<AppContext, 'requestLogs'>): Handlers {
  return {
    listRequestLogs: async (request) => {
      const q = request.query;
      const limit = q.limit ?? 50;
      const { items, nextCursor } = await ctx.requestLogs.list(principalOf(request), {
        statuses: q.status?.flatMap((s) => s.split(',')),
        method: q.method,
        pathPrefix: q.path,
        idempotencyKey: q.idempotency_key,
        createdAfter: q.created_after ? new Date(q.created_after) : undefined,
        createdBefore: q.created_before ? new Date(q.created_before) : undefined,
        cursor: q.cursor,
        limit,
      });
      return { status: 200, body: { data: items, meta: { limit, next_cursor: nextCursor } } };
    },
    getRequestLog: async (request) => ({
      status: 200,
      body: await ctx.requestLogs.get(principalOf(request), request.params.id),
    }),
  };
}
