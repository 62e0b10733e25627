// Refund requests: the airline's quote kept for this booking (refund, penalty, the agency's fee,
// where the money goes, expiry), and its confirm exactly once. The confirm claims the request
// (quoted -> confirming) before the airline is asked, so concurrent or repeated confirms neither
// refund nor credit again; a definite refusal fails the request; a lost answer is reconciled by
// retrieving the order (now, or when the booking is next opened).
import { orderRefOf } from './booking-order-ref.js';
import {
  failQuotedRefunds,
  findConfirming,
  findRequest,
  type BookingRequestRow,
} from '../../db/booking-requests.repository.js';
import { findBookingByLocator, updateInStatus, type BookingRow } from '../../db/bookings.repository.js';
import type { ProviderOrder } from '../../providers/airline-provider.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { fromMinor, toMinor, type Money } from '../../money.js';
import type { Principal } from '../principal.js';
import { bookingFor } from './booking-access.js';
import { fromAirlineOrder } from './booking-airline-errors.js';
import { recordHistory } from './booking-history.js';
import { recordBookingEvent } from './booking-events.js';
import { confirmClaimedRequest, takeBooking } from './booking-intents.js';
import type { BookingDeps } from './booking-deps.js';
import { agencyFeeMinor, creditForRefund } from './booking-payment.js';
import {
  claimForConfirm,
  failRequest,
  insertNewRequest,
  notConfirmable,
  quotedRequest,
  refuseUnconfirmable,
  requireIssued,
  sendConfirm,
} from './booking-request.js';
import { recordRefundSales } from './booking-sales.js';
import { bookingView, orderFacts, type Booking, type BookingDocument } from './booking.js';

export interface RefundRequest {
  id: string;
  locator: string;
  status: BookingRequestRow['status'];
  refund: Money;
  penalty: Money;
  fee: Money;
  refund_to: NonNullable<BookingRow['form_of_payment']>;
  expires_at: string;
  created_at: string;
  confirmed_at: string | null;
}

const notIssuedHint = 'Only ticketed bookings are refunded; cancel a held booking instead.';

function refundView(request: BookingRequestRow, locator: string): RefundRequest {
  const currency = request.currency.trim();
  const fee = toMinor(request.fee_amount ?? '0');
  return {
    id: request.id,
    locator,
    status: request.status,
    refund: { amount: fromMinor(toMinor(request.refund_amount ?? '0') - fee), currency },
    penalty: { amount: request.penalty_amount ?? '0.00', currency },
    fee: { amount: fromMinor(fee), currency },
    refund_to: request.refund_to ?? 'bsp_cash',
    expires_at: request.expires_at!.toISOString(),
    created_at: request.created_at.toISOString(),
    confirmed_at: request.confirmed_at?.toISOString() ?? null,
  };
}

/** `POST /orders/{locator}/refund_requests/create`: the airline's quote, kept; a newer one replaces older ones. */
export async function quoteRefund(deps: BookingDeps, principal: Principal, locator: string): Promise<RefundRequest> {
  return quoteRefundOf(deps, await bookingFor(deps.db, principal, locator), principal.accountId);
}

/** The airline's refund quote for a booking already in reach, kept; `accountId` null for the system. */
export async function quoteRefundOf(
  deps: BookingDeps,
  row: BookingRow,
  accountId: string | null,
): Promise<RefundRequest> {
  const { db, clock, provider } = deps;
  requireIssued(row, clock.now(), notIssuedHint);
  if (await findConfirming(db, row.id)) throw new DomainError('change_in_progress');
  const quote = await fromAirlineOrder(
    provider.quoteRefund((await deps.channels.forBooking(row)).channel, orderRefOf(row)),
  );
  const refundTo = row.form_of_payment ?? 'bsp_cash';
  const refundMinor = toMinor(quote.refund.amount);
  // The agency's fee comes off a balance refund, never more than the refund itself.
  const feeMinor =
    refundTo === 'company_balance' ? Math.min(await agencyFeeMinor(db, row, 'refund', clock.now()), refundMinor) : 0;
  const at = clock.now();
  const request = quotedRequest(
    row,
    'refund',
    { accountId, at },
    {
      airline_quote_id: quote.quoteId,
      refund_amount: quote.refund.amount,
      penalty_amount: quote.penalty.amount,
      fee_amount: fromMinor(feeMinor),
      refund_to: refundTo,
      expires_at: new Date(quote.expiresAt),
    },
  );
  await db.transaction().execute(async (trx) => {
    await failQuotedRefunds(trx, row.id, 'A newer quote replaced it.', at);
    await insertNewRequest(trx, request);
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'refund_quoted',
      actorAccountId: accountId,
      at,
      detail:
        `Refund ${fromMinor(refundMinor - feeMinor)} ${request.currency} to ${refundTo} ` +
        `(penalty ${quote.penalty.amount}, fee ${fromMinor(feeMinor)}); quote ${request.id} holds until ${quote.expiresAt}.`,
    });
  });
  return refundView(request, row.locator);
}

