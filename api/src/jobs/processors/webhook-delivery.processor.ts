// One attempt of one webhook delivery (domain/webhooks/webhook-delivery.ts holds the rules): the
// job of a ping, a redelivery, a retry or a delivery the sweeper found lost. Safe to run twice or
// at once on two workers, or together with the delivery loop: the delivery row is claimed in
// PostgreSQL. An HTTP failure is not a job failure: the row schedules its own next attempt. Only a
// failure of the processor itself (the database away) throws, for BullMQ to try again.
import type { Job } from 'bullmq';
import Value from 'typebox/value';
import type { AttemptOutcome, WebhookDeliverer } from '../../domain/webhooks/webhook-delivery.js';
import { WebhookDeliveryJob } from '../payloads.js';

export function webhookDeliveryProcessor(deliverer: WebhookDeliverer) {
  return async (job: Job<WebhookDeliveryJob>): Promise<{ outcome: AttemptOutcome }> => {
    const { deliveryId } = Value.Parse(WebhookDeliveryJob, job.data);
    return { outcome: await deliverer.attempt(deliveryId) };
  };
}
