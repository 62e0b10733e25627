// events: the event log, read by cursor.
import type { AppContext } from '../../../context.js';
import type { ContrailEvent } from '../../../domain/events/events.service.js';
import type { ServiceHandlers } from '../../contract.js';
import type { components } from '../../generated/openapi.generated.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'listEvents' | 'getEvent' | 'redeliverEvent'>;

export function eventHandlers(ctx: Pick<AppContext, 'events' | 'webhookEndpoints'>): Handlers {
  return {
    listEvents: async (request) => {
      const { type, created_after, created_before, delivery_success, cursor, limit = 25 } = request.query;
      const { items, nextCursor } = await ctx.events.list(principalOf(request), {
        types: type,
        createdAfter: created_after ? new Date(created_after) : undefined,
        createdBefore: created_before ? new Date(created_before) : undefined,
        deliverySuccess: delivery_success,
        cursor,
        limit,
      });
      return { status: 200, body: { data: items.map(toWire), meta: { limit, next_cursor: nextCursor } } };
    },
    getEvent: async (request) => ({
      status: 200,
      body: toWire(await ctx.events.get(principalOf(request), request.params.id)),
    }),
    redeliverEvent: async (request) => {
      const endpointId = request.body.endpoint_id;
      const data = await ctx.webhookEndpoints.redeliver(principalOf(request), request.params.id, endpointId);
      return { status: 202, body: { data } };
    },
  };
}

/**
 * The stored envelope is the wire shape: its `data.object` was written by the same view that the
 * resource's own GET answers with (and the contract test checks every stored event against it).
 */
const toWire = (event: ContrailEvent) => event as components['schemas']['Event'];
