// What a notification of an event holds: the inputs its texts are rendered from (taken from the
// event's object as the event recorded it, and the booking's locator and flights), the console page
// it links to for its reader, and whether it asks someone to act.
import type { EventType } from '../events/event-types.js';
import { bookingLink, companyLink, consolePages, supportCaseLink } from './console-links.js';
import type { NotificationParams } from './notification-texts.js';

/** Events that need someone to act: shown as error notices, marked `alert`. */
const alerts = new Set<EventType>([
  'booking.expired',
  'booking.time_limit_approaching',
  'booking.time_limit_changed',
  'emd.failed',
  'schedule_change.detected',
  'booking.cheaper_fare_found',
  'balance.low',
  'webhook_endpoint.disabled',
  'back_office_connection.failing',
]);

export const severityOf = (type: EventType): 'info' | 'alert' => (alerts.has(type) ? 'alert' : 'info');

interface Segment {
  origin?: string;
  destination?: string;
  departure_at?: string;
}

/** The airports in order (`WAW-FRA-WAW`), as the bookings list and sales documents name a route. */
export function routeOfSegments(segments: unknown): string | null {
  if (!Array.isArray(segments) || segments.length === 0) return null;
  const stops: string[] = [];
  for (const s of segments as Segment[]) {
    if (s.origin && stops.at(-1) !== s.origin) stops.push(s.origin);
    if (s.destination) stops.push(s.destination);
  }
  return stops.join('-') || null;
}

export function firstDeparture(segments: unknown): string | null {
  if (!Array.isArray(segments) || segments.length === 0) return null;
  return (segments as Segment[])[0]?.departure_at ?? null;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);
const money = (v: unknown) => (v && typeof v === 'object' ? (v as { amount?: unknown; currency?: unknown }) : {});

export function paramsOf(
  type: EventType,
  object: unknown,
  booking: { locator: string; segments: unknown } | undefined,
): NotificationParams {
  const o = (object && typeof object === 'object' ? object : {}) as Record<string, unknown>;
  // A support case is about its thread, not its booking: the case's subject and who wrote first.
  if (type.startsWith('support_case.'))
    return {
      case_id: str(o.id),
      subject: str(o.subject),
      locator: str(o.locator),
      name: str((o.opened_by as { name?: unknown } | undefined)?.name),
    };
  if (booking)
    return {
      locator: booking.locator,
      route: routeOfSegments(booking.segments),
      time_limit: str(o.time_limit),
    };
  switch (type) {
    case 'balance.low': {
      const balance = money(o.balance_amount);
      return {
        company: str(o.name),
        amount: str(balance.amount),
        currency: str(balance.currency),
        threshold: str(money(o.low_balance_threshold).amount) ?? str(o.low_balance_threshold),
      };
    }
    case 'sales_report.ready':
      return { date_from: str(o.date_from), date_to: str(o.date_to), rows: str(o.rows) };
    case 'webhook_endpoint.disabled':
      return { url: str(o.url) };
    case 'back_office_connection.failing':
      return { name: str(o.name), since: str(o.failing_since) };
    default:
      return { locator: str(o.locator) ?? str(o.booking_locator) };
  }
}

/** The console page a recipient opens for the event (null when it has none). */
export function linkOf(
  type: EventType,
  params: NotificationParams,
  recipient: { staff: boolean },
  companyId: string | null,
): string | null {
  if (type.startsWith('support_case.')) return params.case_id ? supportCaseLink(params.case_id) : consolePages.support;
  if (params.locator) return bookingLink(params.locator);
  switch (type) {
    case 'balance.low':
      // Staff top the balance up on the company's page; a supervisor sees it on their agency's.
      return recipient.staff && companyId ? companyLink(companyId) : consolePages.agency;
    case 'sales_report.ready':
      return consolePages.sales;
    case 'back_office_connection.failing':
      return consolePages.backOffice;
    default:
      // webhook_endpoint.disabled: the endpoints have no console page yet.
      return null;
  }
}
