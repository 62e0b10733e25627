// Confirming a flight change request: pays what is due and reissues the tickets exactly once. A
// company balance is debited in the transaction that claims the request and credited back when the
// airline refuses (for example a reissue error, `reissue_failed` with the airline's words); a lost
// answer is reconciled from the airline's order, now or when the booking is next opened.
import { orderRefOf } from './booking-order-ref.js';
import { findRequest, updateClaimedRequest, type BookingRequestRow } from '../../db/booking-requests.repository.js';
import {
  findBookingByLocator,
  ticketingPathOf,
  updateInStatus,
  type BookingRow,
} from '../../db/bookings.repository.js';
import type { ProviderOrder } from '../../providers/airline-provider.js';
import type { FormOfPayment } from '../channels/channel-state.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { fromMinor, toMinor } from '../../money.js';
import type { Principal } from '../principal.js';
import { bookingFor } from './booking-access.js';
import type { BookingDeps } from './booking-deps.js';
import { notIssuedHint } from './booking-exchange.js';
import { recordHistory } from './booking-history.js';
import { recordBookingEvent } from './booking-events.js';
import { confirmClaimedRequest, takeBooking } from './booking-intents.js';
import { openTicketingPath } from './booking-issue.js';
import { airlinePayment, debitForExchange, giveBack } from './booking-payment.js';
import {
  claimForConfirm,
  failRequest,
  notConfirmable,
  offersOf,
  refuseUnconfirmable,
  requireIssued,
  residualMinor,
  sendConfirm,
  type StoredOffer,
} from './booking-request.js';
import { recordExchangeSales } from './booking-sales.js';
import { bookingView, orderFacts, type Booking, type BookingDocument, type StoredFares } from './booking.js';

/** `POST /orders/{locator}/flights_change_requests/confirm`: pays and reissues, exactly once. */
export async function confirmChange(
  deps: BookingDeps,
  principal: Principal,
  input: { locator: string; requestId: string; offerId: string },
): Promise<Booking> {
  const { db, clock, provider } = deps;
  const row = await bookingFor(db, principal, input.locator);
  const request = await findRequest(db, row.id, input.requestId, 'change');
  if (!request) throw notFound('flights change request of this booking');
  const offer = offersOf(request).find((o) => o.offer_id === input.offerId);
  if (!offer) throw notFound('offer of this flights change request');
  if (request.status !== 'quoted') throw notConfirmable(request.status);
  if (new Date(offer.expires_at) <= clock.now())
    throw new DomainError(
      'reshop_offer_expired',
      `The offer expired at ${offer.expires_at}; ask for new alternatives.`,
    );
  requireIssued(row, clock.now(), notIssuedHint);
  const { path, channel } = await openTicketingPath(deps, row);
  const form = path.form_of_payment;
  const currency = row.currency.trim();
  const dueMinor = toMinor(offer.airline_due);
  // The fee the customer was shown with this alternative, not one changed since.
  const feeMinor = form === 'company_balance' ? toMinor(offer.fee) : 0;
  const payment =
    dueMinor > 0
      ? await airlinePayment(db, deps.cards, form, path.ticketing_credit_card_id, {
          amount: fromMinor(dueMinor),
          currency,
        })
      : null;

  // The claim and the debit commit together, or neither does (a balance too low changes nothing).
  const attempt = newId('cfm');
  let debitedMinor = 0;
  // What debitForExchange takes below: the airline's amount due (never a credit here) and the fee.
  const debitMinor = form === 'company_balance' ? Math.max(0, dueMinor) + feeMinor : 0;
  await db.transaction().execute(async (trx) => {
    const at = clock.now();
    // Lock order: the booking row, then the request, then the company balance row (the debit, last).
    const now = await takeBooking(
      trx,
      row.id,
      row,
      {
        operation: 'change',
        requestId: request.id,
        attemptId: attempt,
        debitMinor,
        at,
      },
      () => refuseUnconfirmable(trx, request),
    );
    await claimForConfirm(trx, request, attempt, at, offer.offer_id);
    await updateClaimedRequest(trx, request.id, attempt, {
      balance_debit: debitMinor > 0 ? fromMinor(debitMinor) : null,
      fee_amount: fromMinor(feeMinor),
    });
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'exchange_started',
      actorAccountId: principal.accountId,
      at,
      detail: `Paying ${fromMinor(dueMinor + feeMinor)} ${currency} by ${form} for offer ${offer.offer_id}.`,
    });
    // Last, so the company balance row is held only until COMMIT.
    if (form === 'company_balance')
      debitedMinor = await debitForExchange(trx, now, { dueMinor, feeMinor, actorAccountId: principal.accountId, at });
  });

  const order = await sendConfirm(deps, row, { ...request, kind: 'change' }, attempt, {
    channel,
    send: () => provider.changeOrder(channel, orderRefOf(row), offer.airline_offer_id, payment),
    happened: (order) => reissued(row, order),
    debitedMinor,
    actorAccountId: principal.accountId,
  });
  await finishChange(deps, row, { ...request, fee_amount: fromMinor(feeMinor) }, offer, attempt, order, {
    form,
    actorAccountId: principal.accountId,
  });
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}

