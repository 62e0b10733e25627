// What the landing page shows: the neo-airline's direct flights on its whole network for the next
// day, and each flight's price (product spec §2, §7 Landing page). The choice of dates is ours (the
// spec is silent): tomorrow, as a UTC date from the clock, so every listed flight can still be
// bought and the list stays short enough to price one flight after another.
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import { neoAirline, neoRoutes } from './neo-airline.js';
import {
  NeoFlightsUnavailable,
  type FlightKey,
  type NeoFlight,
  type NeoFlightPrice,
  type NeoFlightsSource,
} from './neo-flights-source.js';
import { createTtlCache } from './ttl-cache.js';

const cacheMs = 5 * 60_000;
const dayMs = 86_400_000;

export interface NeoFlightsService {
  list(): Promise<NeoFlight[]>;
  price(flight: FlightKey): Promise<NeoFlightPrice>;
}

export function createNeoFlightsService(deps: { source: NeoFlightsSource; clock: Clock }): NeoFlightsService {
  const { source, clock } = deps;
  const lists = createTtlCache<NeoFlight[]>(clock, cacheMs, 8);
  const prices = createTtlCache<NeoFlightPrice>(clock, cacheMs, 2_000);

  async function fromAirline<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof NeoFlightsUnavailable) {
        throw new DomainError('dependency_unavailable', 'The neo-airline does not answer right now.', undefined, 5);
      }
      throw error;
    }
  }

  return {
    async list() {
      const date = new Date(clock.now().getTime() + dayMs).toISOString().slice(0, 10);
      const cached = lists.get(date);
      if (cached) return cached;
      const perRoute = await fromAirline(() =>
        Promise.all(neoRoutes().map((route) => source.directFlights({ airline: neoAirline.code, date, ...route }))),
      );
      const flights = perRoute
        .flat()
        .sort((a, b) => `${a.departureDate}T${a.departureTime}`.localeCompare(`${b.departureDate}T${b.departureTime}`));
      lists.set(date, flights);
      return flights;
    },

    async price(flight) {
      if (flight.airline !== neoAirline.code) {
        throw new DomainError('not_found', 'Only the neo-airline’s flights are priced here.', { pointer: '/airline' });
      }
      if (flight.arrivalDate < flight.departureDate) {
        throw new DomainError('validation_failed', 'arrival_date is before departure_date.', {
          pointer: '/arrival_date',
        });
      }
      const key = Object.values(flight).join('|');
      const cached = prices.get(key);
      if (cached) return cached;
      const price = await fromAirline(() => source.price(flight));
      if (!price) throw new DomainError('not_found', 'The neo-airline sells no such flight.');
      prices.set(key, price);
      return price;
    },
  };
}
