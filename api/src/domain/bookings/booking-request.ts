// What refund, flight change and re-price requests share: the airline's offers as a booking keeps
// them (our own offer ids, the airline's behind them), how an offer reads on the wire with the
// booking's markup, and the confirm claim (quoted -> confirming, one request of a booking at a time).
import { orderRefOf } from './booking-order-ref.js';
import {
  claimRequest,
  findConfirming,
  findRequest,
  insertRequest,
  updateClaimedRequest,
  type BookingRequestRow,
} from '../../db/booking-requests.repository.js';
import { closeIntent, markIntentUnknown } from '../../db/airline-intents.repository.js';
import { lockBookingRow, setBookingError, type BookingRow } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import type { ProviderChannel, ProviderOrder, ReshopOffer } from '../../providers/airline-provider.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import { asDomainError, outcomeUnknown, refusalText } from './booking-airline-errors.js';
import { recordHistory } from './booking-history.js';
import { retrieveQuietly, type BookingDeps } from './booking-deps.js';
import { giveBack } from './booking-payment.js';
import { newId } from '../ids.js';
import { fromMinor, toMinor, type Money } from '../../money.js';
import { effectiveStatus, segmentsOf, type BookingSegment } from './booking.js';

/**
 * A new quoted request of `kind` for the booking, in the booking's currency; what `fields` does
 * not give (what its kind has no use for) is empty.
 */
export function quotedRequest(
  row: BookingRow,
  kind: BookingRequestRow['kind'],
  by: { accountId: string | null; at: Date },
  fields: Partial<BookingRequestRow>,
): BookingRequestRow {
  return {
    id: newId('brq'),
    booking_id: row.id,
    kind,
    status: 'quoted',
    airline_quote_id: null,
    refund_amount: null,
    penalty_amount: null,
    fee_amount: null,
    refund_to: null,
    currency: row.currency.trim(),
    journeys: null,
    offers: [],
    chosen_offer_id: null,
    balance_debit: null,
    expires_at: null,
    attempt_id: null,
    error: null,
    created_by: by.accountId,
    created_at: by.at,
    updated_at: by.at,
    confirming_started_at: null,
    confirmed_at: null,
    ...fields,
  };
}

/** Stores a new request, its journeys and offers as the JSON they are kept as. */
export function insertNewRequest(db: Db, request: BookingRequestRow): Promise<void> {
  return insertRequest(db, {
    ...request,
    journeys: request.journeys === null ? null : JSON.stringify(request.journeys),
    offers: JSON.stringify(request.offers),
  });
}

/** One airline offer as a request keeps it. Amounts are the airline's, in the booking's currency. */
export interface StoredOffer {
  offer_id: string;
  airline_offer_id: string;
  segments: BookingSegment[];
  airline_total: string;
  difference: string;
  penalty: string;
  airline_due: string;
  /** The agency's fee for confirming it (exchange fee when a company balance pays). */
  fee: string;
  expires_at: string;
}

export interface ChangeAlternative {
  offer_id: string;
  segments: BookingSegment[];
  new_price: Money;
  price_difference: Money;
  penalty: Money;
  fee: Money;
  total_due: Money;
  /** What the airline gives back when the new flights are cheaper. */
  residual: Money;
  expires_at: string;
}

export function storedOffer(offer: ReshopOffer, feeMinor: number, offerId = newId('rsh')): StoredOffer {
  return {
    offer_id: offerId,
    airline_offer_id: offer.offerId,
    segments: segmentsOf(offer.journeys, offer.bookingClasses),
    airline_total: offer.newTotal.amount,
    difference: offer.difference.amount,
    penalty: offer.penalty.amount,
    airline_due: offer.totalDue.amount,
    fee: fromMinor(feeMinor),
    expires_at: offer.expiresAt,
  };
}

export const offersOf = (request: BookingRequestRow) => request.offers as StoredOffer[];

/** An offer as the customer sees it: the booking's markup on the price, the agency's fee in what is due. */
export function alternativeView(offer: StoredOffer, booking: BookingRow): ChangeAlternative {
  const currency = booking.currency.trim();
  const m = (minor: number): Money => ({ amount: fromMinor(minor), currency });
  return {
    offer_id: offer.offer_id,
    segments: offer.segments,
    new_price: m(toMinor(offer.airline_total) + toMinor(booking.markup_total)),
    price_difference: m(toMinor(offer.difference)),
    penalty: m(toMinor(offer.penalty)),
    fee: m(toMinor(offer.fee)),
    total_due: m(toMinor(offer.airline_due) + toMinor(offer.fee)),
    residual: m(residualMinor(offer)),
    expires_at: offer.expires_at,
  };
}

/** What the airline gives back when the new flights cost less than the old ones. */
export const residualMinor = (offer: StoredOffer) => Math.max(0, -toMinor(offer.difference));

/** The same flights (classes may differ): how an offer priced again is found among new ones. */
export const sameFlights = (a: readonly BookingSegment[], b: readonly BookingSegment[]) =>
  a.length === b.length && a.every((s, i) => s.flight_id === b[i]!.flight_id);

/** Why a request cannot be confirmed (or priced again) in this status. */
export function notConfirmable(status: BookingRequestRow['status']): DomainError {
  if (status === 'confirming') return new DomainError('change_in_progress');
  if (status === 'confirmed') return new DomainError('request_already_confirmed');
  return new DomainError('request_failed');
}

