// The webhooks' consumer of the event log: for each event, one delivery row per enabled endpoint
// of its agency and mode that receives its type, written in the dispatcher's transaction (so an
// event is fanned out once, or not at all); after the commit, the worker's delivery loop is woken
// to claim them (webhook-delivery-loop). The rows are the truth: whatever this worker does not take
// (it died, it is busy) another worker's loop claims on its next pass.
import type { Insertable } from 'kysely';
import type { WebhookDeliveriesTable } from '../../db/schema.js';
import { enabledEndpointsOf, insertDeliveries } from '../../db/webhooks.repository.js';
import type { Clock } from '../clock.js';
import type { EventConsumer } from '../events/event-dispatch.js';
import { newId } from '../ids.js';

export function createWebhookConsumer(deps: {
  clock: Clock;
  /** Tells the delivery loop that deliveries were written. */
  wake: () => void;
}): EventConsumer {
  return {
    name: 'webhooks',
    async fanOut(trx, events) {
      const agencies = [...new Set(events.flatMap((e) => (e.agency_id ? [e.agency_id] : [])))];
      const endpoints = await enabledEndpointsOf(trx, agencies);
      if (endpoints.length === 0) return;
      const now = deps.clock.now();
      const rows: Insertable<WebhookDeliveriesTable>[] = [];
      for (const event of events) {
        for (const endpoint of endpoints) {
          // A test endpoint never hears a live event, nor a live one a test event.
          if (endpoint.agency_id !== event.agency_id || endpoint.live_mode !== event.live_mode) continue;
          if (!endpoint.events.includes(event.type)) continue;
          rows.push({
            id: newId('whd'),
            endpoint_id: endpoint.id,
            event_id: event.id,
            event_type: event.type,
            event_seq: event.seq,
            booking_id: event.bookingId,
            next_attempt_at: now,
            created_at: now,
          });
        }
      }
      await insertDeliveries(trx, rows);
      if (rows.length === 0) return;
      return async () => deps.wake();
    },
  };
}
