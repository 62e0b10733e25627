// The narrow port the fare demo needs: price an itinerary with an airline's NDC content.
// Implemented on the AirlineProvider port in itinerary-pricer.provider.ts.

export interface PricingJourney {
  origin: string;
  destination: string;
  /** YYYY-MM-DD, local at the origin. */
  departureDate: string;
  /** The segments the entry names, to prefer an offer that flies exactly them. */
  segments: { from: string; to: string; carrier: string }[];
}

export interface PricedItinerary {
  /** The carrier that owns the offer. */
  carrier: string;
  /** Marketing carrier and number of every flight, e.g. `LO 751`. */
  flights: string[];
  /** The fare of one adult without taxes, in minor units of `currency`. */
  baseFareCents: number;
  currency: string;
  /** The carrier's rate of exchange from NUC (its fare calculation's ROE). */
  roe: number;
}

export type PricingOutcome = { priced: PricedItinerary } | { unavailable: string };

export interface ItineraryPricer {
  /** The best NDC fare for these journeys on these carriers, or why there is none. */
  price(request: { journeys: PricingJourney[]; carriers: string[] }): Promise<PricingOutcome>;
}
