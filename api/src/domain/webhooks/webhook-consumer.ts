// The webhooks' consumer of the event log: for each event, one delivery row per enabled endpoint
// of its agency and mode that receives its type, written in the dispatcher's transaction (so an
// event is fanned out once, or not at all); after the commit, one job per delivery. A lost
// enqueue is found again by the sweeper (webhooks-sweep), since the row is the truth.
import type { Insertable } from 'kysely';
import type { WebhookDeliveriesTable } from '../../db/schema.js';
import { enabledEndpointsOf, insertDeliveries } from '../../db/webhooks.repository.js';
import type { Clock } from '../clock.js';
import type { EventConsumer } from '../events/event-dispatch.js';
import { newId } from '../ids.js';
import type { JobProducer } from '../job-producer.js';

export function createWebhookConsumer(deps: {
  clock: Clock;
  jobs: Pick<JobProducer, 'enqueueWebhookDelivery'>;
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
      return async () => {
        await Promise.allSettled(rows.map((r) => deps.jobs.enqueueWebhookDelivery(r.id, 'a0')));
      };
    },
  };
}
