// The marketing pages' try-it-yourself demo: a fare calculation entry, as an agent types it in a
// GDS, priced two ways for one adult, fares without taxes (taxes do not depend on the channel).
// GDS price: the entry's NUC total at the rate of exchange typed in it (ROE…; the carrier's own when
// the entry has none), plus the carrier's GDS distribution surcharge on every flown segment (the
// table the savings calculator shows).
// Ours: the same journeys priced through NDC. Both in the carrier's currency.
import { surchargeCurrency, surchargeFor } from '@contrail/gds-surcharges';
import type { Clock } from '../clock.js';
import type { Money } from '../../money.js';
import { DomainError } from '../errors.js';
import { journeysOf, parseFareCalculation, type FareSegment } from './fare-calculation.js';
import type { ItineraryPricer, PricingJourney } from './itinerary-pricer.js';

export type { Money } from '../../money.js';

export interface FareQuote {
  entry: string;
  segments: FareSegment[];
  nucTotal: string;
  roe: string;
  carrier: string;
  flights: string[];
  gdsFare: Money;
  gdsSurcharge: Money;
  gdsPrice: Money;
  ourPrice: Money;
  saving: Money;
}

export interface FareDemoService {
  quote(entry: string): Promise<FareQuote>;
}

const maxJourneys = 6;
/** The demo prices a trip two weeks ahead, each later journey a week after the previous one. */
const firstDepartureDays = 14;
const daysBetweenJourneys = 7;

export function createFareDemoService(deps: { pricer: ItineraryPricer; clock: Clock }): FareDemoService {
  return {
    async quote(entry) {
      const calc = parseFareCalculation(entry);
      const journeys = journeysOf(calc);
      if (journeys.length > maxJourneys) {
        throw new DomainError(
          'fare_calculation_unreadable',
          `The entry has ${journeys.length} journeys between stopovers; the demo prices up to ${maxJourneys}.`,
          { pointer: '/entry' },
        );
      }
      const today = deps.clock.now().getTime();
      const day = 86_400_000;
      const pricing: PricingJourney[] = journeys.map((j, i) => ({
        origin: j.origin,
        destination: j.destination,
        departureDate: new Date(today + (firstDepartureDays + i * daysBetweenJourneys) * day)
          .toISOString()
          .slice(0, 10),
        segments: j.segments.map((s) => ({ from: s.from, to: s.to, carrier: s.carrier ?? '' })),
      }));
      const flown = calc.segments.filter((s) => s.carrier !== null);
      const carriers = [...new Set(flown.map((s) => s.carrier!))];
      const outcome = await deps.pricer.price({ journeys: pricing, carriers });
      if ('unavailable' in outcome) throw new DomainError('demo_itinerary_unavailable', outcome.unavailable);
      const { priced } = outcome;

      const currency = priced.currency;
      // The agent's own ROE is what their GDS applied, so the comparison uses it.
      const roe = calc.roe !== null ? Number(calc.roe) : priced.roe;
      const gdsFareCents = Math.round(calc.totalNucCents * roe);
      const surchargeRoe = Number(surchargeCurrency.roe);
      const surchargeCents = flown.reduce((sum, s) => {
        const eurCents = Math.round(Number(surchargeFor(s.carrier!)?.perSegment ?? '0') * 100);
        return sum + Math.round((eurCents / surchargeRoe) * priced.roe);
      }, 0);
      const gdsPriceCents = gdsFareCents + surchargeCents;
      const money = (cents: number): Money => ({ amount: (cents / 100).toFixed(2), currency });
      return {
        entry: entry.toUpperCase().replace(/\s+/g, ' ').trim(),
        segments: calc.segments,
        nucTotal: (calc.totalNucCents / 100).toFixed(2),
        roe: roe.toFixed(6),
        carrier: priced.carrier,
        flights: priced.flights,
        gdsFare: money(gdsFareCents),
        gdsSurcharge: money(surchargeCents),
        gdsPrice: money(gdsPriceCents),
        ourPrice: money(priced.baseFareCents),
        saving: money(gdsPriceCents - priced.baseFareCents),
      };
    },
  };
}