/** Whether the airline's order carries tickets the booking does not have yet (the reissue happened). */
function reissued(row: BookingRow, order: ProviderOrder): boolean {
  const known = new Set((row.documents as BookingDocument[]).map((d) => d.number));
  return order.documents.some((d) => d.type === 'ticket' && d.status === 'issued' && !known.has(d.number));
}

async function finishChange(
  deps: BookingDeps,
  row: BookingRow,
  request: BookingRequestRow,
  offer: StoredOffer,
  attempt: string,
  order: ProviderOrder,
  input: { form: FormOfPayment; actorAccountId: string | null },
): Promise<void> {
  const currency = row.currency.trim();
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row, then the company balance row (the residual, last).
    if (!(await confirmClaimedRequest(trx, row.id, request.id, attempt, 'change', at))) return;
    const facts = orderFacts(order);
    const fares = row.fares as StoredFares;
    const changed = await updateInStatus(trx, row.id, 'issued', {
      ...facts,
      airline_total: order.total.amount,
      fares: JSON.stringify({ airline: order.fares, markupByType: fares.markupByType } satisfies StoredFares),
      error: null,
      updated_at: at,
    });
    if (!changed) throw new DomainError('booking_closed', 'The booking changed while its flights were being changed.');
    const actor = input.actorAccountId ?? row.agent_id;
    const updated = (await findBookingByLocator(trx, row.locator))!;
    const oldTickets = (row.documents as BookingDocument[]).filter((d) => d.type === 'ticket');
    const known = new Set(oldTickets.map((d) => d.number));
    const newTickets = order.documents
      .filter((d) => d.type === 'ticket' && d.status === 'issued' && !known.has(d.number))
      .map((d) => ({
        number: d.number,
        type: d.type,
        passenger_id: d.passengerId,
        status: d.status,
        issued_at: d.issuedAt,
        amount: d.amount,
        exchangedFrom: d.exchangedFrom,
      }));
    await recordExchangeSales(trx, {
      booking: updated,
      newTickets,
      oldTickets,
      oldFares: fares,
      penaltyMinor: toMinor(offer.penalty),
      feeMinor: toMinor(request.fee_amount ?? '0'),
      formOfPayment: input.form,
      agentId: actor,
      at,
    });
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'exchanged',
      actorAccountId: input.actorAccountId,
      at,
      detail:
        `Tickets ${newTickets.map((t) => `${t.exchangedFrom ?? '?'} → ${t.number}`).join(', ')}; ` +
        `paid ${fromMinor(toMinor(offer.airline_due) + toMinor(request.fee_amount ?? '0'))} ${currency}.`,
      airlineAnswer: [...order.warnings.map((w) => w.message), ...order.remarks.slice(-1)].join(' ') || null,
    });
    await recordBookingEvent(trx, 'booking.exchanged', row.id, at);
    // A cheaper result: the airline returns the residual to the form of payment, here the balance;
    // last, so the company balance row is held only until COMMIT.
    const residual = residualMinor(offer);
    if (input.form === 'company_balance' && residual > 0)
      await giveBack(trx, row, {
        debitedMinor: residual,
        reason: `Exchange residual ${row.locator}`,
        actorAccountId: actor,
        at,
      });
  });
}

/** A flight change whose answer was lost, settled from the airline's order. */
export async function settleStaleChange(
  deps: BookingDeps,
  row: BookingRow,
  request: BookingRequestRow,
  order: ProviderOrder,
): Promise<boolean> {
  const offer = offersOf(request).find((o) => o.offer_id === request.chosen_offer_id);
  if (!request.attempt_id || !offer) return false;
  if (order.status !== 'issued') return false;
  const path = await ticketingPathOf(deps.db, row.agency_id, row.company_id, row.channel_id);
  const form = request.balance_debit ? 'company_balance' : (path?.form_of_payment ?? 'bsp_cash');
  if (reissued(row, order)) {
    await finishChange(deps, row, request, offer, request.attempt_id, order, { form, actorAccountId: null });
    return true;
  }
  const debitedMinor = request.balance_debit ? toMinor(request.balance_debit) : 0;
  await failRequest(deps, row, { ...request, kind: 'change' }, request.attempt_id, {
    debitedMinor,
    actorAccountId: null,
    error: new DomainError('airline_timeout'),
  });
  return true;
}
