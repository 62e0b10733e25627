// Accepting a cheaper fare for a held booking: "rebook and release". The new offer is booked as a
// new airline order (same passengers and contacts), its time limit is checked against the old one,
// the old hold's ancillaries are added to it (fare-watch-ancillaries.ts), and only then is the old
// hold cancelled; the booking keeps its locator, comments and history and
// points at the new order from then on.
//
// Exactly once, however many people, tokens and auto-applying workers accept at once: the accept is
// claimed (open -> accepting) and the `rebook` airline intent written in one transaction under the
// booking's row lock, before any airline call; every other accept finds the opportunity decided
// (409). The opportunity's `stage` says how far the rebook got, so a process that dies or loses an
// answer leaves enough for the reconciler: nothing booked yet (or not known) -> rolled back, the
// old hold stays; booked, time limit not yet agreed -> the new order is cancelled; releasing -> the
// old hold is cancelled and the rebook finished. Either way the agency keeps exactly one booking.
// A held booking moves no money, so there is no balance effect to double.
//
// Lock order: the booking row, then the opportunity row (no balance row: a hold moves no money).
import { closeIntent, markIntentUnknown, noteIntentAttempt } from '../../db/airline-intents.repository.js';
import { lockBookingRow, updateInStatus, type BookingRow } from '../../db/bookings.repository.js';
import { findOpportunity, updateOpportunity, type OpportunityRow } from '../../db/fare-watch.repository.js';
import type { ProviderChannel, ProviderOrder } from '../../providers/airline-provider.js';
import { asDomainError, outcomeUnknown, refusalText } from '../bookings/booking-airline-errors.js';
import { retrieveQuietly, type BookingDeps } from '../bookings/booking-deps.js';
import { recordBookingEvent } from '../bookings/booking-events.js';
import { recordHistory } from '../bookings/booking-history.js';
import { writeIntent } from '../bookings/booking-intents.js';
import { orderRefOf } from '../bookings/booking-order-ref.js';
import {
  orderFacts,
  passengerInputOf,
  passengersOf,
  searchTextOf,
  type BookingPassenger,
  type StoredFares,
} from '../bookings/booking.js';
import { DomainError } from '../errors.js';
import { bookingFacts, carriesAncillaries, carryOver } from './fare-watch-ancillaries.js';
import { lockOpenOpportunity } from './fare-watch-claim.js';
import { eventDetailOf } from './fare-watch-views.js';

export interface Accepter {
  /** Null when Fare Watch applies it on its own (the agency's auto-apply). */
  accountId: string | null;
}

/** What the opportunity stored of the booking as it was when the fare was found. */
export interface OriginalRef {
  airline_locator: string;
}

/** Claims the accept and writes the rebook intent; answers the locked booking row. */
async function claimAccept(deps: BookingDeps, opp: OpportunityRow, by: Accepter): Promise<BookingRow> {
  const { db, clock } = deps;
  const claimed = await db.transaction().execute(async (trx): Promise<BookingRow | DomainError> => {
    const at = clock.now();
    // Lock order: the booking row, then the opportunity row (lockOpenOpportunity).
    const open = await lockOpenOpportunity(
      trx,
      opp,
      at,
      (row, status, now) => status === 'new' && row.airline_locator === (now.original as OriginalRef).airline_locator,
    );
    if (open instanceof DomainError) return open;
    const { row } = open;
    await updateOpportunity(trx, opp.id, ['open'], {
      status: 'accepting',
      stage: 'booking',
      claimed_at: at,
      decided_by: by.accountId,
      decided_at: at,
      updated_at: at,
    });
    // One open airline operation per booking: an issue or cancel in flight makes this lose here.
    await writeIntent(trx, row, { operation: 'rebook', requestId: opp.id, at });
    return row;
  });
  if (claimed instanceof DomainError) throw claimed;
  return claimed;
}

