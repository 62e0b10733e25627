// Job payloads carry ids only; the rows they name are the truth (DESIGN.md §6).
import Type, { type Static } from 'typebox';

export const EmailJob = Type.Object({ messageId: Type.String({ minLength: 1 }) });
export type EmailJob = Static<typeof EmailJob>;

// Sales and analytics: a large sales report, built and mailed by the worker.
export const SalesExportJob = Type.Object({ exportId: Type.String({ minLength: 1 }) });
export type SalesExportJob = Static<typeof SalesExportJob>;

// bookings: the EMDs of one request for ancillaries after issue.
export const EmdIssueJob = Type.Object({ requestId: Type.String({ minLength: 1 }) });
export type EmdIssueJob = Static<typeof EmdIssueJob>;

// bookings: refresh a booking an airline notification named.
export const NotificationRefreshJob = Type.Object({
  channelId: Type.String({ minLength: 1 }),
  notifId: Type.String({ minLength: 1 }),
});
export type NotificationRefreshJob = Static<typeof NotificationRefreshJob>;

// webhooks: one attempt of one delivery (an event to an endpoint).
export const WebhookDeliveryJob = Type.Object({ deliveryId: Type.String({ minLength: 1 }) });
export type WebhookDeliveryJob = Static<typeof WebhookDeliveryJob>;

export const queueNames = {
  email: 'email',
  // Sales and analytics
  salesExport: 'sales-export',
  // bookings
  emdIssue: 'emd-issue',
  notificationRefresh: 'notification-refresh',
  airlineReconcile: 'airline-reconcile',
  // webhooks
  webhookDelivery: 'webhook-delivery',
} as const;
