// Domain offers to their NDC-named JSON. Journeys, segments and price classes are listed once in
// DataLists and referenced by id, so an answer with many offers over the same flights stays small.
import { airportByCode } from '../data/airports.data.js';
import { isoDuration } from '../engine/local-time.js';
import { money, roeFor } from '../engine/money.js';
import type { Offer } from '../engine/offer-build.js';
import type { Inventory } from '../engine/inventory.js';
import { idOf } from '../engine/prng.js';
import { keyOf, type Journey, type SegmentSale } from '../engine/schedule-connections.js';
import type { DataLists, OfferSchema } from './air-shopping.schema.js';
import type { Money } from './common.schema.js';

const ndcMoney = (minor: number, currency: string): Money => {
  const m = money(minor, currency);
  return { Amount: m.amount, CurCode: m.currency };
};

export const segmentIdOf = (s: SegmentSale) =>
  `${s.marketingCarrier.code}${s.marketingNumber}-${s.flight.from.code}${s.flight.to.code}-${s.flight.date}`;
export const journeyIdOf = (j: Journey) => idOf('PJ', j.owner.code, keyOf(j));
const odIdOf = (j: Journey) => `OD-${j.segments[0]!.flight.from.code}${j.segments.at(-1)!.flight.to.code}`;
export const priceClassIdOf = (o: Offer) => `PC-${o.owner.code}-${o.cabin}${o.family}`;

/** The offer's baggage allowance and penalties, in its currency. */
export function conditionsToNdc(offer: Offer): Pick<OfferSchema, 'BaggageAllowance' | 'Penalties'> {
  const cur = offer.currency;
  const nucFee = (nuc: number | null) =>
    nuc === null ? { Allowed: false } : { Allowed: true, Fee: ndcMoney(Math.round(nuc * roeFor(cur)) * 100, cur) };
  return {
    BaggageAllowance: {
      CheckedBags: { Pieces: offer.rules.checkedBags.pieces, WeightKg: offer.rules.checkedBags.weightKg },
      CarryOn: { Pieces: offer.rules.carryOn.pieces, WeightKg: offer.rules.carryOn.weightKg },
    },
    Penalties: { Change: nucFee(offer.rules.changeFeeNuc), Refund: nucFee(offer.rules.refundFeeNuc) },
  };
}

export function offerToNdc(offer: Offer, inventory: Inventory): OfferSchema {
  const cur = offer.currency;
  return {
    OfferID: offer.id,
    OwnerCode: offer.owner.code,
    ValidatingCarrierCode: offer.owner.code,
    FareTypeCode: offer.fareType,
    CabinTypeCode: offer.cabin,
    PriceClassRefID: priceClassIdOf(offer),
    OfferExpirationDateTime: offer.expiresAt.toISOString(),
    PaymentTimeLimitDateTime: offer.paymentTimeLimit?.toISOString() ?? null,
    InstantPaymentRequired: offer.instantPayment,
    JourneyOverview: offer.journeys.map((journey, j) => ({
      OriginDestRefID: odIdOf(journey),
      PaxJourneyRefID: journeyIdOf(journey),
      RBD: journey.segments.map((s, k) => ({
        PaxSegmentRefID: segmentIdOf(s),
        RBDCode: offer.rbds[j]![k]!,
        SeatsLeft: Math.min(9, inventory.seatsLeft(s.flight.key, offer.rbds[j]![k]!)),
      })),
    })),
    TotalPrice: { TotalAmount: ndcMoney(offer.totalMinor, cur) },
    ...conditionsToNdc(offer),
    PaxDataRequirements: { GenderRequired: offer.paxDataRequired, IdentityDocRequired: offer.paxDataRequired },
    OfferItem: offer.items.map((item) => {
      const taxMinor = item.taxes.reduce((sum, t) => sum + t.minor, 0);
      return {
        OfferItemID: `${offer.id}-${item.ptc}`,
        PTC: item.ptc,
        PaxQuantity: item.count,
        Price: {
          BaseAmount: ndcMoney(item.baseMinor, cur),
          TaxSummary: {
            Tax: item.taxes.map((t) => ({ TaxCode: t.code, Amount: ndcMoney(t.minor, cur) })),
            TotalTaxAmount: ndcMoney(taxMinor, cur),
          },
          TotalAmount: ndcMoney(item.totalMinor, cur),
        },
        FareDetail: {
          FareComponent: offer.journeys.map((journey, j) => ({
            PaxJourneyRefID: journeyIdOf(journey),
            FareBasisCode: item.fareBasis[j]!,
          })),
          FareCalculation: item.fareCalculation,
        },
      };
    }),
  };
}

export function dataListsOf(offers: readonly Offer[]): DataLists {
  const ods = new Map<string, DataLists['OriginDestList'][number]>();
  const journeys = new Map<string, DataLists['PaxJourneyList'][number]>();
  const segments = new Map<string, DataLists['PaxSegmentList'][number]>();
  const classes = new Map<string, DataLists['PriceClassList'][number]>();
  for (const offer of offers) {
    const pcId = priceClassIdOf(offer);
    classes.set(pcId, {
      PriceClassID: pcId,
      Name: offer.owner.fareFamilies[offer.family],
      Code: ['LT', 'CL', 'FX'][offer.family]!,
      CabinTypeCode: offer.cabin,
    });
    for (const journey of offer.journeys) {
      const jId = journeyIdOf(journey);
      const od = ods.get(odIdOf(journey)) ?? {
        OriginDestID: odIdOf(journey),
        OriginCode: journey.segments[0]!.flight.from.code,
        DestCode: journey.segments.at(-1)!.flight.to.code,
        PaxJourneyRefID: [],
      };
      if (!od.PaxJourneyRefID.includes(jId)) od.PaxJourneyRefID.push(jId);
      ods.set(od.OriginDestID, od);
      journeys.set(jId, {
        PaxJourneyID: jId,
        Duration: isoDuration(journey.minutes),
        PaxSegmentRefID: journey.segments.map(segmentIdOf),
      });
      for (const s of journey.segments) segments.set(segmentIdOf(s), segmentToNdc(s));
    }
  }
  return {
    OriginDestList: [...ods.values()],
    PaxJourneyList: [...journeys.values()],
    PaxSegmentList: [...segments.values()],
    PriceClassList: [...classes.values()],
  };
}

function segmentToNdc(s: SegmentSale): DataLists['PaxSegmentList'][number] {
  const { flight } = s;
  return {
    PaxSegmentID: segmentIdOf(s),
    Dep: {
      IATALocationCode: flight.from.code,
      AircraftScheduledDateTime: flight.departureLocal,
      StationName: airportByCode(flight.from.code)!.name,
    },
    Arrival: {
      IATALocationCode: flight.to.code,
      AircraftScheduledDateTime: flight.arrivalLocal,
      StationName: airportByCode(flight.to.code)!.name,
    },
    MarketingCarrierInfo: {
      CarrierDesigCode: s.marketingCarrier.code,
      CarrierName: s.marketingCarrier.name,
      MarketingCarrierFlightNumberText: String(s.marketingNumber),
    },
    OperatingCarrierInfo: {
      CarrierDesigCode: flight.carrier.code,
      CarrierName: flight.carrier.name,
      OperatingCarrierFlightNumberText: String(flight.number),
    },
    DatedOperatingLeg: { IATAAircraftTypeCode: flight.aircraft },
    Duration: isoDuration(flight.minutes),
    DistanceMeasure: { Value: flight.distanceKm, UnitCode: 'KM' },
  };
}