/** Rebooks and releases; answers the opportunity as it ended. */
export async function acceptOpportunity(
  deps: BookingDeps,
  opp: OpportunityRow,
  by: Accepter,
  options: { acceptEarlierTimeLimit: boolean },
): Promise<OpportunityRow> {
  const { provider, clock, db } = deps;
  const row = await claimAccept(deps, opp, by);
  const { channel } = await deps.channels.forBooking(row);

  // 1. Book the new offer, sent once: a lost answer leaves the intent unknown for the reconciler.
  let booked: ProviderOrder;
  try {
    booked = await provider.createOrder(channel, {
      offerId: opp.airline_offer_id,
      sellerReference: row.id,
      passengers: passengersOf(row.passengers).map(passengerInputOf),
      contact: row.contacts as { email: string; phone: string },
      // The new order carries the corporate number the booking was made with.
      ...(row.corporate_number ? { corporateNumber: row.corporate_number } : {}),
    });
  } catch (error) {
    const text = refusalText(asDomainError(error));
    if (outcomeUnknown(error)) await markIntentUnknown(db, row.id, 'rebook', text, clock.now());
    else await rollBack(deps, opp.id, row.id, 'failed', `The airline refused the new booking: ${text}`);
    throw asDomainError(error);
  }
  await noteIntentAttempt(db, row.id, 'rebook', booked.orderId, clock.now());
  await updateOpportunity(db, opp.id, ['accepting'], {
    stage: 'booked',
    new_airline_locator: booked.orderId,
    updated_at: clock.now(),
  });

  // 2. The new hold must last as long as the old one, unless the agency takes the earlier limit.
  if (earlierLimit(row, booked) && !options.acceptEarlierTimeLimit) {
    await releaseNew(deps, channel, row, booked.orderId);
    await rollBack(deps, opp.id, row.id, 'open', null);
    throw new DomainError(
      'fare_watch_time_limit_earlier',
      `The new booking must be paid by ${booked.paymentTimeLimit ?? 'now'}, the booking by ${row.time_limit?.toISOString()}.`,
    );
  }

  // 2b. The hold's ancillaries, carried to the new order; one it cannot have undoes the rebook.
  const carried = await carryAncillaries(deps, channel, row, booked);
  if (carried instanceof DomainError) {
    await releaseNew(deps, channel, row, booked.orderId);
    await rollBack(deps, opp.id, row.id, 'failed', carried.detail ?? null);
    throw carried;
  }
  booked = carried;

  // 3. Only then release the old hold.
  await updateOpportunity(db, opp.id, ['accepting'], { stage: 'releasing', updated_at: clock.now() });
  await releaseOld(deps, channel, row);
  await finishRebook(deps, opp.id, row.id, booked);
  return (await findOpportunity(db, opp.id))!;
}

/**
 * Adds the old hold's services and seats to the new order (priced into it, as on the old one);
 * answers the new order as it is then, or why it could not have them.
 */
async function carryAncillaries(
  deps: BookingDeps,
  channel: ProviderChannel,
  row: BookingRow,
  booked: ProviderOrder,
): Promise<ProviderOrder | DomainError> {
  const old = await deps.provider.retrieveOrder(channel, orderRefOf(row));
  if (!carriesAncillaries(old)) return booked;
  const newRef = { orderId: booked.orderId, sellerReference: row.id };
  const [services, seatMaps] = await Promise.all([
    deps.provider.orderServices(channel, newRef),
    deps.provider.orderSeats(channel, newRef),
  ]);
  const carried = carryOver(old, bookingFacts(row), { services, seatMaps });
  if ('refusal' in carried) return new DomainError('fare_watch_ancillaries_not_carried', carried.refusal);
  try {
    return await deps.provider.addServices(channel, newRef, carried.requests, null);
  } catch (error) {
    return new DomainError('fare_watch_ancillaries_not_carried', refusalText(asDomainError(error)));
  }
}

function earlierLimit(row: BookingRow, booked: ProviderOrder): boolean {
  if (!row.time_limit) return false;
  if (!booked.paymentTimeLimit) return true;
  return new Date(booked.paymentTimeLimit) < row.time_limit;
}

/** Cancels the new order the rebook made (its time limit was refused, or the rebook is undone). */
async function releaseNew(deps: BookingDeps, channel: ProviderChannel, row: BookingRow, newLocator: string) {
  try {
    await deps.provider.cancelOrder(channel, { orderId: newLocator, sellerReference: row.id });
  } catch (error) {
    const seen = await retrieveQuietly(deps.provider, channel, { orderId: newLocator, sellerReference: row.id });
    if (seen && seen.status !== 'held') return;
    await markIntentUnknown(deps.db, row.id, 'rebook', refusalText(asDomainError(error)), deps.clock.now());
    throw asDomainError(error);
  }
}

/** Cancels the old hold; an answer lost (or a refusal) with the hold still there is the reconciler's. */
async function releaseOld(deps: BookingDeps, channel: ProviderChannel, row: BookingRow) {
  try {
    await deps.provider.cancelOrder(channel, orderRefOf(row));
  } catch (error) {
    const seen = await retrieveQuietly(deps.provider, channel, orderRefOf(row));
    if (seen && seen.status !== 'held') return;
    await markIntentUnknown(deps.db, row.id, 'rebook', refusalText(asDomainError(error)), deps.clock.now());
    throw asDomainError(error);
  }
}

