// The landing page's NeoFlightsSource over the sandbox's NDC-shaped messages (docs/guides/sandbox.md):
// AirShopping lists a route's flights and fares, OfferPrice confirms the fare we sell. Stand-in
// until the AirlineProvider port lands; the lead re-points the landing page at it when merging.
import {
  NeoFlightsUnavailable,
  type FlightKey,
  type Money,
  type NeoFlight,
  type NeoFlightPrice,
  type NeoFlightsSource,
} from '../domain/landing/neo-flights-source.js';

interface NdcMoney {
  Amount: string;
  CurCode: string;
}
interface Segment {
  PaxSegmentID: string;
  Dep: { IATALocationCode: string; AircraftScheduledDateTime: string };
  Arrival: { IATALocationCode: string; AircraftScheduledDateTime: string };
  MarketingCarrierInfo: { CarrierDesigCode: string; CarrierName: string; MarketingCarrierFlightNumberText: string };
  OperatingCarrierInfo?: { CarrierName: string };
  Duration: string;
}
interface Offer {
  OfferID: string;
  FareTypeCode: 'PUBLIC' | 'NEGO' | 'RESIDENT';
  JourneyOverview: { RBD: { PaxSegmentRefID: string }[] }[];
  TotalPrice: { TotalAmount: NdcMoney };
}
interface AirShoppingRS {
  OffersGroup: { CarrierOffers: { Offer: Offer[] }[] };
  DataLists: { PaxJourneyList: { PaxSegmentRefID: string[] }[]; PaxSegmentList: Segment[] };
}
interface OfferPriceRS {
  PricedOffer: { TotalPrice: { TotalAmount: NdcMoney } };
}

/** Contrail's corporate fare agreement with the neo-airline: NDC's NegoCode unlocks our fares. */
const contrailNegoCode = 'CONTRAIL-NEO';
const timeoutMs = 10_000;

export function createSandboxNeoFlightsSource(opts: { sandboxUrl: string; fetch?: typeof fetch }): NeoFlightsSource {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const base = opts.sandboxUrl.replace(/\/+$/, '');

  async function call<T>(message: string, airline: string, body: object): Promise<T | null> {
    let response: Response;
    try {
      response = await doFetch(`${base}/ndc/${message}`, {
        method: 'POST',
        // A channel credential of the airline's own: the sandbox then shows only its offers.
        headers: { 'content-type': 'application/json', authorization: `Bearer sbx_${airline}_contrail-landing` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new NeoFlightsUnavailable(`${message} did not answer`, { cause: error });
    }
    if (response.ok) return (await response.json()) as T;
    const text = await response.text().catch(() => '');
    // An airport the airline does not serve, or an offer gone since the search: nothing to show.
    if (/UNKNOWN_LOCATION|INVALID_ITINERARY|OFFER_NOT_FOUND|OFFER_EXPIRED/.test(text)) return null;
    throw new NeoFlightsUnavailable(`${message} answered ${response.status}`);
  }

  function shop(airline: string, origin: string, destination: string, date: string) {
    return call<AirShoppingRS>('AirShopping', airline, {
      OriginDestCriteria: [{ OriginCode: origin, DestCode: destination, DepDate: date }],
      PaxList: [{ PTC: 'ADT', Quantity: 1 }],
      CarrierCriteria: [airline],
      NegoCode: contrailNegoCode,
    });
  }

  return {
    async directFlights({ airline, origin, destination, date }) {
      const rs = await shop(airline, origin, destination, date);
      if (!rs) return [];
      const segments = new Map(rs.DataLists.PaxSegmentList.map((s) => [s.PaxSegmentID, s]));
      return rs.DataLists.PaxJourneyList.filter((j) => j.PaxSegmentRefID.length === 1)
        .map((j) => segments.get(j.PaxSegmentRefID[0]!))
        .filter((s): s is Segment => s !== undefined && s.MarketingCarrierInfo.CarrierDesigCode === airline)
        .map(toNeoFlight);
    },

    async price(flight) {
      const rs = await shop(flight.airline, flight.departureAirport, flight.arrivalAirport, flight.departureDate);
      if (!rs) return null;
      const segment = rs.DataLists.PaxSegmentList.find((s) => matches(s, flight));
      if (!segment) return null;
      const offers = rs.OffersGroup.CarrierOffers.flatMap((c) => c.Offer).filter(
        (o) =>
          o.JourneyOverview.length === 1 &&
          o.JourneyOverview[0]!.RBD.every((r) => r.PaxSegmentRefID === segment.PaxSegmentID),
      );
      const publicFare = cheapest(offers.filter((o) => o.FareTypeCode === 'PUBLIC'));
      const ours = cheapest(offers.filter((o) => o.FareTypeCode === 'NEGO')) ?? publicFare;
      if (!ours) return null;
      const priced = await call<OfferPriceRS>('OfferPrice', flight.airline, { OfferID: ours.OfferID });
      if (!priced) return null;
      const result: NeoFlightPrice = {
        providerPrice: money(priced.PricedOffer.TotalPrice.TotalAmount),
        // Without our own fare we sell at the public one, and there is no other price to compare.
        airlinePrice: publicFare && publicFare !== ours ? money(publicFare.TotalPrice.TotalAmount) : null,
      };
      return result;
    },
  };
}

function toNeoFlight(s: Segment): NeoFlight {
  const code = s.MarketingCarrierInfo.CarrierDesigCode;
  const number = s.MarketingCarrierInfo.MarketingCarrierFlightNumberText;
  const departureDate = s.Dep.AircraftScheduledDateTime.slice(0, 10);
  return {
    id: `${code}${number}-${s.Dep.IATALocationCode}-${s.Arrival.IATALocationCode}-${departureDate}`,
    carrier: { name: s.MarketingCarrierInfo.CarrierName, code },
    operatingCarrier: { name: s.OperatingCarrierInfo?.CarrierName ?? s.MarketingCarrierInfo.CarrierName },
    departureTime: s.Dep.AircraftScheduledDateTime.slice(11, 16),
    arrivalTime: s.Arrival.AircraftScheduledDateTime.slice(11, 16),
    departureDate,
    arrivalDate: s.Arrival.AircraftScheduledDateTime.slice(0, 10),
    journeyTime: isoDurationSeconds(s.Duration),
    departureAirport: s.Dep.IATALocationCode,
    arrivalAirport: s.Arrival.IATALocationCode,
    flightNumber: number,
  };
}

function matches(s: Segment, flight: FlightKey): boolean {
  return (
    s.MarketingCarrierInfo.CarrierDesigCode === flight.airline &&
    s.MarketingCarrierInfo.MarketingCarrierFlightNumberText === flight.flightNumber &&
    s.Dep.IATALocationCode === flight.departureAirport &&
    s.Arrival.IATALocationCode === flight.arrivalAirport &&
    s.Dep.AircraftScheduledDateTime.startsWith(flight.departureDate) &&
    s.Arrival.AircraftScheduledDateTime.startsWith(flight.arrivalDate)
  );
}

function cheapest(offers: Offer[]): Offer | undefined {
  return offers.reduce<Offer | undefined>(
    (best, o) =>
      !best || Number(o.TotalPrice.TotalAmount.Amount) < Number(best.TotalPrice.TotalAmount.Amount) ? o : best,
    undefined,
  );
}

const money = (m: NdcMoney): Money => ({ amount: m.Amount, currency: m.CurCode });

/** `PT1H25M` → 5100. */
export function isoDurationSeconds(duration: string): number {
  const m = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(duration);
  if (!m) return 0;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}
