// The fare demo's ItineraryPricer on the AirlineProvider port: each carrier the entry names is
// shopped on the platform's own demo channel to it, at once; the offer that flies exactly the
// entry's segments wins, otherwise the cheapest on those carriers.
import {
  ProviderError,
  type AirlineProvider,
  type FlightSegment,
  type ProviderOffer,
} from '../../providers/airline-provider.js';
import { DomainError } from '../errors.js';
import { toMinor } from '../../money.js';
import type { ItineraryPricer, PricingJourney } from './itinerary-pricer.js';

const demoChannel = (provider: AirlineProvider, carrier: string) => ({
  id: `platform_demo_${carrier.toLowerCase()}`,
  carrier,
  credential: provider.sandboxCredential(carrier, 'contrail-demo'),
  negoCode: null,
  residentCode: null,
});

export function createProviderItineraryPricer(provider: AirlineProvider): ItineraryPricer {
  return {
    async price({ journeys, carriers }) {
      const request = {
        legs: journeys.map((j) => ({ origin: j.origin, destination: j.destination, date: j.departureDate })),
        passengers: [{ type: 'ADT' as const, count: 1 }],
        cabin: 'Y' as const,
      };
      const answers = await Promise.allSettled(
        [...new Set(carriers)].slice(0, 12).map((c) => provider.shop(demoChannel(provider, c), request)),
      );
      const offers: ProviderOffer[] = [];
      let refusal: string | undefined;
      for (const answer of answers) {
        if (answer.status === 'fulfilled') offers.push(...answer.value);
        else if (answer.reason instanceof ProviderError && answer.reason.kind === 'invalid_request')
          refusal ??= answer.reason.airlineMessage;
        else if (!(answer.reason instanceof ProviderError)) throw answer.reason;
      }
      if (offers.length === 0 && answers.every((a) => a.status === 'rejected' && !refusal))
        throw new DomainError('dependency_unavailable', 'The sandbox airlines do not answer.');

      const candidates = offers.flatMap((offer) => {
        const adult = offer.passengers.find((p) => p.type === 'ADT');
        const roe = /ROE(\d+(?:\.\d+)?)/.exec(adult?.fareCalculation ?? '')?.[1];
        if (!adult || !roe) return [];
        const flown = offer.journeys.map((j) => j.segments);
        return [
          {
            offer,
            base: toMinor(adult.base.amount),
            currency: adult.base.currency,
            roe: Number(roe),
            flown,
            exact: matches(journeys, flown),
          },
        ];
      });
      if (candidates.length === 0)
        return { unavailable: refusal ?? 'The sandbox airlines have no fare for this itinerary.' };
      candidates.sort((a, b) => Number(b.exact) - Number(a.exact) || a.base - b.base);
      const best = candidates[0]!;
      return {
        priced: {
          carrier: best.offer.owner.code,
          flights: best.flown.flat().map((s) => `${s.marketing.carrier} ${s.marketing.number}`),
          baseFareCents: best.base,
          currency: best.currency,
          roe: best.roe,
        },
      };
    },
  };
}

function matches(journeys: PricingJourney[], flown: (readonly FlightSegment[])[]): boolean {
  return (
    journeys.length === flown.length &&
    journeys.every((j, i) => {
      const offered = flown[i]!;
      return (
        offered.length === j.segments.length &&
        j.segments.every(
          (s, k) =>
            offered[k]!.departure.airport === s.from &&
            offered[k]!.arrival.airport === s.to &&
            offered[k]!.marketing.carrier === s.carrier,
        )
      );
    })
  );
}
