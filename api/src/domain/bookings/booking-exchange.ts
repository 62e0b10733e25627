// Flight change requests of a ticketed booking: the airline's alternatives for the journeys asked
// (OrderReshop ChangeJourney) kept for this booking, and one of them priced again on request. The
// confirm that pays and reissues lives in booking-exchange-confirm.ts.
import { orderRefOf } from './booking-order-ref.js';
import {
  findConfirming,
  findRequest,
  findRequestByOffer,
  updateQuoted,
  type BookingRequestRow,
} from '../../db/booking-requests.repository.js';
import { ticketingPathOf, type BookingRow } from '../../db/bookings.repository.js';
import type { ProviderChannel } from '../../providers/airline-provider.js';
import type { FormOfPayment } from '../channels/channel-state.js';
import { DomainError, throwAll, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { bookingFor } from './booking-access.js';
import { fromAirlineOrder } from './booking-airline-errors.js';
import type { BookingDeps } from './booking-deps.js';
import { recordHistory } from './booking-history.js';
import { agencyFeeMinor } from './booking-payment.js';
import {
  alternativeView,
  notConfirmable,
  insertNewRequest,
  offersOf,
  quotedRequest,
  requireIssued,
  sameFlights,
  storedOffer,
  type ChangeAlternative,
} from './booking-request.js';
import type { BookingSegment } from './booking.js';

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

export const notIssuedHint = 'Change the flights of a held booking by cancelling and booking again.';

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
export async function exchangeFee(
  deps: BookingDeps,
  row: BookingRow,
): Promise<{ form: FormOfPayment; feeMinor: number }> {
  const path = await ticketingPathOf(deps.db, row.agency_id, row.company_id, row.channel_id);
  const form = path?.form_of_payment ?? row.form_of_payment ?? 'bsp_cash';
  return {
    form,
    feeMinor: form === 'company_balance' ? await agencyFeeMinor(deps.db, row, 'exchange', deps.clock.now()) : 0,
  };
}

/** A journey as the agent knows it, by its airports ("WAW–FRA"), not by its index in the booking. */
function journeyRoute(row: BookingRow, originDestination: number): string {
  const segments = (row.segments as BookingSegment[]).filter((s) => s.origin_destination === originDestination);
  return segments.length ? `${segments[0]!.origin}–${segments.at(-1)!.destination}` : `#${originDestination + 1}`;
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
  deps: BookingDeps,
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
  deps: BookingDeps,
  principal: Principal,
  input: { locator: string; journeys: JourneyChange[] },
): Promise<FlightsChangeRequest> {
  return requestChangeOf(
    deps,
    await bookingFor(deps.db, principal, input.locator),
    input.journeys,
    principal.accountId,
  );
}

/** A flight change request of a booking already in reach; `accountId` null for the system. */
export async function requestChangeOf(
  deps: BookingDeps,
  row: BookingRow,
  journeys: readonly JourneyChange[],
  accountId: string | null,
): Promise<FlightsChangeRequest> {
  const { db, clock } = deps;
  const input = { journeys };
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
    { accountId, at },
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
      actorAccountId: accountId,
      at,
      detail:
        `${stored.length} alternative(s) for ` +
        input.journeys.map((j) => `${journeyRoute(row, j.origin_destination)} on ${j.date}`).join(', ') +
        '.',
    });
  });
  return changeView(request, row);
}

/** `POST /orders/{locator}/reshop_offers/price`: one alternative asked of the airline again. */
export async function priceChangeOffer(
  deps: BookingDeps,
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

/**
 * One alternative of a quoted flights change request of a booking already in reach, as the customer
 * sees it (support offers it for the agent's consent); 404 when it is not this booking's.
 */
export async function changeAlternativeOf(
  deps: Pick<BookingDeps, 'db'>,
  row: BookingRow,
  requestId: string,
  offerId: string,
): Promise<ChangeAlternative> {
  const request = await findRequest(deps.db, row.id, requestId, 'change');
  if (!request) throw notFound('flights change request of this booking');
  const offer = offersOf(request).find((o) => o.offer_id === offerId);
  if (!offer) throw notFound('alternative of this flights change request');
  if (request.status !== 'quoted') throw notConfirmable(request.status);
  return alternativeView(offer, row);
}
