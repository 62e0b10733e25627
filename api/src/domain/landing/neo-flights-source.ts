// The narrow port the landing page needs from the airline side: the neo-airline's direct flights
// on one route and date, and the price of one of them. Implemented on the AirlineProvider port in
// neo-flights.provider-source.ts.

import type { Money } from '../../money.js';

export type { Money };

export interface NeoFlight {
  id: string;
  carrier: { name: string; code: string };
  operatingCarrier: { name: string };
  departureTime: string;
  arrivalTime: string;
  departureDate: string;
  arrivalDate: string;
  /** Block time in seconds. */
  journeyTime: number;
  departureAirport: string;
  arrivalAirport: string;
  flightNumber: string;
}

export interface FlightKey {
  airline: string;
  flightNumber: string;
  departureAirport: string;
  arrivalAirport: string;
  departureDate: string;
  arrivalDate: string;
}

export interface NeoFlightPrice {
  /** The airline's own public fare; null when it publishes none for this flight. */
  airlinePrice: Money | null;
  /** Contrail's fare with the airline: the price the landing page sells at. */
  providerPrice: Money;
}

export interface NeoFlightsSource {
  /** Direct flights of `airline` from `origin` to `destination` departing on `date` (local). */
  directFlights(route: { airline: string; origin: string; destination: string; date: string }): Promise<NeoFlight[]>;
  /** The flight's prices for one adult in its cheapest fare; null when no such flight is sold. */
  price(flight: FlightKey): Promise<NeoFlightPrice | null>;
}

/** Thrown by a source when the airline cannot answer (down, timed out, refused). */
export class NeoFlightsUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NeoFlightsUnavailable';
  }
}
