// The airline provider port: what Contrail asks of an airline, in provider-neutral terms. An
// adapter translates these calls into an airline's messages (NDC over HTTP for the first one) and
// every failure into a ProviderError, so the domain never sees a transport or message format.
import type { Money } from '../domain/money.js';
import type { AirlineOrders } from './airline-order.js';

export type * from './airline-order.js';

/** One airline connection as a channel holds it: whom to present as, and which fare codes to send. */
export interface ProviderChannel {
  readonly id: string;
  readonly carrier: string;
  readonly credential: string;
  readonly negoCode: string | null;
  readonly residentCode: string | null;
}

export type PassengerType = 'ADT' | 'CHD' | 'INF';
export type Cabin = 'Y' | 'C';

export interface ShopRequest {
  readonly legs: readonly { origin: string; destination: string; date: string }[];
  readonly passengers: readonly { type: PassengerType; count: number }[];
  readonly cabin: Cabin;
}

export interface CallOptions {
  readonly signal?: AbortSignal;
}

export interface Station {
  readonly airport: string;
  readonly name: string;
  /** Local time at the airport with its offset, as airlines publish schedules. */
  readonly at: string;
}

export interface FlightSegment {
  readonly id: string;
  readonly marketing: { carrier: string; carrierName: string; number: string };
  readonly operating: { carrier: string; carrierName: string; number: string };
  readonly departure: Station;
  readonly arrival: Station;
  readonly aircraft: string;
  readonly durationMinutes: number;
  readonly distanceKm: number;
}

export interface Journey {
  readonly origin: string;
  readonly destination: string;
  readonly durationMinutes: number;
  readonly segments: readonly FlightSegment[];
}

export interface PenaltyTerms {
  readonly allowed: boolean;
  readonly fee: Money | null;
}

export interface PassengerPrice {
  readonly type: PassengerType;
  readonly count: number;
  readonly base: Money;
  readonly taxes: readonly { code: string; amount: Money }[];
  readonly taxTotal: Money;
  /** Per passenger of this type. */
  readonly total: Money;
  readonly fareBasis: readonly string[];
  readonly fareCalculation: string;
}

export interface ProviderOffer {
  /** The airline's own offer id; meaningful only on the channel that shopped it. */
  readonly offerId: string;
  readonly owner: { code: string; name: string };
  readonly validatingCarrier: string;
  readonly fareType: 'public' | 'nego' | 'resident';
  readonly cabin: string;
  readonly fareFamily: { code: string; name: string };
  readonly expiresAt: string;
  readonly paymentTimeLimit: string | null;
  readonly instantPayment: boolean;
  readonly journeys: readonly Journey[];
  /** Booking class and seats left per segment id. */
  readonly bookingClasses: readonly { segmentId: string; code: string; seatsLeft: number }[];
  readonly total: Money;
  readonly passengers: readonly PassengerPrice[];
  readonly baggage: {
    readonly checked: { pieces: number; weightKg: number };
    readonly carryOn: { pieces: number; weightKg: number };
  };
  readonly penalties: { change: PenaltyTerms; refund: PenaltyTerms };
}

export interface PricedOffer {
  readonly offer: ProviderOffer;
  readonly priceChanged: boolean;
  readonly previousTotal: Money;
  readonly warnings: readonly string[];
}

export type ServiceKind = 'bags' | 'other';

export interface ServiceOption {
  readonly id: string;
  readonly kind: ServiceKind;
  /** The airline's service code (as an order's service items carry it). */
  readonly code: string;
  readonly name: string;
  /** IATA reason for issuance code and sub-code (RFIC/RFISC). */
  readonly rfic: string;
  readonly rfisc: string;
  readonly weightKg: number | null;
  readonly journeyIndex: number;
  readonly segmentId: string | null;
  readonly passengerTypes: readonly PassengerType[];
  readonly price: Money;
}

export interface SeatMap {
  readonly segmentId: string;
  readonly cabin: string;
  readonly columns: readonly { id: string; position: string }[];
  readonly rows: readonly {
    number: number;
    seats: readonly { column: string; available: boolean; characteristics: readonly string[]; price: Money | null }[];
  }[];
}

export type ProviderErrorKind =
  | 'timeout'
  | 'unavailable'
  | 'credential_refused'
  | 'invalid_request'
  | 'offer_not_found'
  | 'offer_expired'
  | 'airline_error'
  // The order half: one kind per refusal an airline gives, so the domain can answer each precisely.
  | 'passenger_mismatch'
  | 'service_not_found'
  | 'order_not_found'
  /** The order is not the one the seller named (another booking's order under the same locator). */
  | 'order_mismatch'
  | 'refund_quote_not_found'
  | 'reshop_offer_not_found'
  | 'price_changed'
  | 'sold_out'
  | 'order_expired'
  | 'order_closed'
  | 'already_issued'
  | 'not_issued'
  | 'payment_mismatch'
  | 'void_window_closed'
  | 'change_not_allowed'
  | 'seat_unavailable'
  | 'refund_quote_expired'
  | 'reshop_offer_expired'
  /** The airline refused to ticket; airlineMessage carries its words. */
  | 'ticketing_failed'
  /** The airline refused to reissue; airlineMessage carries its words. */
  | 'reissue_failed';

/** Every failure of a provider call, whatever the transport said. */
export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    /** The airline's own words, safe to show an agent (never transport internals). */
    readonly airlineMessage: string,
    readonly carrier: string,
    options?: { cause?: unknown },
  ) {
    super(`${carrier}: ${kind}: ${airlineMessage}`, options);
    this.name = 'ProviderError';
  }
}

export interface AirlineProvider extends AirlineOrders {
  /** Offers of one channel for a journey. Safe: may be retried. */
  shop(channel: ProviderChannel, request: ShopRequest, options?: CallOptions): Promise<readonly ProviderOffer[]>;
  /** Re-prices one shopped offer now; the price may have changed. Safe. */
  price(channel: ProviderChannel, offerId: string, options?: CallOptions): Promise<PricedOffer>;
  /** Ancillary services (bags and others) an offer can be sold with. Safe. */
  services(channel: ProviderChannel, offerId: string, options?: CallOptions): Promise<readonly ServiceOption[]>;
  /** One seat map per flight of the offer. Safe. */
  seats(channel: ProviderChannel, offerId: string, options?: CallOptions): Promise<readonly SeatMap[]>;
}