/** The rebook undone: the intent closes, the opportunity is open again or failed; the booking is as it was. */
async function rollBack(
  deps: BookingDeps,
  oppId: string,
  bookingId: string,
  to: 'open' | 'failed',
  detail: string | null,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row, then the opportunity row.
    await lockBookingRow(trx, bookingId);
    const closed = await closeIntent(trx, bookingId, 'rebook', to === 'open' ? 'rolled_back' : 'failed', detail, at);
    await updateOpportunity(trx, oppId, ['accepting'], {
      status: to,
      stage: null,
      new_airline_locator: null,
      claimed_at: null,
      ...(to === 'open' ? { decided_by: null, decided_at: null } : {}),
      detail,
      updated_at: at,
    });
    return closed;
  });
}

/**
 * Records the rebook: the booking points at the new order with its fare and time limit, the intent
 * closes, the opportunity is accepted, and `booking.rebooked_cheaper` is raised. False when it was
 * recorded before (the reconciler and the request finish once between them).
 */
export async function finishRebook(
  deps: BookingDeps,
  oppId: string,
  bookingId: string,
  order: ProviderOrder,
): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row, then the opportunity row.
    const row = await lockBookingRow(trx, bookingId);
    if (!row) return false;
    const mine = await updateOpportunity(trx, oppId, ['accepting'], {
      status: 'accepted',
      stage: null,
      detail: `Rebooked as ${order.orderId}; ${row.airline_locator} released.`,
      updated_at: at,
    });
    if (!mine) return false;
    const fares = row.fares as StoredFares;
    const changed = await updateInStatus(trx, row.id, 'new', {
      ...orderFacts(order),
      airline_locator: order.orderId,
      search_text: searchTextOf(row.locator, order.orderId, row.passengers as BookingPassenger[]),
      airline_total: order.total.amount,
      fares: JSON.stringify({ airline: order.fares, markupByType: fares.markupByType } satisfies StoredFares),
      error: null,
      updated_at: at,
    });
    await closeIntent(trx, row.id, 'rebook', changed ? 'succeeded' : 'failed', null, at);
    if (!changed) return false;
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'rebooked_cheaper',
      actorAccountId: null,
      at,
      detail: `Fare Watch: rebooked from ${row.airline_total} to ${order.total.amount} ${row.currency.trim()} as airline order ${order.orderId}; the hold ${row.airline_locator} was released.`,
    });
    const opp = (await findOpportunity(trx, oppId))!;
    await recordBookingEvent(trx, 'booking.rebooked_cheaper', row.id, at, { fareWatch: eventDetailOf(opp) });
    return true;
  });
}

/**
 * The reconciler's part: a rebook left open (its process died, an answer was lost), settled from
 * the airline's orders as they are now. Answers what it did, or `waiting` when the airline cannot say.
 */
export async function settleStaleRebook(
  deps: BookingDeps,
  row: BookingRow,
  oppId: string | null,
): Promise<'finished' | 'rolled_back' | 'waiting'> {
  const opp = oppId ? await findOpportunity(deps.db, oppId) : undefined;
  if (!opp || opp.status !== 'accepting') {
    await closeIntent(deps.db, row.id, 'rebook', 'failed', 'Settled before.', deps.clock.now());
    return 'rolled_back';
  }
  const { channel } = await deps.channels.forBooking(row);
  const newRef = opp.new_airline_locator ? { orderId: opp.new_airline_locator, sellerReference: row.id } : null;
  if (!newRef || opp.stage === 'booking') {
    // Nothing known to be booked: the old hold is the booking. (A new order whose answer was lost
    // is unknown to us and lapses at its own time limit.)
    await rollBack(deps, opp.id, row.id, 'failed', 'The rebook did not finish; the booking is as it was.');
    return 'rolled_back';
  }
  const newOrder = await retrieveQuietly(deps.provider, channel, newRef);
  if (!newOrder) return 'waiting';
  if (opp.stage === 'booked' || newOrder.status !== 'held') {
    // The time limit was never agreed (or the new hold is gone): undo, keeping the old hold.
    if (newOrder.status === 'held') await releaseNew(deps, channel, row, newRef.orderId);
    await rollBack(deps, opp.id, row.id, 'failed', 'The rebook did not finish; the booking is as it was.');
    return 'rolled_back';
  }
  // Releasing: the new hold is agreed; release the old one (if still held) and finish.
  await releaseOld(deps, channel, row);
  return (await finishRebook(deps, opp.id, row.id, newOrder)) ? 'finished' : 'waiting';
}
