// What an event is about, read from its `data.object`: the resource's id and, for a booking's or a
// schedule change's event, the booking's locator (the console links it).
import type { Event } from '@contrail/sdk';

export function eventObject(event: Event): { id: string | null; locator: string | null } {
  const object = event.data.object as unknown as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { id: text(object['id']), locator: text(object['locator']) };
}

export type ObjectKind =
  'booking' | 'scheduleChange' | 'company' | 'salesReport' | 'webhookEndpoint' | 'backOfficeConnection' | 'supportCase';

/** The kind of resource `data.object` is, by the event's family. */
export function objectKind(type: Event['type']): ObjectKind {
  const family = type.split('.')[0];
  if (family === 'schedule_change') return 'scheduleChange';
  if (family === 'balance') return 'company';
  if (family === 'sales_report') return 'salesReport';
  if (family === 'webhook_endpoint') return 'webhookEndpoint';
  if (family === 'back_office_connection') return 'backOfficeConnection';
  if (family === 'support_case') return 'supportCase';
  // booking.*, emd.* (the booking), and a ping, whose object is the endpoint
  return family === 'ping' ? 'webhookEndpoint' : 'booking';
}
