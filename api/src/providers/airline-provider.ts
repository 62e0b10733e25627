// The airline provider port: what Contrail asks of an airline, in provider-neutral terms. An
// adapter translates these calls into an airline's messages (NDC over HTTP for the first one) and
// every failure into a ProviderError, so the domain never sees a transport or message format.
import type { AirlineOrders } from './airline-order.js';
import type {
  CallOptions,
  PricedOffer,
  ProviderChannel,
  ProviderOffer,
  SeatMap,
  ServiceOption,
  ShopRequest,
} from './airline-types.js';

export type * from './airline-types.js';
export type * from './airline-order.js';

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
  /** The flight needs passenger data (gender, travel document) the order did not carry. */
  | 'passenger_data_required'
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
  | 'reissue_failed'
  /** The order has no airline change of that id (acknowledging a schedule change). */
  | 'change_not_found';

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

/** One scenario trigger of a test system, in the airline's words (en, ua, pl). */
export interface ScenarioEntry {
  readonly id: string;
  readonly stage: 'search' | 'pricing' | 'booking' | 'issue' | 'after_booking' | 'change';
  readonly route: readonly [string, string];
  readonly daysAhead: number;
  readonly surname: string | null;
  readonly afterSeconds: number | null;
  readonly texts: Readonly<Record<'en' | 'ua' | 'pl', { readonly title: string; readonly outcome: string }>>;
}

export interface AirlineProvider extends AirlineOrders {
  /**
   * Whether a channel's credential reaches the airline's test system rather than its live one: a
   * booking made through it is a test booking whoever makes it. Only the adapter knows how its
   * airline tells them apart (the sandbox airlines: the `sbx_` prefix).
   */
  isSandboxCredential(credential: string): boolean;
  /** A test-system credential of the platform's own, named after what uses it (the demo pages). */
  sandboxCredential(carrier: string, holder: string): string;
  /** Answers when the airline system is reachable (readiness); a ProviderError when it is not. */
  ping(options?: CallOptions): Promise<void>;
  /**
   * Test systems only: the triggers that steer the airline into one branch of the lifecycle, as the
   * airline describes them. Safe.
   */
  scenarioCatalogue(options?: CallOptions): Promise<readonly ScenarioEntry[]>;
  /** Offers of one channel for a journey. Safe: may be retried. */
  shop(channel: ProviderChannel, request: ShopRequest, options?: CallOptions): Promise<readonly ProviderOffer[]>;
  /** Re-prices one shopped offer now; the price may have changed. Safe. */
  price(channel: ProviderChannel, offerId: string, options?: CallOptions): Promise<PricedOffer>;
  /** Ancillary services (bags and others) an offer can be sold with. Safe. */
  services(channel: ProviderChannel, offerId: string, options?: CallOptions): Promise<readonly ServiceOption[]>;
  /** One seat map per flight of the offer. Safe. */
  seats(channel: ProviderChannel, offerId: string, options?: CallOptions): Promise<readonly SeatMap[]>;
}