/** What a confirmed refund credits: the airline's refund less the agency's fee. */
const refundMinorOf = (request: BookingRequestRow) =>
  toMinor(request.refund_amount ?? '0') - toMinor(request.fee_amount ?? '0');

/** `POST /orders/{locator}/refund_requests/confirm`: refunds by a quote of this booking, exactly once. */
export async function confirmRefund(
  deps: BookingDeps,
  principal: Principal,
  input: { locator: string; refundRequestId: string },
): Promise<Booking> {
  return confirmRefundOf(
    deps,
    await bookingFor(deps.db, principal, input.locator),
    input.refundRequestId,
    principal.accountId,
  );
}

/** Refunds a booking already in reach by one of its quotes, exactly once; `accountId` null for the system. */
export async function confirmRefundOf(
  deps: BookingDeps,
  row: BookingRow,
  refundRequestId: string,
  accountId: string | null,
): Promise<Booking> {
  const { db, clock, provider } = deps;
  const request = await findRequest(db, row.id, refundRequestId, 'refund');
  if (!request) throw notFound('refund request of this booking');
  if (request.status !== 'quoted') throw notConfirmable(request.status);
  if (request.expires_at! <= clock.now())
    throw new DomainError(
      'refund_quote_expired',
      `The quote expired at ${request.expires_at!.toISOString()}; ask for a new quote.`,
    );
  requireIssued(row, clock.now(), notIssuedHint);
  const channel = (await deps.channels.forBooking(row)).channel;

  const attempt = newId('cfm');
  await db.transaction().execute(async (trx) => {
    // Lock order: the booking row, then the request (no balance moves before the airline answers).
    await takeBooking(
      trx,
      row.id,
      row,
      {
        operation: 'refund',
        requestId: request.id,
        attemptId: attempt,
        creditMinor: request.refund_to === 'company_balance' ? refundMinorOf(request) : 0,
        at: clock.now(),
      },
      () => refuseUnconfirmable(trx, request),
    );
    await claimForConfirm(trx, request, attempt, clock.now());
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'refund_started',
      actorAccountId: accountId,
      at: clock.now(),
      detail: `Confirming refund quote ${request.id}.`,
    });
  });

  const order = await sendConfirm(deps, row, { ...request, kind: 'refund' }, attempt, {
    channel,
    send: () => provider.confirmRefund(channel, orderRefOf(row), request.airline_quote_id!),
    happened: (order) => order.status === 'refunded',
    debitedMinor: 0,
    actorAccountId: accountId,
  });
  await finishRefund(deps, row, request, attempt, order, accountId);
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}

/** The airline refunded: the booking ends, the balance is credited, the sales documents written. */
async function finishRefund(
  deps: BookingDeps,
  row: BookingRow,
  request: BookingRequestRow,
  attempt: string,
  order: ProviderOrder,
  actorAccountId: string | null,
): Promise<void> {
  const refundMinor = toMinor(request.refund_amount ?? '0');
  const feeMinor = toMinor(request.fee_amount ?? '0');
  const refundTo = request.refund_to ?? 'bsp_cash';
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row, then the company balance row (the credit, last).
    if (!(await confirmClaimedRequest(trx, row.id, request.id, attempt, 'refund', at))) return;
    const changed = await updateInStatus(trx, row.id, 'issued', {
      ...orderFacts(order),
      status: 'refunded',
      error: null,
      ended_at: at,
      updated_at: at,
    });
    if (!changed) throw new DomainError('booking_closed', 'The booking changed while it was being refunded.');
    const actor = actorAccountId ?? row.agent_id;
    await recordRefundSales(trx, {
      booking: row,
      tickets: (row.documents as BookingDocument[]).filter((d) => d.type === 'ticket' && d.status === 'issued'),
      refundMinor,
      feeMinor,
      formOfPayment: refundTo,
      agentId: actor,
      at,
    });
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'refunded',
      actorAccountId,
      at,
      detail: `Refunded ${fromMinor(refundMinor - feeMinor)} ${request.currency.trim()} to ${refundTo}.`,
      airlineAnswer: order.warnings.map((w) => w.message).join(' ') || null,
    });
    await recordBookingEvent(trx, 'booking.refunded', row.id, at);
    // Last, so the company balance row is held only until COMMIT.
    if (refundTo === 'company_balance')
      await creditForRefund(trx, row, { refundMinor, feeMinor, actorAccountId: actor, at });
  });
}

/** A refund whose answer was lost, settled from the airline's order (refunded, or still ticketed). */
export async function settleStaleRefund(
  deps: BookingDeps,
  row: BookingRow,
  request: BookingRequestRow,
  order: ProviderOrder,
): Promise<boolean> {
  if (!request.attempt_id) return false;
  if (order.status === 'refunded') {
    await finishRefund(deps, row, request, request.attempt_id, order, null);
    return true;
  }
  if (order.status === 'issued') {
    await failRequest(deps, row, { ...request, kind: 'refund' }, request.attempt_id, {
      debitedMinor: 0,
      actorAccountId: null,
      error: new DomainError('airline_timeout'),
    });
    return true;
  }
  return false;
}
