// Ancillaries of a booking: what the airline offers for it now, and adding services and
// seats. Before issue the airline prices them into the order (they are paid with the tickets).
// After issue they become EMDs: the request is one row, written with the company balance debit in
// one transaction, and a worker job issues them exactly once (booking-emd-issue.ts).
import { orderRefOf } from './booking-order-ref.js';
import { findBookingByLocator, updateInStatus, type BookingRow } from '../../db/bookings.repository.js';
import {
  appendRequestedAncillaries,
  findEmdClaims,
  insertEmdClaims,
  insertEmdRequest,
} from '../../db/emd-requests.repository.js';
import type { JobProducer } from '../job-producer.js';
import { ProviderError, type ProviderChannel, type ProviderOrder } from '../../providers/airline-provider.js';
import { DomainError, throwAll } from '../errors.js';
import { newId } from '../ids.js';
import { fromMinor } from '../../money.js';
import { seatMapsView, type AncillaryList, type AncillaryType } from '../offers/offer-details.service.js';
import type { Principal } from '../principal.js';
import { bookingFor } from './booking-access.js';
import {
  itemKey,
  onOrder,
  requestedView,
  resolveItems,
  totalMinor,
  type AncillaryInput,
  type ResolvedItem,
} from './booking-ancillary-items.js';
import { asDomainError, fromAirlineOrder } from './booking-airline-errors.js';
import { recordHistory } from './booking-history.js';
import { takeBooking } from './booking-intents.js';
import type { BookingDeps } from './booking-deps.js';
import { notIssuable } from './booking-issue.js';
import { agencyFeeMinor, debitForEmds, emdDebit } from './booking-payment.js';
import {
  bookingView,
  effectiveStatus,
  orderFacts,
  type Booking,
  type BookingPassenger,
  type BookingSegment,
} from './booking.js';

export interface AncillaryDeps extends BookingDeps {
  jobs: Pick<JobProducer, 'enqueueEmdIssue'>;
}

export interface BookingAncillaryList {
  locator: string;
  type: AncillaryType;
  services: {
    id: string;
    type: 'bags' | 'other';
    code: string;
    name: string;
    rfic: string;
    rfisc: string;
    weight_kg: number | null;
    origin_destination: number;
    flight_id: string | null;
    passenger_ids: string[];
    price: { amount: string; currency: string };
  }[];
  seat_maps: AncillaryList['seat_maps'];
}

/** A booking takes ancillaries while held or issued; anything else says why not. */
function openFor(row: BookingRow, now: Date): 'new' | 'issued' {
  const status = effectiveStatus(row, now);
  if (status === 'new' || status === 'issued') return status;
  throw notIssuable(status);
}

export async function listBookingAncillaries(
  deps: BookingDeps,
  principal: Principal,
  locator: string,
  type: AncillaryType,
): Promise<BookingAncillaryList> {
  const row = await bookingFor(deps.db, principal, locator);
  openFor(row, deps.clock.now());
  const channel = (await deps.channels.forBooking(row)).channel;
  if (type === 'seats') {
    const maps = await fromAirlineOrder(deps.provider.orderSeats(channel, orderRefOf(row)));
    return { locator, type, services: [], seat_maps: seatMapsView(maps) };
  }
  const passengers = row.passengers as BookingPassenger[];
  const services = await fromAirlineOrder(deps.provider.orderServices(channel, orderRefOf(row)));
  return {
    locator,
    type,
    services: services
      .filter((s) => s.kind === type)
      .map((s) => ({
        id: s.id,
        type: s.kind,
        code: s.code,
        name: s.name,
        rfic: s.rfic,
        rfisc: s.rfisc,
        weight_kg: s.weightKg,
        origin_destination: Math.max(0, s.journeyIndex),
        flight_id: s.segmentId,
        passenger_ids: passengers.filter((p) => s.passengerTypes.includes(p.type)).map((p) => p.id),
        price: s.price,
      })),
    seat_maps: [],
  };
}

export async function addBookingAncillaries(
  deps: AncillaryDeps,
  principal: Principal,
  locator: string,
  items: readonly AncillaryInput[],
): Promise<{ booking: Booking; emdsFollow: boolean }> {
  const { db, clock, provider } = deps;
  const row = await bookingFor(db, principal, locator);
  const status = openFor(row, clock.now());
  const channel = (await deps.channels.forBooking(row)).channel;
  const wantsSeats = items.some((i) => 'seat' in i);
  const wantsServices = items.some((i) => 'service_id' in i);
  const [order, services, seatMaps] = await fromAirlineOrder(
    Promise.all([
      provider.retrieveOrder(channel, orderRefOf(row)),
      wantsServices ? provider.orderServices(channel, orderRefOf(row)) : Promise.resolve([]),
      wantsSeats ? provider.orderSeats(channel, orderRefOf(row)) : Promise.resolve([]),
    ]),
  );
  const resolved = resolveItems(
    items,
    {
      passengers: row.passengers as BookingPassenger[],
      segments: row.segments as BookingSegment[],
      currency: row.currency.trim(),
    },
    { services, seatMaps },
  );
  const present = (item: ResolvedItem) => onOrder(item, order) !== undefined;
  if (status === 'new') {
    refuseAlreadyAdded(resolved, present);
    return { booking: await addBeforeIssue(deps, principal, row, channel, resolved), emdsFollow: false };
  }
  return { booking: await requestEmds(deps, principal, row, resolved, present), emdsFollow: true };
}

