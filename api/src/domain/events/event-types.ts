// The events Contrail raises (DESIGN §7), one name per fact, and the families people choose their
// notifications by. Adding a type here is how a new fact becomes visible to webhooks, the
// notification centre and GET /events alike.
export const eventTypes = [
  'booking.created',
  'booking.issued',
  'booking.voided',
  'booking.cancelled',
  'booking.expired',
  'booking.time_limit_changed',
  'booking.time_limit_approaching',
  'booking.refunded',
  'booking.exchanged',
  'booking.cheaper_fare_found',
  'booking.rebooked_cheaper',
  'emd.issued',
  'emd.failed',
  'schedule_change.detected',
  'schedule_change.resolved',
  'balance.low',
  'sales_report.ready',
  'webhook_endpoint.disabled',
  'back_office_connection.failing',
  // support cases: a case opened or written in by its agent (staff hear), and staff's answer (its agent hears)
  'support_case.opened',
  'support_case.agent_replied',
  'support_case.staff_replied',
] as const;

export type EventType = (typeof eventTypes)[number];

/** What a person subscribes to: the part of the type before the dot. */
export type EventFamily = EventType extends `${infer F}.${string}` ? F : never;

export const familyOf = (type: EventType): EventFamily => type.slice(0, type.indexOf('.')) as EventFamily;

export const isEventType = (value: string): value is EventType => (eventTypes as readonly string[]).includes(value);
