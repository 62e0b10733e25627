// The producer side: implements the domain's JobProducer port on the queue backend. It only triggers
// work already written to PostgreSQL, so a failed enqueue loses nothing; the worker's sweeper finds
// the row and enqueues it again.
import type { JobProducer } from '../domain/job-producer.js';
import type { QueueBackend } from './backend.js';
import {
  queueNames,
  type EmailJob,
  type EmdIssueJob,
  type NotificationRefreshJob,
  type SalesExportJob,
  type WebhookDeliveryJob,
} from './payloads.js';

/** The backoff of EMD jobs: the airline may be away, or EMDs still pending (slow EMDs). */
export const emdRetry = { attempts: 12, delayMs: 2_000 };

// BullMQ job ids may not hold every character an airline's NotifID might.
const jobIdPart = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');

const enqueueDeadlineMs = 1_000;

export function createJobProducer(backend: QueueBackend): JobProducer {
  const email = backend.queue<EmailJob>(queueNames.email);
  const salesExport = backend.queue<SalesExportJob>(queueNames.salesExport);
  const emdIssue = backend.queue<EmdIssueJob>(queueNames.emdIssue);
  const notificationRefresh = backend.queue<NotificationRefreshJob>(queueNames.notificationRefresh);
  const webhookDelivery = backend.queue<WebhookDeliveryJob>(queueNames.webhookDelivery);
  return {
    async enqueueEmail(messageId) {
      const add = email.add(
        'deliver',
        { messageId },
        {
          jobId: `email-${messageId}`,
          attempts: 5,
          backoff: { type: 'exponential', delay: 2_000 },
          removeOnComplete: { age: 24 * 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
      await withDeadline(add, enqueueDeadlineMs);
    },
    // Sales and analytics: a large report; retried with backoff, safe since the build claims its row.
    async enqueueSalesExport(exportId) {
      const add = salesExport.add(
        'build',
        { exportId },
        {
          jobId: `sales-export-${exportId}`,
          attempts: 3,
          backoff: { type: 'exponential', delay: 5_000 },
          removeOnComplete: { age: 7 * 24 * 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
      await withDeadline(add, enqueueDeadlineMs);
    },
    // bookings: safe to run twice, since the job claims its request row.
    async enqueueEmdIssue(requestId, check, delayMs = 0) {
      const add = emdIssue.add(
        'issue',
        { requestId },
        {
          jobId: `emd-${requestId}-${check}`,
          delay: delayMs,
          attempts: emdRetry.attempts,
          backoff: { type: 'exponential', delay: emdRetry.delayMs },
          removeOnComplete: { age: 7 * 24 * 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
      await withDeadline(add, enqueueDeadlineMs);
    },
    async enqueueNotificationRefresh(channelId, notifId, tries = 0) {
      const add = notificationRefresh.add(
        'refresh',
        { channelId, notifId },
        {
          jobId: `notif-${jobIdPart(channelId)}-${jobIdPart(notifId)}-${tries}`,
          attempts: 5,
          backoff: { type: 'exponential', delay: 2_000 },
          removeOnComplete: { age: 24 * 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
      await withDeadline(add, enqueueDeadlineMs);
    },
    // webhooks: the delivery row schedules its own retries (webhook-delivery.ts), so a job is one
    // attempt, tried again by BullMQ only when the processor itself failed (the database away).
    async enqueueWebhookDelivery(deliveryId, key, delayMs = 0) {
      const add = webhookDelivery.add(
        'deliver',
        { deliveryId },
        {
          jobId: `whd-${deliveryId}-${jobIdPart(key)}`,
          delay: delayMs,
          attempts: 3,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
      await withDeadline(add, enqueueDeadlineMs);
    },
  };
}

async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`enqueue took longer than ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