/**
 * Under the booking's lock: the request is still quoted and no other request of the booking is being
 * confirmed (the precise refusals a repeated or concurrent confirm gets).
 */
export async function refuseUnconfirmable(trx: Db, request: BookingRequestRow): Promise<void> {
  const now = await findRequest(trx, request.booking_id, request.id, request.kind);
  if (!now || now.status !== 'quoted') throw notConfirmable(now?.status ?? 'failed');
  if (await findConfirming(trx, request.booking_id)) throw new DomainError('change_in_progress');
}

/** Refunds and changes are for ticketed bookings only. */
export function requireIssued(row: BookingRow, now: Date, hint: string): void {
  const status = effectiveStatus(row, now);
  if (status === 'issued') return;
  if (status === 'new') throw new DomainError('booking_not_issued', hint);
  if (status === 'issuing') throw new DomainError('booking_being_issued');
  throw new DomainError('booking_closed', `The booking is ${status}.`);
}

/**
 * Claims a quoted request for confirming, in the caller's transaction. Another confirm of the same
 * request, or of any other request of the booking, finds it taken and is refused.
 */
export async function claimForConfirm(
  trx: Db,
  request: BookingRequestRow,
  attemptId: string,
  at: Date,
  chosenOfferId: string | null = null,
): Promise<void> {
  let claimed: boolean;
  try {
    claimed = await claimRequest(trx, request.id, attemptId, at, { chosen_offer_id: chosenOfferId });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new DomainError('change_in_progress');
    throw error;
  }
  if (!claimed) {
    const now = await findRequest(trx, request.booking_id, request.id, request.kind);
    throw notConfirmable(now?.status ?? 'failed');
  }
}

const failures = {
  refund: { action: 'refund_failed', what: 'Refund' },
  change: { action: 'exchange_failed', what: 'Flight change' },
} as const;

/**
 * A confirm the airline refused (or that a reader settled as not done): the request fails, what it
 * debited from the company balance goes back, and the booking and its history say why. Only the
 * holder of the claim's attempt changes anything, so this happens once.
 */
export async function failRequest(
  deps: { db: Db; clock: Clock },
  row: BookingRow,
  request: BookingRequestRow & { kind: 'refund' | 'change' },
  attempt: string,
  input: { debitedMinor: number; actorAccountId: string | null; error: unknown },
): Promise<void> {
  const { action, what } = failures[request.kind];
  const error = input.error;
  const said = refusalText(error);
  await deps.db.transaction().execute(async (trx) => {
    const at = deps.clock.now();
    // Lock order: the booking row, then the company balance row (the give-back, last). Taking the
    // balance first here while a void held the booking and waited for the balance deadlocked.
    await lockBookingRow(trx, row.id);
    const released = await updateClaimedRequest(trx, request.id, attempt, {
      status: 'failed',
      error: said,
      updated_at: at,
    });
    if (!released) return;
    await closeIntent(trx, row.id, request.kind, 'failed', said, at);
    await setBookingError(trx, row.id, `${what} failed: ${said}`, at);
    await recordHistory(trx, {
      bookingId: row.id,
      action,
      actorAccountId: input.actorAccountId,
      at,
      airlineAnswer: said,
    });
    // Last, so the company balance row is held only until COMMIT.
    await giveBack(trx, row, {
      debitedMinor: input.debitedMinor,
      reason: `${what} not completed ${row.locator}`,
      actorAccountId: input.actorAccountId ?? row.agent_id,
      at,
    });
  });
}

/**
 * Sends a claimed confirm's change to the airline, once. A lost answer is checked against the order
 * at once (`happened` says whether the order shows it); with neither answer the claim stays, so
 * nothing can run twice, the booking says it is being checked, and the error goes up. A refusal
 * fails the request, giving back `debitedMinor`, and goes up.
 */
export async function sendConfirm(
  deps: BookingDeps,
  row: BookingRow,
  request: BookingRequestRow & { kind: 'refund' | 'change' },
  attempt: string,
  input: {
    channel: ProviderChannel;
    send: () => Promise<ProviderOrder>;
    happened: (order: ProviderOrder) => boolean;
    debitedMinor: number;
    actorAccountId: string | null;
  },
): Promise<ProviderOrder> {
  try {
    return await input.send();
  } catch (error) {
    const seen = outcomeUnknown(error) ? await retrieveQuietly(deps.provider, input.channel, orderRefOf(row)) : null;
    if (seen && input.happened(seen)) return seen;
    if (outcomeUnknown(error) && !seen) {
      const what = failures[request.kind].what.toLowerCase();
      const at = deps.clock.now();
      await updateClaimedRequest(deps.db, request.id, attempt, {
        error: `The airline did not confirm the ${what}.`,
        updated_at: at,
      });
      await setBookingError(deps.db, row.id, `The airline did not confirm the ${what}; checking the order.`, at);
      await markIntentUnknown(deps.db, row.id, request.kind, refusalText(error), at);
      throw asDomainError(error);
    }
    const refusal = asDomainError(error);
    await failRequest(deps, row, request, attempt, {
      debitedMinor: input.debitedMinor,
      actorAccountId: input.actorAccountId,
      error: refusal,
    });
    throw refusal;
  }
}
