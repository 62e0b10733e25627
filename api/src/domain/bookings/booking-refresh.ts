// Opening a booking retrieves the airline's order (product spec §8): what the airline decided on its
// own (an expired hold, new times, documents) is taken over and recorded; an order the airline no
// longer has answers 416 and takes a held booking off the active list; an airline that does not
// answer leaves the booking as last seen, with an error saying so. A stranded issue is settled here.
import {
  findBookingByLocator,
  setBookingError,
  updateInStatus,
  type BookingRow,
} from '../../db/bookings.repository.js';
import { ProviderError, type ProviderOrder } from '../../providers/airline-provider.js';
import { DomainError } from '../errors.js';
import { outcomeUnknown } from './booking-airline-errors.js';
import { recordHistory } from './booking-history.js';
import { settleStaleIssue, type IssueDeps } from './booking-issue.js';
import { bookingView, orderFacts, type Booking } from './booking.js';

export async function refreshBooking(deps: IssueDeps, row: BookingRow): Promise<Booking> {
  const { db, clock } = deps;
  let order: ProviderOrder;
  try {
    const { channel } = await deps.channels.forBooking({
      agencyId: row.agency_id,
      companyId: row.company_id,
      channelId: row.channel_id,
    });
    order = await deps.provider.retrieveOrder(channel, row.airline_locator);
  } catch (error) {
    if (error instanceof ProviderError && error.kind === 'order_not_found') {
      await markMissing(deps, row, error.airlineMessage);
      throw new DomainError('booking_gone', `${error.carrier}: ${error.airlineMessage}`);
    }
    if (outcomeUnknown(error) || error instanceof ProviderError)
      return {
        ...bookingView(row, clock.now()),
        error: 'The airline could not be reached; this is the booking as last seen.',
      };
    throw error;
  }
  if (await settleStaleIssue(deps, row, order))
    return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
  // Only what the airline decides on its own is taken over; issue/cancel/void change the status.
  const facts = orderFacts(order);
  const status = row.status === 'new' && order.status === 'expired' ? 'expired' : row.status;
  // Most reads find nothing new: only a change is written.
  if (status === row.status && !changedFacts(row, facts)) return bookingView(row, clock.now());
  const at = clock.now();
  await db.transaction().execute(async (trx) => {
    await updateInStatus(trx, row.id, row.status, {
      ...facts,
      status,
      ...(status === 'expired' ? { ended_at: at } : {}),
      updated_at: at,
    });
    await recordHistory(trx, {
      bookingId: row.id,
      action: status === row.status ? 'refreshed' : 'expired',
      actorAccountId: null,
      at,
      detail: status === row.status ? `The airline's order is ${order.status}.` : 'Unpaid at the time limit.',
      airlineAnswer: order.remarks.at(-1) ?? null,
    });
  });
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}

/** The airline dropped the order: a held booking leaves the active list as expired. */
async function markMissing(deps: IssueDeps, row: BookingRow, airlineMessage: string) {
  const at = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const changed =
      row.status === 'new' &&
      (await updateInStatus(trx, row.id, 'new', { status: 'expired', ended_at: at, updated_at: at }));
    if (changed || row.error === null)
      await recordHistory(trx, {
        bookingId: row.id,
        action: 'airline_missing',
        actorAccountId: null,
        at,
        airlineAnswer: airlineMessage,
      });
    await setBookingError(trx, row.id, 'The airline no longer has this booking.', at);
  });
}

/** Whether the airline's order says something the booking does not yet. */
function changedFacts(row: BookingRow, facts: ReturnType<typeof orderFacts>): boolean {
  const time = (d: Date | null) => d?.getTime() ?? null;
  return (
    row.provider_status !== facts.provider_status ||
    time(row.time_limit) !== time(facts.time_limit) ||
    time(row.void_deadline) !== time(facts.void_deadline) ||
    row.async_emd_issue !== facts.async_emd_issue ||
    canonical(row.segments) !== canonical(JSON.parse(facts.segments)) ||
    canonical(row.documents) !== canonical(JSON.parse(facts.documents))
  );
}

/** JSON with keys sorted: jsonb hands keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
