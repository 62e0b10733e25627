// Ending a booking with DELETE: before issue the hold is cancelled; after issue the tickets are
// voided, only inside the carrier's void window (outside it the agent must request a refund). A
// void gives a company balance back what the tickets (and EMDs bought after issue) cost, less the
// agency's void fee, and writes a void sales document per ticket and EMD — all in the transaction
// that records the airline's answer.
import { orderRefOf } from './booking-order-ref.js';
import { findBookingByLocator, updateInStatus, type BookingRow } from '../../db/bookings.repository.js';
import { balancePaidEmdAmounts, lockBooking } from '../../db/emd-requests.repository.js';
import { ProviderError } from '../../providers/airline-provider.js';
import { DomainError } from '../errors.js';
import { toMinor } from '../money.js';
import type { Principal } from '../principal.js';
import { bookingFor } from './booking-access.js';
import { asDomainError } from './booking-airline-errors.js';
import { recordHistory } from './booking-history.js';
import type { IssueDeps } from './booking-issue.js';
import { agencyFeeMinor, creditForVoid } from './booking-payment.js';
import { recordEmdSales, recordTicketSales } from './booking-sales.js';
import { bookingView, effectiveStatus, orderFacts, type Booking, type BookingDocument } from './booking.js';

const refundHint = 'Request a refund instead.';

export async function cancelBooking(deps: IssueDeps, principal: Principal, locator: string): Promise<Booking> {
  const { db, clock } = deps;
  const row = await bookingFor(db, principal, locator);
  const status = effectiveStatus(row, clock.now());
  if (status === 'new') return cancelHeld(deps, principal, row);
  if (status === 'issued') return voidIssued(deps, principal, row);
  if (status === 'issuing') throw new DomainError('booking_being_issued');
  throw new DomainError('booking_closed', `The booking is already ${status}.`);
}

async function cancelHeld(deps: IssueDeps, principal: Principal, row: BookingRow): Promise<Booking> {
  const { db, clock, provider } = deps;
  const { channel } = await deps.channels.forBooking(row);
  const order = await provider.cancelOrder(channel, orderRefOf(row)).catch((error: unknown) => {
    throw asDomainError(error);
  });
  await db.transaction().execute(async (trx) => {
    const at = clock.now();
    const changed = await updateInStatus(trx, row.id, 'new', {
      ...orderFacts(order),
      status: 'cancelled',
      error: null,
      ended_at: at,
      updated_at: at,
    });
    if (!changed) throw new DomainError('booking_closed', 'The booking changed while it was being cancelled.');
    await recordHistory(trx, { bookingId: row.id, action: 'cancelled', actorAccountId: principal.accountId, at });
  });
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}

async function voidIssued(deps: IssueDeps, principal: Principal, row: BookingRow): Promise<Booking> {
  const { db, clock, provider } = deps;
  // The carrier's deadline decides; asking the airline after it would only be refused.
  if (row.void_deadline && row.void_deadline < clock.now())
    throw new DomainError(
      'void_window_closed',
      `The void window closed at ${row.void_deadline.toISOString()}. ${refundHint}`,
    );
  const { channel } = await deps.channels.forBooking(row);
  const order = await provider.voidOrder(channel, orderRefOf(row)).catch((error: unknown) => {
    if (error instanceof ProviderError && error.kind === 'void_window_closed')
      throw new DomainError('void_window_closed', `${error.carrier}: ${error.airlineMessage}`);
    throw asDomainError(error);
  });
  const feeMinor = row.form_of_payment === 'company_balance' ? await agencyFeeMinor(db, row, 'void') : 0;
  await db.transaction().execute(async (trx) => {
    const at = clock.now();
    // Under the booking's lock, an EMD job either finished before (its EMDs are given back here) or
    // finds the booking voided (and gives them back itself).
    await lockBooking(trx, row.id);
    const facts = orderFacts(order);
    const changed = await updateInStatus(trx, row.id, 'issued', {
      ...facts,
      status: 'voided',
      error: null,
      ended_at: at,
      updated_at: at,
    });
    if (!changed) throw new DomainError('booking_closed', 'The booking changed while it was being voided.');
    if (row.form_of_payment === 'company_balance')
      await creditForVoid(trx, row, {
        airlineMinor: toMinor(row.airline_total),
        emdMinor: (await balancePaidEmdAmounts(trx, row.id)).reduce((sum, a) => sum + toMinor(a), 0),
        feeMinor,
        actorAccountId: principal.accountId,
        at,
      });
    await recordTicketSales(trx, {
      booking: row,
      // Tickets an exchange replaced were never sold on their own again: only the live ones are voided.
      documents: (row.documents as BookingDocument[]).filter((d) => d.type === 'ticket' && d.status === 'issued'),
      kind: 'void',
      feeMinor,
      agentId: principal.accountId,
      at,
    });
    await recordEmdSales(trx, {
      booking: row,
      documents: (row.documents as BookingDocument[]).filter((d) => d.type === 'emd' && d.status === 'issued'),
      feeMinor: 0,
      agentId: principal.accountId,
      voidedAt: at,
    });
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'voided',
      actorAccountId: principal.accountId,
      at,
      airlineAnswer: order.warnings.map((w) => w.message).join(' ') || null,
    });
  });
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}
