// Provider offers to the product's offers: one offer per itinerary, its fare families as fares
// (cheapest first), the company's markup on each fare and the airline's own price kept beside it.
import type { PassengerPrice, ProviderOffer } from '../../providers/airline-provider.js';
import { fromMinor, money, toMinor, type Money } from '../../money.js';
import type { RateBook } from '../exchange-rates.js';
import { fareIdOf, offerIdOf } from './fare-ids.js';
import { markupFor, markupMinor, type Markup } from './markups.js';
import {
  cabinName,
  type Fare,
  type Flight,
  type OriginDestination,
  type PriceDetail,
  type StoredOffer,
} from './offer.js';

export function normaliseOffers(
  shopped: readonly { channelId: string; offers: readonly ProviderOffer[] }[],
  markups: readonly Markup[],
  rates: RateBook,
): StoredOffer[] {
  const byItinerary = new Map<string, { stored: StoredOffer; fares: { fare: Fare; eur: number }[] }>();
  for (const { channelId, offers } of shopped) {
    for (const offer of offers) {
      const flightIds = offer.journeys.flatMap((j) => j.segments.map((s) => s.id));
      const id = offerIdOf(offer.owner.code, flightIds);
      let entry = byItinerary.get(id);
      if (!entry) {
        entry = {
          stored: {
            offer: { id, owner: offer.owner, origin_destinations: offer.journeys.map(originDestinationOf), fares: [] },
            fareEur: [],
          },
          fares: [],
        };
        byItinerary.set(id, entry);
      }
      const fare = fareOf(channelId, offer, markupFor(markups, offer.owner.code, offer.cabin), rates);
      entry.fares.push({ fare, eur: rates.rankingEurMinor(toMinor(fare.price.amount), fare.price.currency) });
    }
  }
  const result: StoredOffer[] = [];
  for (const { stored, fares } of byItinerary.values()) {
    fares.sort((a, b) => a.eur - b.eur);
    stored.offer.fares = fares.map((f) => f.fare);
    stored.fareEur = fares.map((f) => f.eur);
    result.push(stored);
  }
  return result.sort((a, b) => a.fareEur[0]! - b.fareEur[0]!);
}

function originDestinationOf(journey: ProviderOffer['journeys'][number]): OriginDestination {
  const flights = journey.segments.map((s): Flight => ({
    id: s.id,
    marketing_carrier: { code: s.marketing.carrier, name: s.marketing.carrierName },
    flight_number: `${s.marketing.carrier}${s.marketing.number}`,
    operating_carrier: { code: s.operating.carrier, name: s.operating.carrierName },
    operating_flight_number: `${s.operating.carrier}${s.operating.number}`,
    origin: { code: s.departure.airport, name: s.departure.name },
    destination: { code: s.arrival.airport, name: s.arrival.name },
    departure_at: s.departure.at,
    arrival_at: s.arrival.at,
    duration_minutes: s.durationMinutes,
    aircraft: s.aircraft,
    distance_km: s.distanceKm,
  }));
  return {
    origin: journey.origin,
    destination: journey.destination,
    departure_at: flights[0]!.departure_at,
    arrival_at: flights.at(-1)!.arrival_at,
    duration_minutes: journey.durationMinutes,
    stops: flights.length - 1,
    flights,
  };
}

export function fareOf(channelId: string, offer: ProviderOffer, markup: Markup | null, rates: RateBook): Fare {
  const currency = offer.total.currency;
  const original = priceDetailOf(offer.passengers, currency, () => 0);
  const marked = priceDetailOf(offer.passengers, currency, (p) =>
    markupMinor(markup, toMinor(p.total.amount), currency, rates),
  );
  const classes = new Map(offer.bookingClasses.map((c) => [c.segmentId, c]));
  const cabin = cabinName(offer.cabin);
  const basis = offer.passengers[0]?.fareBasis ?? [];
  const eur = rates.eurMinor(toMinor(marked.total.amount), currency);
  return {
    fare_id: fareIdOf(channelId, offer.offerId),
    fare_type: offer.fareType,
    fare_family: offer.fareFamily,
    cabin,
    price: {
      amount: marked.total.amount,
      currency,
      perPass: marked.passengers.map((p) => ({ type: p.type, count: p.count, amount: p.total.amount })),
    },
    price_eur: eur === null ? null : { amount: fromMinor(eur), currency: 'EUR' },
    price_detail: marked,
    original_price_detail: original,
    fare_segments: offer.journeys.flatMap((journey, j) =>
      journey.segments.map((s) => ({
        flight_id: s.id,
        booking_class: classes.get(s.id)?.code ?? '',
        cabin,
        fare_basis: basis[j] ?? '',
        seats_left: classes.get(s.id)?.seatsLeft ?? 0,
      })),
    ),
    penalty: offer.penalties,
    baggage: {
      checked: { pieces: offer.baggage.checked.pieces, weight_kg: offer.baggage.checked.weightKg },
      carry_on: { pieces: offer.baggage.carryOn.pieces, weight_kg: offer.baggage.carryOn.weightKg },
    },
    expires_at: offer.expiresAt,
    payment_time_limit: offer.paymentTimeLimit,
    instant_payment: offer.instantPayment,
    passenger_requirements: {
      birthdate: true,
      gender: offer.passengerRequirements.gender,
      identity_document: offer.passengerRequirements.identityDocument,
    },
  };
}

function priceDetailOf(
  passengers: readonly PassengerPrice[],
  currency: string,
  markupOf: (p: PassengerPrice) => number,
): PriceDetail {
  let base = 0;
  let taxes = 0;
  let markup = 0;
  const byCode = new Map<string, number>();
  const rows = passengers.map((p) => {
    const each = markupOf(p);
    base += toMinor(p.base.amount) * p.count;
    taxes += toMinor(p.taxTotal.amount) * p.count;
    markup += each * p.count;
    for (const t of p.taxes) byCode.set(t.code, (byCode.get(t.code) ?? 0) + toMinor(t.amount.amount) * p.count);
    return {
      type: p.type,
      count: p.count,
      base: p.base,
      taxes: p.taxTotal,
      markup: money(each, currency),
      total: money(toMinor(p.total.amount) + each, currency),
      fare_basis: [...p.fareBasis],
      fare_calculation: p.fareCalculation,
    };
  });
  const m = (minor: number): Money => money(minor, currency);
  return {
    base: m(base),
    taxes: m(taxes),
    tax_breakdown: [...byCode].map(([code, minor]) => ({ code, amount: m(minor) })),
    markup: m(markup),
    total: m(base + taxes + markup),
    passengers: rows,
  };
}
