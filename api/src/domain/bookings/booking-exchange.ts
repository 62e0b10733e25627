// Flight change requests of a ticketed booking: the airline's alternatives for the journeys asked
// (OrderReshop ChangeJourney) kept for this booking, one of them priced again on request, and the
// confirm that pays what is due and reissues the tickets exactly once. A company balance is debited
// in the transaction that claims the request and credited back when the airline refuses (for
// example a reissue error, answered as 422 with the airline's words); a lost answer is reconciled
// from the airline's order, now or when the booking is next opened.
import { orderRefOf } from './booking-order-ref.js';
import {
  findConfirming,
  findRequest,
  findRequestByOffer,
  updateClaimedRequest,
  updateQuoted,
  type BookingRequestRow,
} from '../../db/booking-requests.repository.js';
import {
  findBookingByLocator,
  ticketingPathOf,
  updateInStatus,
  type BookingRow,
} from '../../db/bookings.repository.js';
import type { ProviderChannel, ProviderOrder } from '../../providers/airline-provider.js';
import type { FormOfPayment } from '../channels/channel-state.js';
import { DomainError, throwAll, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { fromMinor, toMinor } from '../money.js';
import type { Principal } from '../principal.js';
import { bookingFor } from './booking-access.js';
import { fromAirlineOrder } from './booking-airline-errors.js';
import { recordHistory } from './booking-history.js';
import { openTicketingPath, type IssueDeps } from './booking-issue.js';
import { agencyFeeMinor, airlinePayment, debitForExchange, giveBack } from './booking-payment.js';
import {
  alternativeView,
  claimForConfirm,
  failRequest,
  notConfirmable,
  insertNewRequest,
  offersOf,
  quotedRequest,
  requireIssued,
  residualMinor,
  sameFlights,
  sendConfirm,
  storedOffer,
  type ChangeAlternative,
  type StoredOffer,
} from './booking-request.js';
import { recordExchangeSales } from './booking-sales.js';
import {
  bookingView,
  orderFacts,
  type Booking,
  type BookingDocument,
  type BookingSegment,
  type StoredFares,
} from './booking.js';

export interface JourneyChange {
  origin_destination: number;
  date: string;
}

export interface FlightsChangeRequest {
  id: string;
  locator: string;
  status: BookingRequestRow['status'];
  journeys: JourneyChange[];
  alternatives: ChangeAlternative[];
  created_at: string;
  confirmed_at: string | null;
}

export interface PricedAlternative {
  flights_change_request_id: string;
  alternative: ChangeAlternative;
  price_changed: boolean;
  paid_by: FormOfPayment;
}

const notIssuedHint = 'Change the flights of a held booking by cancelling and booking again.';

function changeView(request: BookingRequestRow, row: BookingRow): FlightsChangeRequest {
  return {
    id: request.id,
    locator: row.locator,
    status: request.status,
    journeys: request.journeys as JourneyChange[],
    alternatives: offersOf(request).map((o) => alternativeView(o, row)),
    created_at: request.created_at.toISOString(),
    confirmed_at: request.confirmed_at?.toISOString() ?? null,
  };
}

/** The agency's exchange fee when the channel pays from a company balance. */
async function exchangeFee(deps: IssueDeps, row: BookingRow): Promise<{ form: FormOfPayment; feeMinor: number }> {
  const path = await ticketingPathOf(deps.db, row.agency_id, row.company_id, row.channel_id);
  const form = path?.form_of_payment ?? row.form_of_payment ?? 'bsp_cash';
  return { form, feeMinor: form === 'company_balance' ? await agencyFeeMinor(deps.db, row, 'exchange') : 0 };
}

/** Each journey asked once, one the booking has, on a day not yet past. */
function checkJourneys(row: BookingRow, journeys: readonly JourneyChange[], now: Date): void {
  const count = new Set((row.segments as BookingSegment[]).map((s) => s.origin_destination)).size;
  const today = now.toISOString().slice(0, 10);
  const problems = journeys.flatMap((j, i) => {
    const out: DomainError[] = [];
    if (j.origin_destination >= count)
      out.push(
        new DomainError('validation_failed', `The booking has no journey ${j.origin_destination}.`, {
          pointer: `/journeys/${i}/origin_destination`,
        }),
      );
    const day = new Date(`${j.date}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== j.date)
      out.push(new DomainError('validation_failed', 'Not a date.', { pointer: `/journeys/${i}/date` }));
    else if (j.date < today)
      out.push(new DomainError('validation_failed', 'The date is in the past.', { pointer: `/journeys/${i}/date` }));
    return out;
  });
  if (new Set(journeys.map((j) => j.origin_destination)).size !== journeys.length)
    problems.push(new DomainError('validation_failed', 'Each journey once.', { pointer: '/journeys' }));
  throwAll(problems);
}

/** The airline's alternatives for the journeys asked; the airline's journey ids come from its order. */
async function alternativesFor(
  deps: IssueDeps,
  channel: ProviderChannel,
  row: BookingRow,
  journeys: readonly JourneyChange[],
) {
  const order = await fromAirlineOrder(deps.provider.retrieveOrder(channel, orderRefOf(row)));
  const asked = journeys.map((j) => {
    const journey = order.journeys[j.origin_destination];
    if (!journey)
      throw new DomainError('validation_failed', `The airline's order has no journey ${j.origin_destination}.`);
    return { journeyId: journey.id, date: j.date };
  });
  return fromAirlineOrder(deps.provider.reshopOrder(channel, orderRefOf(row), { type: 'change', journeys: asked }));
}

/** `POST /orders/{locator}/flights_change_requests/create`. */
export async function requestChange(
  deps: IssueDeps,
  principal: Principal,
  input: { locator: string; journeys: JourneyChange[] },
): Promise<FlightsChangeRequest> {
  const { db, clock } = deps;
  const row = await bookingFor(db, principal, input.locator);
  requireIssued(row, clock.now(), notIssuedHint);
  checkJourneys(row, input.journeys, clock.now());
  if (await findConfirming(db, row.id)) throw new DomainError('change_in_progress');
  const offers = await alternativesFor(deps, (await deps.channels.forBooking(row)).channel, row, input.journeys);
  const { feeMinor } = await exchangeFee(deps, row);
  const stored = offers.map((o) => storedOffer(o, feeMinor));
  const at = clock.now();
  const request = quotedRequest(
    row,
    'change',
    { accountId: principal.accountId, at },
    {
      journeys: input.journeys.map((j) => ({ origin_destination: j.origin_destination, date: j.date })),
      offers: stored,
      expires_at: stored.length ? new Date(Math.min(...stored.map((o) => Date.parse(o.expires_at)))) : null,
    },
  );
  await db.transaction().execute(async (trx) => {
    await insertNewRequest(trx, request);
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'change_quoted',
      actorAccountId: principal.accountId,
      at,
      detail:
        `${stored.length} alternative(s) for ` +
        input.journeys.map((j) => `journey ${j.origin_destination} on ${j.date}`).join(', ') +
        ` (request ${request.id}).`,
    });
  });
  return changeView(request, row);
}

