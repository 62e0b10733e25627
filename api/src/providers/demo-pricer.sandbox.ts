// The fare demo's ItineraryPricer over the sandbox airlines' NDC AirShopping (docs/guides/sandbox.md).
// Interim: the AirlineProvider port will implement ItineraryPricer, and this file then goes.
import { DomainError } from '../domain/errors.js';
import type { ItineraryPricer, PricingJourney } from '../domain/marketing/itinerary-pricer.js';

interface AmountJson {
  Amount: string;
  CurCode: string;
}
interface OfferJson {
  OwnerCode: string;
  JourneyOverview: { RBD: { PaxSegmentRefID: string }[] }[];
  OfferItem: { PTC: string; Price: { BaseAmount: AmountJson }; FareDetail: { FareCalculation: string } }[];
}
interface SegmentJson {
  PaxSegmentID: string;
  Dep: { IATALocationCode: string };
  Arrival: { IATALocationCode: string };
  MarketingCarrierInfo: { CarrierDesigCode: string; MarketingCarrierFlightNumberText: string };
}
interface AirShoppingJson {
  OffersGroup?: { CarrierOffers: { Offer: OfferJson[] }[] };
  DataLists?: { PaxSegmentList: SegmentJson[] };
  Errors?: { Error: { Code: string; DescText: string }[] };
}

/** Any credential opens the sandbox; this one names who is asking in its logs. */
const credential = 'sbx_demo_marketing';
const timeoutMs = 10_000;

export function createSandboxDemoPricer(sandboxUrl: string): ItineraryPricer {
  return {
    async price({ journeys, carriers }) {
      let response: Response;
      try {
        response = await fetch(new URL('/ndc/AirShopping', sandboxUrl), {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` },
          body: JSON.stringify({
            OriginDestCriteria: journeys.map((j) => ({
              OriginCode: j.origin,
              DestCode: j.destination,
              DepDate: j.departureDate,
            })),
            PaxList: [{ PTC: 'ADT', Quantity: 1 }],
            CarrierCriteria: carriers.slice(0, 12),
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new DomainError('dependency_unavailable', 'The sandbox airlines do not answer.');
      }
      const body = (await response.json().catch(() => ({}))) as AirShoppingJson;
      if (response.status === 400) {
        return { unavailable: body.Errors?.Error[0]?.DescText ?? 'The sandbox airlines cannot price this itinerary.' };
      }
      if (!response.ok) throw new DomainError('dependency_unavailable', 'The sandbox airlines do not answer.');

      const segments = new Map((body.DataLists?.PaxSegmentList ?? []).map((s) => [s.PaxSegmentID, s]));
      const offers = (body.OffersGroup?.CarrierOffers ?? []).flatMap((c) => c.Offer);
      const candidates = offers.flatMap((offer) => {
        const adult = offer.OfferItem.find((i) => i.PTC === 'ADT');
        const roe = /ROE(\d+(?:\.\d+)?)/.exec(adult?.FareDetail.FareCalculation ?? '')?.[1];
        if (!adult || !roe) return [];
        const flown = offer.JourneyOverview.map((j) =>
          j.RBD.map((r) => segments.get(r.PaxSegmentRefID)).filter((s): s is SegmentJson => s !== undefined),
        );
        return [{ offer, adult, roe: Number(roe), flown, exact: matches(journeys, flown) }];
      });
      if (candidates.length === 0) return { unavailable: 'The sandbox airlines have no fare for this itinerary.' };
      const cents = (c: (typeof candidates)[number]) => Math.round(Number(c.adult.Price.BaseAmount.Amount) * 100);
      // The offer that flies exactly the entry's segments wins; otherwise the cheapest on its carriers.
      candidates.sort((a, b) => Number(b.exact) - Number(a.exact) || cents(a) - cents(b));
      const best = candidates[0]!;
      return {
        priced: {
          carrier: best.offer.OwnerCode,
          flights: best.flown
            .flat()
            .map(
              (s) =>
                `${s.MarketingCarrierInfo.CarrierDesigCode} ${s.MarketingCarrierInfo.MarketingCarrierFlightNumberText}`,
            ),
          baseFareCents: cents(best),
          currency: best.adult.Price.BaseAmount.CurCode,
          roe: best.roe,
        },
      };
    },
  };
}

function matches(journeys: PricingJourney[], flown: SegmentJson[][]): boolean {
  return (
    journeys.length === flown.length &&
    journeys.every((j, i) => {
      const offered = flown[i]!;
      return (
        offered.length === j.segments.length &&
        j.segments.every(
          (s, k) =>
            offered[k]!.Dep.IATALocationCode === s.from &&
            offered[k]!.Arrival.IATALocationCode === s.to &&
            offered[k]!.MarketingCarrierInfo.CarrierDesigCode === s.carrier,
        )
      );
    })
  );
}
