// The landing page's NeoFlightsSource on the AirlineProvider port: the neo-airline's channel of the
// platform's own (not an agency's) shops a route, and OfferPrice confirms the fare we sell.
import {
  ProviderError,
  type AirlineProvider,
  type FlightSegment,
  type ProviderChannel,
  type ProviderOffer,
} from '../../providers/airline-provider.js';
import { toMinor } from '../../money.js';
import { NeoFlightsUnavailable, type FlightKey, type NeoFlight, type NeoFlightsSource } from './neo-flights-source.js';

/**
 * Contrail's own connection to the neo-airline. Its NegoCode is our corporate fare agreement:
 * it unlocks the fares the landing page sells below the airline's public price.
 */
const neoChannel = (provider: AirlineProvider, carrier: string): ProviderChannel => ({
  id: `platform_${carrier.toLowerCase()}`,
  carrier,
  credential: provider.sandboxCredential(carrier, 'contrail-landing'),
  negoCode: 'CONTRAIL-NEO',
  residentCode: null,
});

/** Nothing to show rather than a failure: an airport it does not serve, an offer gone since. */
const nothingToSell = (error: unknown) =>
  error instanceof ProviderError && ['invalid_request', 'offer_not_found', 'offer_expired'].includes(error.kind);

export function createProviderNeoFlightsSource(provider: AirlineProvider): NeoFlightsSource {
  async function shop(airline: string, origin: string, destination: string, date: string) {
    try {
      return await provider.shop(neoChannel(provider, airline), {
        legs: [{ origin, destination, date }],
        passengers: [{ type: 'ADT', count: 1 }],
        cabin: 'Y',
      });
    } catch (error) {
      if (nothingToSell(error)) return [];
      throw new NeoFlightsUnavailable(`${airline} did not answer the search`, { cause: error });
    }
  }

  return {
    async directFlights({ airline, origin, destination, date }) {
      const flights = new Map<string, NeoFlight>();
      for (const offer of await shop(airline, origin, destination, date)) {
        const segments = offer.journeys[0]?.segments ?? [];
        const only = segments[0];
        if (segments.length === 1 && only && only.marketing.carrier === airline)
          flights.set(only.id, neoFlightOf(only));
      }
      return [...flights.values()].sort((a, b) => a.departureTime.localeCompare(b.departureTime));
    },

    async price(flight) {
      const offers = (
        await shop(flight.airline, flight.departureAirport, flight.arrivalAirport, flight.departureDate)
      ).filter(
        (o) =>
          o.journeys.length === 1 &&
          o.journeys[0]!.segments.length === 1 &&
          matches(o.journeys[0]!.segments[0]!, flight),
      );
      const publicFare = cheapest(offers.filter((o) => o.fareType === 'public'));
      const ours = cheapest(offers.filter((o) => o.fareType === 'nego')) ?? publicFare;
      if (!ours) return null;
      try {
        const priced = await provider.price(neoChannel(provider, flight.airline), ours.offerId);
        // Without our own fare we sell at the public one, and there is no other price to compare.
        return {
          providerPrice: priced.offer.total,
          airlinePrice: publicFare && publicFare !== ours ? publicFare.total : null,
        };
      } catch (error) {
        if (nothingToSell(error)) return null;
        throw new NeoFlightsUnavailable(`${flight.airline} did not price the flight`, { cause: error });
      }
    },
  };
}

function neoFlightOf(s: FlightSegment): NeoFlight {
  const departureDate = s.departure.at.slice(0, 10);
  return {
    id: `${s.marketing.carrier}${s.marketing.number}-${s.departure.airport}-${s.arrival.airport}-${departureDate}`,
    carrier: { name: s.marketing.carrierName, code: s.marketing.carrier },
    operatingCarrier: { name: s.operating.carrierName },
    departureTime: s.departure.at.slice(11, 16),
    arrivalTime: s.arrival.at.slice(11, 16),
    departureDate,
    arrivalDate: s.arrival.at.slice(0, 10),
    journeyTime: s.durationMinutes * 60,
    departureAirport: s.departure.airport,
    arrivalAirport: s.arrival.airport,
    flightNumber: s.marketing.number,
  };
}

function matches(s: FlightSegment, flight: FlightKey): boolean {
  return (
    s.marketing.carrier === flight.airline &&
    s.marketing.number === flight.flightNumber &&
    s.departure.airport === flight.departureAirport &&
    s.arrival.airport === flight.arrivalAirport &&
    s.departure.at.startsWith(flight.departureDate) &&
    s.arrival.at.startsWith(flight.arrivalDate)
  );
}

function cheapest(offers: readonly ProviderOffer[]): ProviderOffer | undefined {
  return offers.reduce<ProviderOffer | undefined>(
    (best, o) => (!best || toMinor(o.total.amount) < toMinor(best.total.amount) ? o : best),
    undefined,
  );
}