/** `ancillary_already_added` for every item the airline already has (or is issuing), by its place in the request. */
function refuseAlreadyAdded(items: readonly ResolvedItem[], present: (item: ResolvedItem) => boolean) {
  const problems = items.flatMap((item, i) =>
    present(item)
      ? [
          new DomainError('ancillary_already_added', `${item.name} is already on the booking.`, {
            pointer: `/items/${i}`,
          }),
        ]
      : [],
  );
  throwAll(problems);
}

/** Before issue: the airline prices the items into the order, and the booking takes the new total. */
async function addBeforeIssue(
  deps: BookingDeps,
  principal: Principal,
  row: BookingRow,
  channel: ProviderChannel,
  items: readonly ResolvedItem[],
): Promise<Booking> {
  const { db, clock } = deps;
  let order: ProviderOrder;
  try {
    order = await deps.provider.addServices(
      channel,
      orderRefOf(row),
      items.map((i) => i.request),
      null,
    );
  } catch (error) {
    if (
      error instanceof ProviderError &&
      ['service_not_found', 'seat_unavailable', 'passenger_mismatch'].includes(error.kind)
    )
      throw new DomainError('ancillary_invalid', `${error.carrier}: ${error.airlineMessage}`);
    throw asDomainError(error);
  }
  await db.transaction().execute(async (trx) => {
    const at = clock.now();
    const changed = await updateInStatus(trx, row.id, 'new', {
      ...orderFacts(order),
      airline_total: order.total.amount,
      error: null,
      updated_at: at,
    });
    if (!changed) throw new DomainError('booking_being_issued', 'The booking changed while the services were added.');
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'ancillaries_added',
      actorAccountId: principal.accountId,
      at,
      detail: `${items.map((i) => `${i.name} (${i.passengerId})`).join(', ')}; the airline now asks ${order.total.amount} ${order.total.currency}.`,
      airlineAnswer: order.warnings.map((w) => w.message).join(' ') || null,
    });
  });
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}

/**
 * After issue: one request row, the claim of each item (one EMD per booking × passenger × service),
 * the balance debit (when the channel pays from a company balance) and the items shown pending, in
 * one transaction under the booking's lock. A repeat of items already claimed gets the existing
 * request (the same answer, no second debit); the airline's order is read before the lock and may
 * lag a running job, so the claims, not the order, decide.
 */
async function requestEmds(
  deps: AncillaryDeps,
  principal: Principal,
  row: BookingRow,
  items: readonly ResolvedItem[],
  onTheOrder: (item: ResolvedItem) => boolean,
): Promise<Booking> {
  const { db, clock } = deps;
  const amountMinor = totalMinor(items);
  const byBalance = row.form_of_payment === 'company_balance';
  const feeMinor = byBalance ? await agencyFeeMinor(db, row, 'emd', clock.now()) : 0;
  const requestId = newId('emr');
  const repeat = await db.transaction().execute(async (trx) => {
    const at = clock.now();
    // Lock order: the booking row (no airline operation of it may be open), then the company balance
    // row (the debit, last, so it is held only until COMMIT).
    const now = await takeBooking(trx, row.id, null, null, (now) => {
      if (now.status !== 'issued') throw notIssuable(now.status);
    });
    const claims = await findEmdClaims(trx, row.id);
    if (items.every((item) => claims.has(itemKey(item)))) return true;
    refuseAlreadyAdded(items, (item) => claims.has(itemKey(item)) || onTheOrder(item));
    const debit = byBalance && amountMinor + feeMinor > 0 ? emdDebit({ amountMinor, feeMinor }) : null;
    await insertEmdRequest(trx, {
      id: requestId,
      booking_id: row.id,
      items,
      amount: fromMinor(amountMinor),
      currency: row.currency.trim(),
      balance_debit: debit,
      status: 'queued',
      requested_by: principal.accountId,
      created_at: at,
      updated_at: at,
      next_check_at: at,
    });
    await insertEmdClaims(
      trx,
      row.id,
      requestId,
      items.map((item) => ({ passengerId: item.passengerId, key: itemKey(item) })),
      at,
    );
    await appendRequestedAncillaries(trx, row.id, requestedView(requestId, items), at);
    await recordHistory(trx, {
      bookingId: row.id,
      action: 'emds_requested',
      actorAccountId: principal.accountId,
      at,
      detail: `${items.map((i) => `${i.name} (${i.passengerId})`).join(', ')}: ${fromMinor(amountMinor)} ${row.currency.trim()}${debit ? `, ${debit} taken from the company balance` : ''}.`,
    });
    if (debit) await debitForEmds(trx, now, { amountMinor, feeMinor, actorAccountId: principal.accountId, at });
    return false;
  });
  if (repeat) return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
  // The row is the truth: if Redis is away, the sweeper enqueues it later.
  await deps.jobs.enqueueEmdIssue(requestId, 0).catch(() => undefined);
  return bookingView((await findBookingByLocator(db, row.locator))!, clock.now());
}