/** `POST /orders/{locator}/reshop_offers/price`: one alternative asked of the airline again. */
export async function priceChangeOffer(
  deps: IssueDeps,
  principal: Principal,
  input: { locator: string; offerId: string },
): Promise<PricedAlternative> {
  const { db, clock } = deps;
  const row = await bookingFor(db, principal, input.locator);
  const request = await findRequestByOffer(db, row.id, input.offerId, 'change');
  const offer = request && offersOf(request).find((o) => o.offer_id === input.offerId);
  if (!request || !offer) throw notFound('offer of this booking');
  if (request.status !== 'quoted') throw notConfirmable(request.status);
  requireIssued(row, clock.now(), notIssuedHint);
  const offers = await alternativesFor(
    deps,
    (await deps.channels.forBooking(row)).channel,
    row,
    request.journeys as JourneyChange[],
  );
  const { form, feeMinor } = await exchangeFee(deps, row);
  const match = offers
    .map((o) => storedOffer(o, feeMinor, offer.offer_id))
    .find((o) => sameFlights(o.segments, offer.segments));
  if (!match)
    throw new DomainError('reshop_offer_gone', 'The airline no longer offers these flights; ask for new alternatives.');
  const offersNow = offersOf(request).map((o) => (o.offer_id === offer.offer_id ? match : o));
  if (!(await updateQuoted(db, request.id, { offers: JSON.stringify(offersNow), updated_at: clock.now() }))) {
    const now = await findRequest(db, row.id, request.id, 'change');
    throw notConfirmable(now?.status ?? 'failed');
  }
  const before = alternativeView(offer, row);
  const alternative = alternativeView(match, row);
  return {
    flights_change_request_id: request.id,
    alternative,
    price_changed:
      before.total_due.amount !== alternative.total_due.amount ||
      before.new_price.amount !== alternative.new_price.amount,
    paid_by: form,
  };
}

/** `POST /orders/{locator}/flights_change_requests/confirm`: pays and reissues, exactly once. */
export async function confirmChange(
  deps: IssueDeps,
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
  await db.transaction().execute(async (trx) => {
    const at = clock.now();
    await claimForConfirm(trx, request, attempt, at, offer.offer_id);
    if (form === 'company_balance')
      debitedMinor = await debitForExchange(trx, row, { dueMinor, feeMinor, actorAccountId: principal.accountId, at });
    await updateClaimedRequest(trx, request.id, attempt, {
      balance_debit: debitedMinor > 0 ? fromMinor(debitedMinor) : null,
      fee_amount: fromMinor(feeMinor),
    });
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'exchange_started',
      actorAccountId: principal.accountId,
      at,
      detail: `Paying ${fromMinor(dueMinor + feeMinor)} ${currency} by ${form} for offer ${offer.offer_id}.`,
    });
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
  deps: IssueDeps,
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
    const mine = await updateClaimedRequest(trx, request.id, attempt, {
      status: 'confirmed',
      error: null,
      confirmed_at: at,
      updated_at: at,
    });
    if (!mine) return;
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
    // A cheaper result: the airline returns the residual to the form of payment, here the balance.
    const residual = residualMinor(offer);
    if (input.form === 'company_balance' && residual > 0)
      await giveBack(trx, row, {
        debitedMinor: residual,
        reason: `Exchange residual ${row.locator}`,
        actorAccountId: actor,
        at,
      });
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
  });
}

/** A flight change whose answer was lost, settled from the airline's order. */
export async function settleStaleChange(
  deps: IssueDeps,
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
