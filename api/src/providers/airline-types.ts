// The provider-neutral shapes both halves of the AirlineProvider port speak: a channel, a search,
// offers with their journeys and prices, services and seat maps. airline-provider.ts (the shopping
// half and the port itself) and airline-order.ts (the order half) both import them from here, so
// neither half imports the other's file back.
import type { Money } from '../money.js';
import type { ChannelEndpoint } from './channel-endpoint.js';

/** One airline connection as a channel holds it: whom to present as, and which fare codes to send. */
export interface ProviderChannel {
  readonly id: string;
  readonly carrier: string;
  readonly credential: string;
  readonly negoCode: string | null;
  readonly residentCode: string | null;
  /** How the channel reaches its airline; undefined: the sandbox airlines' NDC-shaped JSON. */
  readonly endpoint?: ChannelEndpoint;
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

/** A fare's conditions: checked bags per passenger and the change and refund terms. */
export interface FareConditions {
  readonly checkedBags: number;
  readonly change: PenaltyTerms;
  readonly refund: PenaltyTerms;
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

export type PassengerGender = 'female' | 'male';

/** A passenger's travel document (APIS); its number is personal data, never logged. */
export interface IdentityDocument {
  readonly type: 'passport' | 'national_id';
  readonly number: string;
  /** ISO 3166-1 alpha-2. */
  readonly issuingCountry: string;
  readonly nationality: string;
  readonly expiryDate: string;
}

/** Which passenger data the airline needs to book an offer (birth dates it always needs). */
export interface PassengerRequirements {
  readonly gender: boolean;
  readonly identityDocument: boolean;
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
  readonly passengerRequirements: PassengerRequirements;
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
