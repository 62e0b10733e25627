// events: the event log, read by cursor.
import type { AppContext } from '../../../context.js';
import type { ContrailEvent } from '../../../domain/events/events.service.js';
import type { ServiceHandlers } from '../../contract.js';
import type { components } from '../../generated/openapi.generated.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'listEvents' | 'getEvent'>;

export function eventHandlers(ctx: Pick<AppContext, 'events'>): Handlers {
  return {
    listEvents: async (request) => {
      const { type, created_after, created_before, cursor, limit = 25 } = request.query;
      const { items, nextCursor } = await ctx.events.list(principalOf(request), {
        types: type,
        createdAfter: created_after ? new Date(created_after) : undefined,
        createdBefore: created_before ? new Date(created_before) : undefined,
        cursor,
        limit,
      });
      return { status: 200, body: { data: items.map(toWire), meta: { limit, next_cursor: nextCursor } } };
    },
    getEvent: async (request) => ({
      status: 200,
      body: toWire(await ctx.events.get(principalOf(request), request.params.id)),
    }),
  };
}

/**
 * The stored envelope is the wire shape: its `data.object` was written by the same view that the
 * resource's own GET answers with (and the contract test checks every stored event against it).
 */
const toWire = (event: ContrailEvent) => event as components['schemas']['Event'];
