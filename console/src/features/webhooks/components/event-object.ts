// What an event is about, read from its `data.object`: the resource's id and, for a booking's or a
// schedule change's event, the booking's locator (the console links it).
import type { Event } from '@contrail/sdk';

export function eventObject(event: Event): { id: string | null; locator: string | null } {
  const object = event.data.object as unknown as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { id: text(object['id']), locator: text(object['locator']) };
}
