// The booking row is the serialisation point of everything that changes tickets or money (issue,
// void, cancel, refund confirm, change confirm, EMDs). An operation locks the row, re-reads the
// tickets as they are now, and compares them with what it decided on; the loser of a race gets
// `booking_changed_concurrently` naming the booking's current state, and changes nothing. An
// operation that calls the airline also writes its intent (one open per booking) in that
// transaction, and settles it in the transaction that records the answer; an intent left open (the
// process died, the answer was lost) is settled by the reconciler from the airline's order.
//
// Lock order, everywhere: the booking row, then the company balance row.
import { orderRefOf } from './booking-order-ref.js';
import {
  closeIntent,
  findOpenIntent,
  insertIntent,
  markIntentUnknown,
  type IntentInsert,
  type IntentOperation,
} from '../../db/airline-intents.repository.js';
import { lockBookingRow, type BookingRow } from '../../db/bookings.repository.js';
import { updateClaimedRequest } from '../../db/booking-requests.repository.js';
import type { Db } from '../../db/database.js';
import type { ProviderChannel, ProviderOrder } from '../../providers/airline-provider.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { fromMinor } from '../../money.js';
import { asDomainError, outcomeUnknown, refusalText } from './booking-airline-errors.js';
import { retrieveQuietly, type BookingDeps } from './booking-deps.js';
import type { BookingDocument } from './booking.js';

/** What an operation decides on: the status, the live tickets and the airline's total. */
export function ticketsKey(row: BookingRow): string {
  const live = (row.documents as BookingDocument[])
    .filter((d) => d.type === 'ticket')
    .map((d) => `${d.number}:${d.status}`)
    .sort();
  return `${row.status}|${row.airline_total}|${live.join(',')}`;
}

export function changedConcurrently(now: BookingRow, why = 'Another operation changed it meanwhile'): DomainError {
  const tickets = (now.documents as BookingDocument[])
    .filter((d) => d.type === 'ticket' && d.status === 'issued')
    .map((d) => d.number);
  return new DomainError(
    'booking_changed_concurrently',
    `${why}: the booking is now ${now.status}` +
      (tickets.length ? ` with tickets ${tickets.join(', ')}` : ' without live tickets') +
      ` at ${now.airline_total} ${now.currency.trim()}. Reload it and try again.`,
  );
}

export interface IntentInput {
  operation: IntentOperation;
  requestId?: string | null;
  attemptId?: string | null;
  debitMinor?: number;
  creditMinor?: number;
  at: Date;
}

/**
 * Locks the booking (lock order: booking row, then company balance row) and checks it is still what
 * `seen` was (null: the caller's own claim decides); `refuse` may throw a more precise refusal for
 * the current row first. Then writes the operation's intent (none: only checks that no airline
 * operation of the booking is open). Answers the locked row.
 */
export async function takeBooking(
  trx: Db,
  bookingId: string,
  seen: BookingRow | null,
  intent: IntentInput | null,
  refuse?: (now: BookingRow) => void | Promise<void>,
): Promise<BookingRow> {
  const now = await lockBookingRow(trx, bookingId);
  if (!now) throw notFound('booking');
  await refuse?.(now);
  if (seen && ticketsKey(now) !== ticketsKey(seen)) throw changedConcurrently(now);
  if (intent) await writeIntent(trx, now, intent);
  else {
    const open = await findOpenIntent(trx, now.id);
    if (open) throw changedConcurrently(now, `An airline ${open.operation} of this booking is still in progress`);
  }
  return now;
}

/** The pending intent row of an operation on a booking. */
export function intentRowOf(booking: BookingRow, intent: IntentInput): IntentInsert {
  return {
    id: newId('ain'),
    booking_id: booking.id,
    operation: intent.operation,
    request_id: intent.requestId ?? null,
    attempt_id: intent.attemptId ?? null,
    debit_amount: fromMinor(intent.debitMinor ?? 0),
    credit_amount: fromMinor(intent.creditMinor ?? 0),
    currency: booking.currency.trim(),
    detail: null,
    created_at: intent.at,
    updated_at: intent.at,
  };
}

/**
 * Writes the operation's intent on a booking the caller holds locked; the loser against an open one
 * (the partial unique index decides) gets `booking_changed_concurrently` naming it.
 */
export async function writeIntent(trx: Db, booking: BookingRow, intent: IntentInput): Promise<void> {
  if (await insertIntent(trx, intentRowOf(booking, intent))) return;
  throw await openIntentRefusal(trx, booking);
}

/** The refusal of an operation that found another airline operation of the booking open. */
export async function openIntentRefusal(trx: Db, booking: BookingRow): Promise<DomainError> {
  const open = await findOpenIntent(trx, booking.id);
  const now = (await lockBookingRow(trx, booking.id)) ?? booking;
  return changedConcurrently(now, `An airline ${open?.operation ?? 'operation'} of this booking is still in progress`);
}

/**
 * Sends an operation whose intent is open to the airline, once. A lost answer is checked against the
 * order at once (`happened` says whether the order shows it done); with neither answer the intent
 * stays open as unknown for the reconciler and the error goes up. A refusal fails the intent.
 */
export async function sendUnderIntent(
  deps: BookingDeps,
  row: BookingRow,
  operation: IntentOperation,
  input: {
    channel: ProviderChannel;
    send: () => Promise<ProviderOrder>;
    happened: (order: ProviderOrder) => boolean;
    refusal?: (error: unknown) => unknown;
  },
): Promise<ProviderOrder> {
  try {
    return await input.send();
  } catch (error) {
    const seen = outcomeUnknown(error) ? await retrieveQuietly(deps.provider, input.channel, orderRefOf(row)) : null;
    if (seen && input.happened(seen)) return seen;
    const at = deps.clock.now();
    if (outcomeUnknown(error) && !seen) {
      await markIntentUnknown(deps.db, row.id, operation, refusalText(error), at);
      throw asDomainError(error);
    }
    await closeIntent(deps.db, row.id, operation, 'failed', refusalText(error), at);
    throw (input.refusal ?? asDomainError)(error);
  }
}

/**
 * The first steps of recording a confirmed refund or flight change, in the caller's transaction:
 * the booking row locked (lock order: booking row, then company balance row, which the caller may
 * credit after), the request marked confirmed if this attempt still holds it, and its intent closed.
 * False when another holder settled it first: the caller then records nothing.
 */
export async function confirmClaimedRequest(
  trx: Db,
  bookingId: string,
  requestId: string,
  attempt: string,
  operation: 'refund' | 'change',
  at: Date,
): Promise<boolean> {
  await lockBookingRow(trx, bookingId);
  const mine = await updateClaimedRequest(trx, requestId, attempt, {
    status: 'confirmed',
    error: null,
    confirmed_at: at,
    updated_at: at,
  });
  if (!mine) return false;
  await closeIntent(trx, bookingId, operation, 'succeeded', null, at);
  return true;
}
