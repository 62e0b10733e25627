// A schedule change as GET /schedule_changes/{id} answers it, and its events. `deciding` (a
// decision claimed and being carried out) is still `pending` to the outside, with nothing left to
// decide. What may be decided depends on the booking as it is now: a hold can be accepted or
// released; a ticketed booking can also move to other flights; an ended booking nothing.
import { findScheduleChange, type ScheduleChangeRow } from '../../db/schedule-changes.repository.js';
import type { Db } from '../../db/database.js';
import type { BookingSegment } from '../bookings/booking.js';
import { recordEvent } from '../events/record-event.js';
import type { ScheduleChangeType } from './schedule-change-diff.js';

export type ScheduleChangeAction = 'accept' | 'cancel' | 'change';
export type ScheduleChangeStatus = Exclude<ScheduleChangeRow['status'], 'deciding'>;

export interface ScheduleChange {
  id: string;
  locator: string;
  status: ScheduleChangeStatus;
  type: ScheduleChangeType;
  reason: string;
  removed_segments: BookingSegment[];
  added_segments: BookingSegment[];
  new_segments: BookingSegment[];
  previous_time_limit: string | null;
  new_time_limit: string | null;
  action_deadline: string;
  consequence_of_inaction: 'auto_accept' | 'auto_cancel';
  available_actions: ScheduleChangeAction[];
  action_taken: ScheduleChangeAction | null;
  action_taken_at: string | null;
  action_taken_by: { type: 'account' | 'deadline'; account_id: string | null } | null;
  flights_change_request_id: string | null;
  airline_acknowledged_at: string | null;
  live_mode: boolean;
  created_at: string;
  updated_at: string;
}

/** What may be decided on a pending change, given the booking's status now. */
export function availableActions(row: Pick<ScheduleChangeRow, 'status' | 'change_type' | 'booking_status'>) {
  if (row.status !== 'pending') return [];
  if (row.booking_status === 'new') return ['accept', 'cancel'] satisfies ScheduleChangeAction[];
  // A time limit matters only to a hold; other flights are asked only for a ticketed booking.
  if (row.booking_status === 'issued' && row.change_type !== 'time_limit_change')
    return ['accept', 'cancel', 'change'] satisfies ScheduleChangeAction[];
  if (row.booking_status === 'issued') return ['accept', 'cancel'] satisfies ScheduleChangeAction[];
  return [];
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function scheduleChangeView(row: ScheduleChangeRow): ScheduleChange {
  return {
    id: row.id,
    locator: row.locator,
    status: row.status === 'deciding' ? 'pending' : row.status,
    type: row.change_type,
    reason: row.reason,
    removed_segments: row.removed_segments as BookingSegment[],
    added_segments: row.added_segments as BookingSegment[],
    new_segments: row.new_segments as BookingSegment[],
    previous_time_limit: iso(row.previous_time_limit),
    new_time_limit: iso(row.new_time_limit),
    action_deadline: row.action_deadline.toISOString(),
    consequence_of_inaction: row.consequence,
    available_actions: availableActions(row),
    action_taken: row.status === 'deciding' ? null : row.action_taken,
    action_taken_at: row.status === 'deciding' ? null : iso(row.action_taken_at),
    action_taken_by:
      row.status === 'deciding' || !row.action_taken
        ? null
        : { type: row.by_deadline ? 'deadline' : 'account', account_id: row.action_taken_by },
    flights_change_request_id: row.flights_change_request_id,
    airline_acknowledged_at: iso(row.acknowledged_at),
    live_mode: row.live_mode,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * Appends `schedule_change.detected` or `.resolved` in `trx`, after the change's last write there,
 * so the object is the change as that transaction leaves it. Each is raised once per change.
 */
export async function recordScheduleChangeEvent(
  trx: Db,
  type: 'schedule_change.detected' | 'schedule_change.resolved',
  id: string,
  booking: { agency_id: string; company_id: string | null; agent_id: string | null },
  at: Date,
): Promise<boolean> {
  const row = await findScheduleChange(trx, id);
  if (!row) throw new Error(`recordScheduleChangeEvent: ${id} not found in its own transaction`);
  return recordEvent(trx, {
    type,
    agencyId: booking.agency_id,
    companyId: booking.company_id,
    bookingId: row.booking_id,
    agentId: booking.agent_id,
    liveMode: row.live_mode,
    object: scheduleChangeView(row),
    at,
    dedupeKey: `${type}:${id}`,
  });
}
