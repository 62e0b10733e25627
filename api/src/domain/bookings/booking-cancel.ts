// Ending a booking with DELETE: before issue the hold is cancelled; after issue the tickets are
// voided, only inside the carrier's void window (outside it the agent must request a refund). A
// void gives a company balance back what the tickets (and EMDs bought after issue) cost, less the
// agency's void fee, and writes a void sales document per ticket and EMD — all in the transaction
// that records the airline's answer. Both take the booking row (and write the airline intent)
// before the airline is asked, so a concurrent change or issue loses with
// `booking_changed_concurrently`; the credit is computed from the booking as it is under the lock.
import { closeIntent } from '../../db/airline-intents.repository.js';
import { findBookingByLocator, lockBookingRow, updateInStatus, type BookingRow } from '../../db/bookings.repository.js';
import { balancePaidEmdAmounts } from '../../db/emd-requests.repository.js';
import { ProviderError, type ProviderOrder } from '../../providers/airline-provider.js';
import { orderRefOf } from './booking-order-ref.js';
import { DomainError } from '../errors.js';
import { toMinor } from '../../money.js';
import type { Principal } from '../principal.js';
import { bookingFor } from './booking-access.js';
import { asDomainError } from './booking-airline-errors.js';
import type { BookingDeps } from './booking-deps.js';
import { recordHistory } from './booking-history.js';
import { recordBookingEvent } from './booking-events.js';
import { sendUnderIntent, takeBooking } from './booking-intents.js';
import { agencyFeeMinor, creditForVoid } from './booking-payment.js';
import { recordEmdSales, recordTicketSales } from './booking-sales.js';
import { bookingView, effectiveStatus, orderFacts, type Booking, type BookingDocument } from './booking.js';

const refundHint = 'Request a refund instead.';

export async function cancelBooking(deps: BookingDeps, principal: Principal, locator: string): Promise<Booking> {
  const { db, clock } = deps;
  const row = await bookingFor(db, principal, locator);
  const status = effectiveStatus(row, clock.now());
  if (status === 'new') return cancelHeld(deps, principal.accountId, row);
  if (status === 'issued') return voidIssued(deps, principal, row);
  if (status === 'issuing') throw new DomainError('booking_being_issued');
  throw new DomainError('booking_closed', `The booking is already ${status}.`);
}

/** Cancels a hold (nothing was paid); `actorAccountId` null when the system does it. */
export async function cancelHeld(deps: BookingDeps, actorAccountId: string | null, row: BookingRow): Promise<Booking> {
  const { db, clock, provider } = deps;
  const { channel } = await deps.channels.forBooking(row);
  // Lock order: the booking row only (a hold moves no money).
  await db.transaction().execute((trx) => takeBooking(trx, row.id, row, { operation: 'cancel', at: clock.now() }));
  const order = await sendUnderIntent(deps, row, 'cancel', {
    channel,
    send: () => provider.cancelOrder(channel, orderRefOf(row)),
    happened: (o) => o.status === 'cancelled',
  });
  await finishCancel(deps, row.id, order, actorAccountId);
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}

/** Records the airline's cancellation of a hold; false when the booking was settled before. */
export async function finishCancel(
  deps: BookingDeps,
  bookingId: string,
  order: ProviderOrder,
  actorAccountId: string | null,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row only.
    await lockBookingRow(trx, bookingId);
    const changed = await updateInStatus(trx, bookingId, 'new', {
      ...orderFacts(order),
      status: 'cancelled',
      error: null,
      ended_at: at,
      updated_at: at,
    });
    await closeIntent(trx, bookingId, 'cancel', changed ? 'succeeded' : 'rolled_back', null, at);
    if (!changed) return false;
    await recordHistory(trx, { bookingId, action: 'cancelled', actorAccountId, at });
    await recordBookingEvent(trx, 'booking.cancelled', bookingId, at);
    return true;
  });
}

async function voidIssued(deps: BookingDeps, principal: Principal, row: BookingRow): Promise<Booking> {
  const { db, clock, provider } = deps;
  // The carrier's deadline decides; asking the airline after it would only be refused.
  if (row.void_deadline && row.void_deadline < clock.now())
    throw new DomainError(
      'void_window_closed',
      `The void window closed at ${row.void_deadline.toISOString()}. ${refundHint}`,
    );
  const { channel } = await deps.channels.forBooking(row);
  // Lock order: the booking row only; the credit comes after the airline's answer.
  await db
    .transaction()
    .execute((trx) =>
      takeBooking(trx, row.id, row, { operation: 'void', creditMinor: toMinor(row.airline_total), at: clock.now() }),
    );
  const order = await sendUnderIntent(deps, row, 'void', {
    channel,
    send: () => provider.voidOrder(channel, orderRefOf(row)),
    happened: (o) => o.status === 'voided',
    refusal: (error) =>
      error instanceof ProviderError && error.kind === 'void_window_closed'
        ? new DomainError('void_window_closed', `${error.carrier}: ${error.airlineMessage}`)
        : asDomainError(error),
  });
  await finishVoid(deps, row.id, order, principal.accountId);
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}

/**
 * Records the airline's void: the booking ends, the balance gets the tickets' (and EMDs') price back
 * less the void fee, from the booking as it is under its lock. False when it was settled before, so
 * the reconciler and the request credit once between them.
 */
export async function finishVoid(
  deps: BookingDeps,
  bookingId: string,
  order: ProviderOrder,
  actorAccountId: string | null,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row, then the company balance row (the credit, last). Under the booking's
    // lock an EMD job either finished before (its EMDs are given back here) or finds the booking
    // voided (and gives them back itself).
    const row = await lockBookingRow(trx, bookingId);
    if (!row) return false;
    const changed = await updateInStatus(trx, row.id, 'issued', {
      ...orderFacts(order),
      status: 'voided',
      error: null,
      ended_at: at,
      updated_at: at,
    });
    await closeIntent(trx, row.id, 'void', changed ? 'succeeded' : 'rolled_back', null, at);
    if (!changed) return false;
    const actor = actorAccountId ?? row.agent_id;
    const feeMinor = row.form_of_payment === 'company_balance' ? await agencyFeeMinor(trx, row, 'void', at) : 0;
    await recordTicketSales(trx, {
      booking: row,
      // Tickets an exchange replaced were never sold on their own again: only the live ones are voided.
      documents: (row.documents as BookingDocument[]).filter((d) => d.type === 'ticket' && d.status === 'issued'),
      kind: 'void',
      feeMinor,
      agentId: actor,
      at,
    });
    await recordEmdSales(trx, {
      booking: row,
      documents: (row.documents as BookingDocument[]).filter((d) => d.type === 'emd' && d.status === 'issued'),
      feeMinor: 0,
      agentId: actor,
      voidedAt: at,
    });
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'voided',
      actorAccountId,
      at,
      airlineAnswer: order.warnings.map((w) => w.message).join(' ') || null,
    });
    await recordBookingEvent(trx, 'booking.voided', row.id, at);
    // Last, so the company balance row is held only until COMMIT.
    if (row.form_of_payment === 'company_balance')
      await creditForVoid(trx, row, {
        airlineMinor: toMinor(row.airline_total),
        emdMinor: (await balancePaidEmdAmounts(trx, row.id)).reduce((sum, a) => sum + toMinor(a), 0),
        feeMinor,
        actorAccountId: actor,
        at,
      });
    return true;
  });
}
