// Offers as the product spec names them (§3 Offer: origin_destinations with flights, fares with
// fare_id, price {amount, currency, perPass}, price_detail, fare_segments, penalty,
// original_price_detail). The spec's own field names are kept here, so a stored search result is
// served as it is stored; the contract's schemas describe the same shapes and tsc holds the two
// together at the handlers.
import type { Money } from '../../money.js';

export type PassengerType = 'ADT' | 'CHD' | 'INF';
export type CabinName = 'economy' | 'business';

export interface Flight {
  id: string;
  marketing_carrier: { code: string; name: string };
  flight_number: string;
  operating_carrier: { code: string; name: string };
  operating_flight_number: string;
  origin: { code: string; name: string };
  destination: { code: string; name: string };
  departure_at: string;
  arrival_at: string;
  duration_minutes: number;
  aircraft: string;
  distance_km: number;
}

export interface OriginDestination {
  origin: string;
  destination: string;
  departure_at: string;
  arrival_at: string;
  duration_minutes: number;
  stops: number;
  flights: Flight[];
}

export interface PriceDetail {
  base: Money;
  taxes: Money;
  tax_breakdown: { code: string; amount: Money }[];
  markup: Money;
  total: Money;
  passengers: {
    type: PassengerType;
    count: number;
    base: Money;
    taxes: Money;
    markup: Money;
    total: Money;
    fare_basis: string[];
    fare_calculation: string;
  }[];
}

export interface Fare {
  fare_id: string;
  fare_type: 'public' | 'nego' | 'resident';
  fare_family: { code: string; name: string };
  cabin: CabinName;
  price: { amount: string; currency: string; perPass: { type: PassengerType; count: number; amount: string }[] };
  /** The price in EUR the search filters and sorts by; null when in EUR already or no rate is known. */
  price_eur: Money | null;
  price_detail: PriceDetail;
  original_price_detail: PriceDetail;
  fare_segments: {
    flight_id: string;
    booking_class: string;
    cabin: CabinName;
    fare_basis: string;
    seats_left: number;
  }[];
  penalty: {
    change: { allowed: boolean; fee: Money | null };
    refund: { allowed: boolean; fee: Money | null };
  };
  baggage: { checked: { pieces: number; weight_kg: number }; carry_on: { pieces: number; weight_kg: number } };
  expires_at: string;
  payment_time_limit: string | null;
  instant_payment: boolean;
  /** Which passenger data the airline needs to book this fare (APIS). */
  passenger_requirements: { birthdate: true; gender: boolean; identity_document: boolean };
}

export interface Offer {
  id: string;
  owner: { code: string; name: string };
  origin_destinations: OriginDestination[];
  fares: Fare[];
}

/** An offer as stored: with each fare's total in EUR minor units, for sorting and price filters. */
export interface StoredOffer {
  offer: Offer;
  fareEur: number[];
}

export const cabinName = (code: string): CabinName => (code === 'C' ? 'business' : 'economy');
