// The start of every accept, for both tiers: under the booking's row lock, the opportunity must
// still be open and its airline offer unexpired, and the booking must still be the one the fare
// was found for. A refusal that records something (expired, failed) is answered, not thrown, so
// the caller's transaction commits it before the caller throws it.
//
// Lock order: the booking row, then the opportunity row.
import { lockBookingRow, type BookingRow } from '../../db/bookings.repository.js';
import { findOpportunity, updateOpportunity, type OpportunityRow } from '../../db/fare-watch.repository.js';
import type { Db } from '../../db/database.js';
import { effectiveStatus, type BookingStatus } from '../bookings/booking.js';
import { DomainError } from '../errors.js';

export const decided = () => new DomainError('fare_watch_opportunity_decided');

export interface OpenClaim {
  row: BookingRow;
  /** The opportunity as it is under the lock. */
  now: OpportunityRow;
}

/**
 * Locks the booking and reads the opportunity; `sameBooking` says whether the booking, in the
 * status it has now, is still the one the fare was found for.
 */
export async function lockOpenOpportunity(
  trx: Db,
  opp: OpportunityRow,
  at: Date,
  sameBooking: (row: BookingRow, status: BookingStatus, now: OpportunityRow) => boolean,
): Promise<OpenClaim | DomainError> {
  const row = await lockBookingRow(trx, opp.booking_id);
  const now = await findOpportunity(trx, opp.id);
  if (!row || !now || now.status !== 'open') throw decided();
  if (now.expires_at <= at) {
    await updateOpportunity(trx, opp.id, ['open'], { status: 'expired', updated_at: at });
    return new DomainError(
      'fare_watch_opportunity_expired',
      `The airline's offer expired at ${now.expires_at.toISOString()}.`,
    );
  }
  const status = effectiveStatus(row, at);
  if (!sameBooking(row, status, now)) {
    await updateOpportunity(trx, opp.id, ['open'], {
      status: 'failed',
      detail: `The booking changed since the fare was found (it is ${status}).`,
      updated_at: at,
    });
    return new DomainError(
      'booking_changed_concurrently',
      `The booking changed since the fare was found; it is ${status}.`,
    );
  }
  return { row, now };
}
