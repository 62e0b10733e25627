// The work the domain may ask for after it commits: a port the domain owns, as it owns the Clock.
// Each call only triggers work already written to PostgreSQL (an outbox or request row), so a
// failed enqueue loses nothing; jobs/queues.ts implements it on the queue backend.
export interface JobProducer {
  enqueueEmail(messageId: string): Promise<void>;
  // Sales and analytics
  enqueueSalesExport(exportId: string): Promise<void>;
  // bookings
  /** The `check`th job for an EMD request (each re-enqueue has its own id); `delayMs` to wait first. */
  enqueueEmdIssue(requestId: string, check: number, delayMs?: number): Promise<void>;
  /** The refresh after a notification; `tries` (the sweeper's count, 0 at first) gives each its own id. */
  enqueueNotificationRefresh(channelId: string, notifId: string, tries?: number): Promise<void>;
  // webhooks
  /** One attempt of a delivery; `key` names it (`a<attempts>`), so a repeat for the same attempt adds nothing. */
  enqueueWebhookDelivery(deliveryId: string, key: string, delayMs?: number): Promise<void>;
}
