// Which bookings a caller reaches (the bookings visibility, the same rule as the sales scope):
// staff all, a supervisor the agency's, an agent their own or the company's when it shares
// bookings. A booking out of reach is simply not found; one of another mode than the caller's
// token is refused by the test-and-live rule (channel-mode.ts).
import {
  findBookingByLocator,
  findBookingForTicketing,
  type BookingRow,
  type VisibilityScope,
} from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import { accountSuspended } from '../../db/agency-users.repository.js';
import { suspendableAccount, suspendedRefusal } from '../auth/suspension.js';
import { notFound } from '../errors.js';
import { assertReachesMode } from '../channels/channel-mode.js';
import type { Principal } from '../principal.js';
import { salesScopeOf } from '../sales/sales-scope.js';

export const visibilityOf = (db: Db, principal: Principal): Promise<VisibilityScope> => salesScopeOf(db, principal);

export function reaches(scope: VisibilityScope, row: BookingRow): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'agency':
      return row.agency_id === scope.id;
    case 'company':
      return row.company_id === scope.id;
    case 'agent':
      return row.agent_id === scope.id;
  }
}

/**
 * An agent's own booking made in their company is in reach whether or not the company shares
 * bookings (their own under the agent scope, their company's under the company scope).
 */
const ownBooking = (principal: Principal, row: BookingRow): boolean =>
  principal.userType === 'Agent' &&
  principal.companyId !== null &&
  row.agent_id === principal.accountId &&
  row.company_id === principal.companyId;

export async function bookingFor(db: Db, principal: Principal, locator: string): Promise<BookingRow> {
  return reachable(db, principal, await findBookingByLocator(db, locator));
}

/**
 * bookingFor, with the booking's way to ticketing and its channel read in the same statement (issue),
 * and the caller's suspension: issue's first read is its write's suspension check (`checksSuspension`
 * in the permission matrix), so a suspended caller is refused before anything else, as the guard would.
 * The agency's issue fee and the company's balance currency, with their rates in effect `at`, come
 * with it (findBookingForTicketing), for paying from the balance.
 */
export async function bookingForTicketing(db: Db, principal: Principal, locator: string, at: Date) {
  const caller = suspendableAccount(principal);
  const found = await findBookingForTicketing(db, locator, caller, at);
  // No booking, no row to answer the suspension beside: read it alone (a 404 is no hot path).
  if (caller && (found ? found.callerSuspended : await accountSuspended(db, caller))) throw suspendedRefusal();
  await reachable(db, principal, found?.row);
  return found!;
}

async function reachable(db: Db, principal: Principal, row: BookingRow | undefined): Promise<BookingRow> {
  if (!row) throw notFound('booking');
  // The common case (an agent at their own booking) needs no read of the company's sharing.
  if (!ownBooking(principal, row) && !reaches(await visibilityOf(db, principal), row)) throw notFound('booking');
  // A token acts only on bookings of its mode (a booking is fake exactly when its channel is a
  // sandbox one): a test token cannot issue, void or change a real booking, nor a live one a test.
  assertReachesMode(principal, row.fake_booking ? 'sandbox' : 'production');
  return row;
}
