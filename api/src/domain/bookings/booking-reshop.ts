// Re-pricing a booking with the airline (OrderReshop Reprice): a price check that changes nothing
// (its offer is kept so it can be taken later), and the reshop of a held booking, which rebooks the
// same flights at what the airline asks now — a cheaper class it opened is taken, a dearer price
// only with consent. Ticketed bookings change through flight change requests instead.
import { orderRefOf } from './booking-order-ref.js';
import { findRequestByOffer, updateQuoted } from '../../db/booking-requests.repository.js';
import { findBookingByLocator, updateInStatus, type BookingRow } from '../../db/bookings.repository.js';
import type { ProviderChannel, ProviderOrder } from '../../providers/airline-provider.js';
import { DomainError, notFound } from '../errors.js';
import { fromMinor, toMinor, type Money } from '../../money.js';
import type { Principal } from '../principal.js';
import { bookingFor } from './booking-access.js';
import { fromAirlineOrder } from './booking-airline-errors.js';
import { recordHistory } from './booking-history.js';
import type { BookingDeps } from './booking-deps.js';
import {
  insertNewRequest,
  notConfirmable,
  offersOf,
  quotedRequest,
  storedOffer,
  type StoredOffer,
} from './booking-request.js';
import {
  bookingView,
  effectiveStatus,
  orderFacts,
  type Booking,
  type BookingSegment,
  type StoredFares,
} from './booking.js';

export interface PriceCheck {
  locator: string;
  price: Money;
  new_price: Money;
  difference: Money;
  price_changed: boolean;
  offer_id: string;
  expires_at: string;
}

/** What the airline asks now for the same flights, as an offer kept for this booking. */
async function currentOffer(deps: BookingDeps, channel: ProviderChannel, row: BookingRow): Promise<StoredOffer> {
  const [offer] = await fromAirlineOrder(deps.provider.reshopOrder(channel, orderRefOf(row), { type: 'reprice' }));
  if (!offer) throw new DomainError('airline_error', `${row.carrier}: the airline gave no price for the booking.`);
  return storedOffer(offer, 0);
}

/**
 * Takes the airline's current price for a held booking: cheaper is taken, the same changes nothing
 * (null), dearer is refused (`price_increased`) unless accepted. Answers the airline's order after.
 */
export async function takeCurrentPrice(
  deps: BookingDeps,
  channel: ProviderChannel,
  row: BookingRow,
  options: { acceptIncrease: boolean; offer?: StoredOffer },
): Promise<{ order: ProviderOrder; offer: StoredOffer } | null> {
  const offer = options.offer ?? (await currentOffer(deps, channel, row));
  const difference = toMinor(offer.difference);
  if (difference > 0 && !options.acceptIncrease)
    throw new DomainError(
      'price_increased',
      `The airline now asks ${offer.airline_total} ${row.currency.trim()} instead of ${row.airline_total}.`,
    );
  if (difference === 0 && sameClasses(offer.segments, row.segments as BookingSegment[])) return null;
  const order = await fromAirlineOrder(
    deps.provider.changeOrder(channel, orderRefOf(row), offer.airline_offer_id, null),
  );
  return { order, offer };
}

const sameClasses = (a: readonly BookingSegment[], b: readonly BookingSegment[]) =>
  a.length === b.length &&
  a.every((s, i) => s.flight_id === b[i]!.flight_id && s.booking_class === b[i]!.booking_class);

