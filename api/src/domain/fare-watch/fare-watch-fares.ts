// What makes a fare found by a reshop a candidate (the rules agencies expect of a "lower fare
// finder"): the same itinerary, cheaper, conditions equal or better, and a saving above the
// agency's threshold. A held booking is rebooked, so its saving is the fare's; an issued booking is
// exchanged, so its saving is net of the change penalty and of the residual the fare does not
// refund in cash. Each refusal names its reason, for the booking's check log.
import type { FareConditions, PenaltyTerms, ProviderOrder, ReshopOffer } from '../../providers/airline-provider.js';
import { fromMinor, money, toMinor, type Money } from '../../money.js';
import { segmentsOf, type BookingSegment } from '../bookings/booking.js';

/** One side of an opportunity, as GET /fare_watch/opportunities/{id} shows it. */
export interface FareSide {
  fare_basis: string[];
  brand: string;
  booking_classes: string[];
  checked_bags: number;
  change: { allowed: boolean; fee: Money | null };
  refund: { allowed: boolean; fee: Money | null };
  price: Money;
}

export interface Threshold {
  minSavingMinor: number;
  minSavingPercent: number;
}

export type Tier = 'held' | 'issued';

/** The saving as an exchange makes it: the fare's, less the penalty and the residual forfeited. */
export interface NetSaving {
  penaltyMinor: number;
  forfeitedMinor: number;
  /** How the airline returns an exchange's residual (null: a hold is rebooked, nothing is returned). */
  residualRefund: 'cash' | 'credit' | null;
  netMinor: number;
}

export type Verdict =
  | {
      kind: 'candidate';
      original: FareSide;
      candidate: FareSide;
      savingMinor: number;
      net: NetSaving;
      percent: number;
    }
  | { kind: 'not_cheaper' | 'rejected'; reason: string; candidateMinor: number | null; savingMinor: number | null };

const penaltyOf = (p: PenaltyTerms) => ({ allowed: p.allowed, fee: p.fee });
const feeMinor = (p: PenaltyTerms) => (p.fee ? toMinor(p.fee.amount) : 0);

/** A penalty no worse than the original's: allowed if it was, for no higher a fee. */
const noWorse = (now: PenaltyTerms, was: PenaltyTerms) =>
  (!was.allowed || now.allowed) && (!now.allowed || feeMinor(now) <= feeMinor(was));

function sideOf(
  brand: { code: string; name: string } | undefined,
  fareBasis: readonly string[],
  segments: readonly BookingSegment[],
  conditions: FareConditions,
  priceMinor: number,
  currency: string,
): FareSide {
  return {
    fare_basis: [...fareBasis],
    brand: brand?.name ?? '',
    booking_classes: segments.map((s) => s.booking_class),
    checked_bags: conditions.checkedBags,
    change: penaltyOf(conditions.change),
    refund: penaltyOf(conditions.refund),
    price: money(priceMinor, currency),
  };
}

const sameFlights = (a: readonly BookingSegment[], b: readonly BookingSegment[]) =>
  a.length === b.length && a.every((s, i) => s.flight_id === b[i]!.flight_id && s.departure_at === b[i]!.departure_at);

/**
 * What an exchange into the cheaper fare really saves. The airline charges its change penalty,
 * and returns the residual (what the new fare costs less) in cash only when the fare is
 * refundable; otherwise as a credit for later travel, which the agency cannot count as a saving.
 */
export function netSavingOf(tier: Tier, order: ProviderOrder, offer: ReshopOffer, savingMinor: number): NetSaving {
  if (tier === 'held') return { penaltyMinor: 0, forfeitedMinor: 0, residualRefund: null, netMinor: savingMinor };
  const penaltyMinor = toMinor(offer.penalty.amount);
  const residualRefund = order.conditions?.refund.allowed ? 'cash' : 'credit';
  const forfeitedMinor = residualRefund === 'cash' ? 0 : savingMinor;
  return { penaltyMinor, forfeitedMinor, residualRefund, netMinor: savingMinor - penaltyMinor - forfeitedMinor };
}

/**
 * Judges the airline's re-price of a held or issued order. Prices compared are the airline's; both
 * sides show them with the booking's markup, which does not change. A re-price keeps the order's
 * cabin (the airline prices the same cabin), so the flights and the conditions are what is compared.
 */
export function judgeFare(input: {
  tier: Tier;
  order: ProviderOrder;
  offer: ReshopOffer;
  markupMinor: number;
  threshold: Threshold;
}): Verdict {
  const { order, offer, markupMinor, threshold } = input;
  const currency = order.total.currency;
  const wasMinor = toMinor(order.total.amount);
  const nowMinor = toMinor(offer.newTotal.amount);
  const savingMinor = wasMinor - nowMinor;
  const refuse = (kind: 'not_cheaper' | 'rejected', reason: string): Verdict => ({
    kind,
    reason,
    candidateMinor: nowMinor + markupMinor,
    savingMinor,
  });
  if (savingMinor <= 0) return refuse('not_cheaper', 'The airline asks the same or more.');
  const booked = segmentsOf(order.journeys, order.bookingClasses);
  const found = segmentsOf(offer.journeys, offer.bookingClasses);
  if (!sameFlights(booked, found)) return refuse('rejected', 'The cheaper fare is on other flights.');
  if (!order.conditions || !offer.conditions)
    return refuse('rejected', 'The airline does not state the conditions, so they cannot be compared.');
  if (offer.fareFamily && order.fareFamily.code !== offer.fareFamily.code)
    return refuse('rejected', `Another brand: ${offer.fareFamily.name} instead of ${order.fareFamily.name}.`);
  const was = order.conditions;
  const now = offer.conditions;
  if (now.checkedBags < was.checkedBags)
    return refuse('rejected', `Fewer checked bags: ${now.checkedBags} instead of ${was.checkedBags}.`);
  if (!noWorse(now.change, was.change)) return refuse('rejected', 'Stricter change conditions.');
  if (!noWorse(now.refund, was.refund)) return refuse('rejected', 'Stricter refund conditions.');
  const net = netSavingOf(input.tier, order, offer, savingMinor);
  // The percentage of what the booking costs (the markup included), as the opportunity shows it.
  const percent = Math.round((net.netMinor / (wasMinor + markupMinor)) * 10_000) / 100;
  if (net.netMinor <= 0 || net.netMinor < threshold.minSavingMinor || percent < threshold.minSavingPercent)
    return refuse(
      'rejected',
      input.tier === 'held'
        ? `The saving (${percent}%) is below the agency's threshold.`
        : `The saving net of the change penalty (${fromMinor(net.penaltyMinor)}) and the residual forfeited ` +
            `(${fromMinor(net.forfeitedMinor)}, refunded as ${net.residualRefund}) is ${fromMinor(net.netMinor)} ` +
            `${currency} (${percent}%), below the agency's threshold.`,
    );
  const fareBasis = order.fares[0]?.fareBasis ?? [];
  return {
    kind: 'candidate',
    original: sideOf(order.fareFamily, fareBasis, booked, was, wasMinor + markupMinor, currency),
    candidate: sideOf(
      offer.fareFamily ?? order.fareFamily,
      offer.fareBasis ?? [],
      found,
      now,
      nowMinor + markupMinor,
      currency,
    ),
    savingMinor,
    net,
    percent,
  };
}
