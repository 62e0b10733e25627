// The hold-expiry pass (DESIGN §6): held bookings past their time limit are checked with the
// airline, one by one. An order the airline expired (or no longer has) ends the booking as
// `expired` with its history; a time limit the airline moved is taken over. Opening a booking does
// the same (booking-refresh.ts), so the pass is only a refresh of the bookings nobody opens. The
// worker runs it on the sweeper's interval; tests run one pass with their own clock, for their own
// agency only.
import { findBookingById, heldPastTimeLimit } from '../../db/bookings.repository.js';
import { DomainError } from '../errors.js';
import type { BookingDeps } from './booking-deps.js';
import { refreshBooking } from './booking-refresh.js';

export async function expireHolds(
  deps: BookingDeps,
  options: { limit?: number; agencyId?: string } = {},
): Promise<{ checked: number; expired: number }> {
  const due = await heldPastTimeLimit(deps.db, deps.clock.now(), options.limit ?? 100, options.agencyId);
  let expired = 0;
  for (const row of due) {
    try {
      await refreshBooking(deps, row);
    } catch (error) {
      // booking_gone: the airline dropped the order, and the refresh ended the booking. Anything
      // else (its channel removed, say) leaves it for the next pass.
      if (!(error instanceof DomainError)) throw error;
    }
    if ((await findBookingById(deps.db, row.id))?.status === 'expired') expired += 1;
  }
  return { checked: due.length, expired };
}
