// A booking's events: raised inside the transaction that changed the booking, after its last
// write, so the event's object is the booking exactly as that transaction leaves it (what GET
// /bookings/{locator} would answer at that moment; the balance payment once money moved).
import { findBookingById, type BookingRow } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import type { EventType } from '../events/event-types.js';
import { eventRowOf, recordEvent, type EventInput } from '../events/record-event.js';
import type { NewEventRow } from '../../db/events.repository.js';
import { balancePaymentOf } from './booking-balance-payment.js';
import { bookingView } from './booking.js';
import type { Money } from '../../money.js';

/** Which Fare Watch opportunity a `booking.cheaper_fare_found` or `booking.rebooked_cheaper` is about. */
export interface FareWatchEventDetail {
  opportunity_id: string;
  tier: 'held' | 'issued';
  net_saving: Money;
}

type BookingEventType = Extract<EventType, `booking.${string}` | `emd.${string}`>;

/**
 * Appends a booking's event in `trx`. Pass the row when this transaction already holds it as
 * written (RETURNING); otherwise it is read here, within the transaction. False when `dedupeKey`
 * was raised before.
 */
export async function recordBookingEvent(
  trx: Db,
  type: BookingEventType,
  booking: string | BookingRow,
  at: Date,
  options: { dedupeKey?: string; fromAirline?: boolean; fareWatch?: FareWatchEventDetail } = {},
): Promise<boolean> {
  return recordEvent(trx, await bookingEventOf(trx, type, booking, at, options));
}

/**
 * The booking's event, to be appended by a statement of the same transaction that writes no more
 * to the booking (the sales statement): `recordBookingEvent` without the append.
 */
export async function bookingEventRow(
  trx: Db,
  type: BookingEventType,
  booking: BookingRow,
  at: Date,
): Promise<NewEventRow> {
  return eventRowOf(await bookingEventOf(trx, type, booking, at, {}));
}

async function bookingEventOf(
  trx: Db,
  type: BookingEventType,
  booking: string | BookingRow,
  at: Date,
  options: { dedupeKey?: string; fromAirline?: boolean; fareWatch?: FareWatchEventDetail },
): Promise<EventInput> {
  const row = typeof booking === 'string' ? await findBookingById(trx, booking) : booking;
  if (!row) throw new Error(`recordBookingEvent: booking ${booking as string} not found in its own transaction`);
  const view = bookingView(row, at);
  return {
    type,
    agencyId: row.agency_id,
    companyId: row.company_id,
    bookingId: row.id,
    agentId: row.agent_id,
    liveMode: !row.fake_booking,
    object: {
      ...view,
      // What money moved, once some did. A hold's debit preview is priced at read time (today's rate
      // and fee), not a fact of the change, so a held booking's event leaves it out, as the list does.
      ...(view.status === 'new' ? {} : { balance_payment: await balancePaymentOf(trx, row, view.status, at) }),
    },
    ...(options.fareWatch ? { context: { fare_watch: options.fareWatch } } : {}),
    at,
    dedupeKey: options.dedupeKey,
    fromAirline: options.fromAirline,
  };
}
