// The webhooks' consumer of the event log: for each event, one delivery row per enabled endpoint
// of its agency and mode that receives its type, written in the dispatcher's transaction (so an
// event is fanned out once, or not at all). As many of them as this worker's delivery loop has free
// slots for are written already claimed by this worker (webhook-delivery.ts, `writeFanOut`: the
// delivery claim's own ordering conditions decide which may be), and after the commit they go
// straight to the loop with the endpoint and event in hand; the loop is woken for the rest. The
// rows are the truth: whatever this worker does not send (it died, it is busy) another worker's
// loop claims on its next pass, a claim taken here once it runs out.
import type { DeliverySlots, WebhookDeliverer } from './webhook-delivery.js';
import { enabledEndpointsOf, type NewDelivery } from '../../db/webhooks.repository.js';
import type { Clock } from '../clock.js';
import type { EventConsumer } from '../events/event-dispatch.js';
import { envelopeJson } from '../events/events.service.js';
import { newId } from '../ids.js';

export function createWebhookConsumer(deps: {
  clock: Clock;
  deliverer: Pick<WebhookDeliverer, 'writeFanOut'>;
  /** The delivery loop: how many attempts it could start now, and where claims taken here go. */
  slots: DeliverySlots;
}): EventConsumer {
  return {
    name: 'webhooks',
    async fanOut(trx, events) {
      const agencies = [...new Set(events.flatMap((e) => (e.agency_id ? [e.agency_id] : [])))];
      const endpoints = await enabledEndpointsOf(trx, agencies);
      if (endpoints.length === 0) return;
      deps.slots.expect();
      const now = deps.clock.now();
      const rows: NewDelivery[] = [];
      const bodies = new Map<string, Buffer>();
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
          if (!bodies.has(event.id)) bodies.set(event.id, Buffer.from(envelopeJson(event, event.dataJson)));
        }
      }
      // Nothing for this worker's loop after all: it claims as before.
      if (rows.length === 0) return async () => deps.slots.take([], false);
      const held = await deps.deliverer.writeFanOut(
        trx,
        { rows, endpoints: new Map(endpoints.map((e) => [e.id, e])), bodies },
        deps.slots.free(),
      );
      return async () => deps.slots.take(held, held.length < rows.length);
    },
  };
}
