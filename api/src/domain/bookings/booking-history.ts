// A booking's history: who did what, when, and what the airline answered (DESIGN §4). Written in
// the same transaction as the change it records.
import { insertHistory } from '../../db/bookings.repository.js';
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
  | 'airline_missing';

export async function recordHistory(
  db: Db,
  entry: {
    bookingId: string;
    action: HistoryAction;
    actorAccountId: string | null;
    at: Date;
    detail?: string | null;
    airlineAnswer?: string | null;
  },
): Promise<void> {
  await insertHistory(db, {
    id: newId('bkh'),
    booking_id: entry.bookingId,
    action: entry.action,
    actor_account_id: entry.actorAccountId,
    detail: entry.detail ?? null,
    airline_answer: entry.airlineAnswer ?? null,
    created_at: entry.at,
  });
}
