// Who hears of an event. The same walls as GET /events, seen from the other side:
// - an event about a booking (bookings, EMDs, schedule changes) goes to the booking's agent and to
//   the supervisors of the booking's agency;
// - the agency's money and integrations (balance.low, webhook_endpoint.disabled,
//   back_office_connection.failing) go to its
//   supervisors: an agent does not run the balance or the endpoints;
// - a finished sales report goes to the one person who asked for it (the report is theirs);
// - platform-wide alerts go to staff (Admin and Support): events of no agency, and, in live mode, a
//   low balance (staff top balances up) and a disabled webhook endpoint (a partner's integration is
//   broken, and support hears of it first). Test-mode ones are a developer's sandbox, not an alert.
// - a support case's agent message (or its opening) goes to the staffer the case is assigned to, and
//   to all staff only while nobody holds it; staff's answer goes only to the agent who opened the
//   case (the event's agent), not to the agency's supervisors.
// A new event family falls under the first rule when it names a booking, else the agency's
// supervisors hear of it.
import type { EventType } from '../events/event-types.js';

export interface RecipientFacts {
  type: EventType;
  agencyId: string | null;
  liveMode: boolean;
  bookingId: string | null;
  /** The agent the event names (the booking's agent). */
  agentId: string | null;
  /** The person who asked for it (a sales report's requester). */
  requesterId: string | null;
  /** The staffer a support case is assigned to, as the event's case says; null: nobody holds it. */
  assigneeId?: string | null;
}

export interface Directory {
  supervisorsOf(agencyId: string): readonly string[];
  staff(): readonly string[];
}

const platformAlerts = new Set<EventType>([
  'balance.low',
  'webhook_endpoint.disabled',
  'back_office_connection.failing',
]);

const toSupport = new Set<EventType>(['support_case.opened', 'support_case.agent_replied']);

/** Whether staff hear of the event (the consumer reads the staff list only when some event needs it). */
export const concernsStaff = (e: Pick<RecipientFacts, 'type' | 'agencyId' | 'liveMode'>): boolean =>
  e.agencyId === null || (e.liveMode && platformAlerts.has(e.type)) || toSupport.has(e.type);

export function recipientsOf(e: RecipientFacts, directory: Directory): string[] {
  const out = new Set<string>();
  if (e.type === 'sales_report.ready') {
    if (e.requesterId) out.add(e.requesterId);
    return [...out];
  }
  if (e.type === 'support_case.staff_replied') return e.agentId ? [e.agentId] : [];
  if (toSupport.has(e.type)) return e.assigneeId ? [e.assigneeId] : [...directory.staff()];
  if (e.bookingId && e.agentId) out.add(e.agentId);
  if (e.agencyId) for (const id of directory.supervisorsOf(e.agencyId)) out.add(id);
  if (concernsStaff(e)) for (const id of directory.staff()) out.add(id);
  return [...out];
}