/** `POST /bookings/reprice`: the price now beside the booking's, changing nothing. */
export async function repriceBooking(deps: BookingDeps, principal: Principal, locator: string): Promise<PriceCheck> {
  const { db, clock } = deps;
  const row = await bookingFor(db, principal, locator);
  const status = effectiveStatus(row, clock.now());
  if (status === 'issuing') throw new DomainError('booking_being_issued');
  if (status !== 'new' && status !== 'issued') throw new DomainError('booking_closed', `The booking is ${status}.`);
  const offer = await currentOffer(deps, (await deps.channels.forBooking(row)).channel, row);
  const at = clock.now();
  await insertNewRequest(
    db,
    quotedRequest(
      row,
      'reprice',
      { accountId: principal.accountId, at },
      {
        offers: [offer],
        expires_at: new Date(offer.expires_at),
      },
    ),
  );
  const currency = row.currency.trim();
  const markup = toMinor(row.markup_total);
  const difference = toMinor(offer.difference);
  return {
    locator: row.locator,
    price: { amount: fromMinor(toMinor(row.airline_total) + markup), currency },
    new_price: { amount: fromMinor(toMinor(offer.airline_total) + markup), currency },
    difference: { amount: fromMinor(difference), currency },
    price_changed: difference !== 0,
    offer_id: offer.offer_id,
    expires_at: offer.expires_at,
  };
}

/** `POST /bookings/reshop`: a held booking rebooked at the current price. */
export async function reshopBooking(
  deps: BookingDeps,
  principal: Principal,
  input: { locator: string; offer_id?: string; accept_price_increase?: boolean },
): Promise<Booking> {
  const { db, clock } = deps;
  const row = await bookingFor(db, principal, input.locator);
  const status = effectiveStatus(row, clock.now());
  if (status === 'issued')
    throw new DomainError(
      'booking_already_issued',
      `A ticketed booking changes through a flight change request: POST /orders/${row.locator}/flights_change_requests/create.`,
    );
  if (status === 'issuing') throw new DomainError('booking_being_issued');
  if (status === 'expired') throw new DomainError('booking_time_limit_passed');
  if (status !== 'new') throw new DomainError('booking_closed', `The booking is ${status}.`);

  let kept: { requestId: string; offer: StoredOffer } | undefined;
  if (input.offer_id) {
    const request = await findRequestByOffer(db, row.id, input.offer_id, 'reprice');
    const offer = request && offersOf(request).find((o) => o.offer_id === input.offer_id);
    if (!request || !offer) throw notFound('re-price offer of this booking');
    if (request.status !== 'quoted') throw notConfirmable(request.status);
    if (new Date(offer.expires_at) <= clock.now())
      throw new DomainError('reshop_offer_expired', `The offer expired at ${offer.expires_at}; re-price again.`);
    kept = { requestId: request.id, offer };
  }
  const taken = await takeCurrentPrice(deps, (await deps.channels.forBooking(row)).channel, row, {
    acceptIncrease: input.accept_price_increase === true,
    offer: kept?.offer,
  });
  if (!taken) return bookingView(row, clock.now());

  const { order } = taken;
  const fares = row.fares as StoredFares;
  const classesOf = (segments: readonly BookingSegment[]) => segments.map((s) => s.booking_class).join(' ');
  await db.transaction().execute(async (trx) => {
    const at = clock.now();
    const facts = orderFacts(order);
    const changed = await updateInStatus(trx, row.id, 'new', {
      ...facts,
      airline_total: order.total.amount,
      fares: JSON.stringify({ airline: order.fares, markupByType: fares.markupByType } satisfies StoredFares),
      error: null,
      updated_at: at,
    });
    if (!changed) throw new DomainError('booking_closed', 'The booking changed while it was being reshopped.');
    if (kept) await updateQuoted(trx, kept.requestId, { status: 'confirmed', confirmed_at: at, updated_at: at });
    const before = toMinor(row.airline_total) + toMinor(row.markup_total);
    const after = toMinor(order.total.amount) + toMinor(row.markup_total);
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'reshopped',
      actorAccountId: principal.accountId,
      at,
      detail:
        `Price ${fromMinor(before)} → ${fromMinor(after)} ${row.currency.trim()}; ` +
        `classes ${classesOf(row.segments as BookingSegment[])} → ${classesOf(JSON.parse(facts.segments) as BookingSegment[])}.`,
      airlineAnswer: order.warnings.map((w) => w.message).join(' ') || null,
    });
  });
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}
