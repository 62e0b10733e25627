// NDC offers to the port's provider-neutral offers. NDC lists journeys, segments and price classes
// once in DataLists and references them by id; the port's offer carries them inline, so the domain
// never resolves references.
import type { Money } from '../../money.js';
import type { FlightSegment, Journey, PenaltyTerms, ProviderOffer } from '../airline-provider.js';
import type { NdcDataLists, NdcMoney, NdcOffer, NdcSegment } from './ndc-messages.js';

export const fromNdcMoney = (m: NdcMoney): Money => ({ amount: m.Amount, currency: m.CurCode });

/** ISO 8601 durations as airlines send them (PT2H35M, P1DT1H) to minutes. */
export function minutesOf(duration: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(duration);
  if (!match) return 0;
  return Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

export interface DataListIndex {
  readonly journey: (id: string) => Journey;
  readonly priceClass: (id: string) => { code: string; name: string };
}

export function indexDataLists(lists: NdcDataLists): DataListIndex {
  const segments = new Map<string, FlightSegment>(lists.PaxSegmentList.map((s) => [s.PaxSegmentID, segmentOf(s)]));
  const journeys = new Map<string, Journey>();
  for (const j of lists.PaxJourneyList) {
    const list = j.PaxSegmentRefID.map((id) => segments.get(id)).filter((s): s is FlightSegment => s !== undefined);
    journeys.set(j.PaxJourneyID, {
      origin: list[0]?.departure.airport ?? '',
      destination: list.at(-1)?.arrival.airport ?? '',
      durationMinutes: minutesOf(j.Duration),
      segments: list,
    });
  }
  const classes = new Map(lists.PriceClassList.map((c) => [c.PriceClassID, { code: c.Code, name: c.Name }]));
  return {
    journey: (id) => {
      const journey = journeys.get(id);
      if (!journey) throw new Error(`journey ${id} is not in DataLists`);
      return journey;
    },
    priceClass: (id) => classes.get(id) ?? { code: id, name: id },
  };
}

function segmentOf(s: NdcSegment): FlightSegment {
  return {
    id: s.PaxSegmentID,
    marketing: {
      carrier: s.MarketingCarrierInfo.CarrierDesigCode,
      carrierName: s.MarketingCarrierInfo.CarrierName,
      number: s.MarketingCarrierInfo.MarketingCarrierFlightNumberText,
    },
    operating: {
      carrier: s.OperatingCarrierInfo.CarrierDesigCode,
      carrierName: s.OperatingCarrierInfo.CarrierName,
      number: s.OperatingCarrierInfo.OperatingCarrierFlightNumberText,
    },
    departure: { airport: s.Dep.IATALocationCode, name: s.Dep.StationName, at: s.Dep.AircraftScheduledDateTime },
    arrival: {
      airport: s.Arrival.IATALocationCode,
      name: s.Arrival.StationName,
      at: s.Arrival.AircraftScheduledDateTime,
    },
    aircraft: s.DatedOperatingLeg.IATAAircraftTypeCode,
    durationMinutes: minutesOf(s.Duration),
    distanceKm: s.DistanceMeasure.Value,
  };
}

export const penaltyOf = (p: { Allowed: boolean; Fee?: NdcMoney }): PenaltyTerms => ({
  allowed: p.Allowed,
  fee: p.Fee ? fromNdcMoney(p.Fee) : null,
});

const fareTypes = { PUBLIC: 'public', NEGO: 'nego', RESIDENT: 'resident' } as const;

export function offerOf(offer: NdcOffer, ownerName: string, index: DataListIndex): ProviderOffer {
  return {
    offerId: offer.OfferID,
    owner: { code: offer.OwnerCode, name: ownerName },
    validatingCarrier: offer.ValidatingCarrierCode,
    fareType: fareTypes[offer.FareTypeCode],
    cabin: offer.CabinTypeCode,
    fareFamily: index.priceClass(offer.PriceClassRefID),
    expiresAt: offer.OfferExpirationDateTime,
    paymentTimeLimit: offer.PaymentTimeLimitDateTime,
    instantPayment: offer.InstantPaymentRequired,
    journeys: offer.JourneyOverview.map((o) => index.journey(o.PaxJourneyRefID)),
    bookingClasses: offer.JourneyOverview.flatMap((o) =>
      o.RBD.map((r) => ({ segmentId: r.PaxSegmentRefID, code: r.RBDCode, seatsLeft: r.SeatsLeft })),
    ),
    total: fromNdcMoney(offer.TotalPrice.TotalAmount),
    passengers: offer.OfferItem.map((item) => ({
      type: item.PTC,
      count: item.PaxQuantity,
      base: fromNdcMoney(item.Price.BaseAmount),
      taxes: item.Price.TaxSummary.Tax.map((t) => ({ code: t.TaxCode, amount: fromNdcMoney(t.Amount) })),
      taxTotal: fromNdcMoney(item.Price.TaxSummary.TotalTaxAmount),
      total: fromNdcMoney(item.Price.TotalAmount),
      fareBasis: item.FareDetail.FareComponent.map((f) => f.FareBasisCode),
      fareCalculation: item.FareDetail.FareCalculation,
    })),
    baggage: {
      checked: {
        pieces: offer.BaggageAllowance.CheckedBags.Pieces,
        weightKg: offer.BaggageAllowance.CheckedBags.WeightKg,
      },
      carryOn: { pieces: offer.BaggageAllowance.CarryOn.Pieces, weightKg: offer.BaggageAllowance.CarryOn.WeightKg },
    },
    penalties: { change: penaltyOf(offer.Penalties.Change), refund: penaltyOf(offer.Penalties.Refund) },
    passengerRequirements: {
      gender: offer.PaxDataRequirements?.GenderRequired ?? false,
      identityDocument: offer.PaxDataRequirements?.IdentityDocRequired ?? false,
    },
  };
}
