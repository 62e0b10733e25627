// A booking's history: who did what, when, and what the airline answered (DESIGN §4). Written in
// the same transaction as the change it records.
import { insertHistory, type HistoryRow } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import { newId } from '../ids.js';

export type HistoryAction =
  | 'created'
  | 'issue_started'
  | 'issued'
  | 'issue_failed'
  | 'cancelled'
  | 'voided'
  | 'expired'
  | 'refreshed'
  | 'airline_missing'
  | 'comment'
  | 'modified'
  | 'reshopped'
  | 'refund_quoted'
  | 'refund_started'
  | 'refunded'
  | 'refund_failed'
  | 'change_quoted'
  | 'exchange_started'
  | 'exchanged'
  | 'exchange_failed'
  // ancillaries and EMDs
  | 'ancillaries_added'
  | 'emds_requested'
  | 'emds_pending'
  | 'emds_issued'
  | 'emds_failed'
  | 'emds_retried'
  // the airline's own changes: an airline-cancelled hold, and its notifications
  | 'airline_cancelled'
  | 'schedule_change'
  | 'airline_cancellation'
  | 'time_limit_change'
  | 'hold_expired'
  | 'emd_issued'
  | 'airline_notification'
  // the airline's schedule changes awaiting a decision, and the decision
  | 'schedule_change_detected'
  | 'schedule_change_decided'
  | 'schedule_change_acknowledged'
  // an airline operation left open, settled by the reconciler
  | 'intent_reconciled'
  // fare watch: a cheaper fare found, and the rebook into it
  | 'cheaper_fare_found'
  | 'rebooked_cheaper'
  // an agent's consent, in a support case, to the refund or change support offered
  | 'support_consent';

export interface HistoryEntry {
  id: string;
  action: HistoryAction;
  actor_account_id: string | null;
  detail: string | null;
  airline_answer: string | null;
  created_at: string;
}

export const historyEntryView = (h: HistoryRow): HistoryEntry => ({
  id: h.id,
  action: h.action as HistoryAction,
  actor_account_id: h.actor_account_id,
  detail: h.detail,
  airline_answer: h.airline_answer,
  created_at: h.created_at.toISOString(),
});

export interface HistoryInput {
  bookingId: string;
  action: HistoryAction;
  actorAccountId: string | null;
  at: Date;
  detail?: string | null;
  airlineAnswer?: string | null;
}

/** The history row of an entry, for a statement that writes it beside the change it records. */
export function historyRowOf(entry: HistoryInput): HistoryRow {
  return {
    id: newId('bkh'),
    booking_id: entry.bookingId,
    action: entry.action,
    actor_account_id: entry.actorAccountId,
    detail: entry.detail ?? null,
    airline_answer: entry.airlineAnswer ?? null,
    created_at: entry.at,
  };
}

export async function recordHistory(db: Db, entry: HistoryInput): Promise<HistoryRow> {
  const row = historyRowOf(entry);
  await insertHistory(db, row);
  return row;
}
