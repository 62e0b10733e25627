// 21.3 offers read into the port's offers. DataLists are indexed once per answer: a PaxSegment
// reaches its flight through DatedMarketingSegment → DatedOperatingSegment → DatedOperatingLeg;
// passengers are one Pax each (their PTC in PaxList), so an offer item's count is the number of
// passengers it names; fare components sit on segments, so a journey's fare basis is the one on
// its first segment. An OfferItem's Price is for all its passengers and its FareDetail's Price per
// passenger (the per-passenger price is derived from the item's when the airline gives only that).
// Seats left and passenger-data needs have no 21.3 element: read from the sandbox's
// AugmentationPoint when present, else "9 or more" and birth dates only.
import { fromMinor, toMinor, type Money } from '../../money.js';
import type { FlightSegment, Journey, PassengerType, PenaltyTerms, ProviderOffer } from '../airline-provider.js';
import { all, at, each, one, text, texts, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';

/** Airlines' GDS habit: availability shows at most 9. */
const unknownSeatsLeft = 9;

export function moneyOf(node: XmlNode | undefined, fallbackCurrency: string): Money {
  return { amount: node?.text.trim() || '0.00', currency: node?.attrs.CurCode ?? fallbackCurrency };
}

/** ISO 8601 durations as airlines send them (PT2H35M, P1DT1H) to minutes. */
export function minutesOf(duration: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(duration);
  if (!match) return 0;
  return Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

const byId = (nodes: XmlNode[], idName: string) => new Map(nodes.map((n) => [text(n, idName), n]));

export interface DataListIndex {
  readonly segment: (id: string) => FlightSegment | undefined;
  readonly journey: (id: string) => Journey;
  readonly journeyOfSegment: (segmentId: string) => string | undefined;
  readonly priceClass: (id: string) => { code: string; name: string; cabin: string };
  readonly ptcOf: (paxId: string) => PassengerType;
  readonly carrierName: (code: string) => string;
  readonly allowance: (id: string) => XmlNode | undefined;
  /** A DataLists/PenaltyList penalty by its id. */
  readonly penalty: (id: string) => XmlNode | undefined;
}

const ptcs: readonly string[] = ['ADT', 'CHD', 'INF'];

export function indexDataLists(lists: XmlNode | undefined): DataListIndex {
  const marketing = byId(each(lists, 'DatedMarketingSegmentList', 'DatedMarketingSegment'), 'DatedMarketingSegmentId');
  const operating = byId(each(lists, 'DatedOperatingSegmentList', 'DatedOperatingSegment'), 'DatedOperatingSegmentId');
  const legs = byId(each(lists, 'DatedOperatingLegList', 'DatedOperatingLeg'), 'DatedOperatingLegID');
  const names = new Map<string, string>();
  const segments = new Map<string, FlightSegment>();
  for (const paxSegment of each(lists, 'PaxSegmentList', 'PaxSegment')) {
    const id = text(paxSegment, 'PaxSegmentID');
    const ms = marketing.get(text(paxSegment, 'DatedMarketingSegmentRefId'));
    if (!ms) continue;
    const os = operating.get(text(ms, 'DatedOperatingSegmentRefId'));
    const leg = legs.get(text(os, 'DatedOperatingLegRefID'));
    const station = (node: XmlNode | undefined) => ({
      airport: text(node, 'IATA_LocationCode'),
      name: text(node, 'StationName') || text(node, 'IATA_LocationCode'),
      at: text(node, 'AircraftScheduledDateTime'),
    });
    const distance = one(leg, 'DistanceMeasure');
    const miles = distance?.attrs.UnitCode === 'SMI' || distance?.attrs.UnitCode === 'MI';
    const marketingCarrier = text(ms, 'CarrierDesigCode');
    const operatingCarrier = text(os, 'CarrierDesigCode') || marketingCarrier;
    names.set(marketingCarrier, text(ms, 'CarrierName') || names.get(marketingCarrier) || marketingCarrier);
    if (os) names.set(operatingCarrier, text(os, 'CarrierName') || names.get(operatingCarrier) || operatingCarrier);
    segments.set(id, {
      id,
      marketing: {
        carrier: marketingCarrier,
        carrierName: text(ms, 'CarrierName') || marketingCarrier,
        number: text(ms, 'MarketingCarrierFlightNumberText'),
      },
      operating: {
        carrier: operatingCarrier,
        carrierName: text(os, 'CarrierName') || operatingCarrier,
        number: text(os, 'OperatingCarrierFlightNumberText') || text(ms, 'MarketingCarrierFlightNumberText'),
      },
      departure: station(one(ms, 'Dep')),
      arrival: station(one(ms, 'Arrival')),
      aircraft: text(leg, 'IATA_AircraftType', 'IATA_AircraftTypeCode'),
      durationMinutes: minutesOf(text(os, 'Duration')),
      distanceKm: Math.round(Number(distance?.text.trim() || '0') * (miles ? 1.609344 : 1)),
    });
  }
  const journeys = new Map<string, Journey>();
  const journeyOfSegment = new Map<string, string>();
  for (const j of each(lists, 'PaxJourneyList', 'PaxJourney')) {
    const id = text(j, 'PaxJourneyID');
    const refs = texts(j, 'PaxSegmentRefID');
    for (const ref of refs) journeyOfSegment.set(ref, id);
    const list = refs.map((ref) => segments.get(ref)).filter((s): s is FlightSegment => s !== undefined);
    journeys.set(id, {
      origin: list[0]?.departure.airport ?? '',
      destination: list.at(-1)?.arrival.airport ?? '',
      durationMinutes: minutesOf(text(j, 'Duration')),
      segments: list,
    });
  }
  const classes = byId(each(lists, 'PriceClassList', 'PriceClass'), 'PriceClassID');
  const pax = new Map(each(lists, 'PaxList', 'Pax').map((p) => [text(p, 'PaxID'), text(p, 'PTC')]));
  const allowances = byId(each(lists, 'BaggageAllowanceList', 'BaggageAllowance'), 'BaggageAllowanceID');
  const penalties = byId(each(lists, 'PenaltyList', 'Penalty'), 'PenaltyID');
  return {
    segment: (id) => segments.get(id),
    journey: (id) => {
      const journey = journeys.get(id);
      if (!journey) throw new Error(`journey ${id} is not in DataLists`);
      return journey;
    },
    journeyOfSegment: (id) => journeyOfSegment.get(id),
    priceClass: (id) => {
      const c = classes.get(id);
      return c
        ? { code: text(c, 'Code') || id, name: text(c, 'Name') || id, cabin: text(c, 'CabinType', 'CabinTypeCode') }
        : { code: id, name: id, cabin: '' };
    },
    ptcOf: (id) => {
      const ptc = (pax.get(id) ?? '').toUpperCase();
      return (ptcs.includes(ptc) ? ptc : 'ADT') as PassengerType;
    },
    carrierName: (code) => names.get(code) ?? code,
    allowance: (id) => allowances.get(id),
    penalty: (id) => penalties.get(id),
  };
}

/** The sandbox's extension (AugmentationPoint): seats left and passenger data, per offer id. */
export interface OfferExtras {
  readonly seatsLeft: (offerId: string, segmentId: string, rbd: string) => number;
  readonly paxData: (offerId: string) => { gender: boolean; identityDocument: boolean };
}

export function extrasOf(root: XmlNode): OfferExtras {
  const offers = new Map(each(root, 'AugmentationPoint', 'Offers', 'Offer').map((o) => [o.attrs.OfferID ?? '', o]));
  return {
    seatsLeft: (offerId, segmentId, rbd) => {
      const found = all(offers.get(offerId), 'Availability').find(
        (a) => a.attrs.PaxSegmentRefID === segmentId && a.attrs.RBD === rbd,
      );
      const seats = Number(found?.attrs.SeatsLeft);
      return Number.isInteger(seats) ? seats : unknownSeatsLeft;
    },
    paxData: (offerId) => {
      const o = offers.get(offerId);
      return { gender: o?.attrs.GenderRequired === 'true', identityDocument: o?.attrs.IdentityDocRequired === 'true' };
    },
  };
}

/** A ChangeRestrictions or CancelRestrictions element as the port's terms (not allowed when absent). */
export const restriction = (node: XmlNode | undefined, currency: string): PenaltyTerms => {
  const fee = at(node, 'Fee', 'Amount');
  return {
    allowed: text(node, 'AllowedModificationInd') === 'true',
    fee: fee ? moneyOf(fee, currency) : null,
  };
};

const fareTypes: Record<string, ProviderOffer['fareType']> = { PUBLIC: 'public', NEGO: 'nego', RESIDENT: 'resident' };

/** Per passenger: the FareDetail's price, else the item's divided by its passengers. */
function perPassenger(item: XmlNode, count: number, currency: string) {
  const detail = at(item, 'FareDetail', 'Price');
  const price = detail ?? one(item, 'Price');
  const divide = (m: Money): Money =>
    detail || count <= 1 ? m : { amount: fromMinor(Math.round(toMinor(m.amount) / count)), currency: m.currency };
  const summary = one(price, 'TaxSummary');
  const total = moneyOf(one(price, 'TotalAmount'), currency);
  const taxTotal = moneyOf(one(summary, 'TotalTaxAmount'), total.currency);
  return {
    base: divide(moneyOf(one(price, 'BaseAmount'), total.currency)),
    taxes: all(summary, 'Tax').map((t) => ({
      code: text(t, 'TaxCode'),
      amount: divide(moneyOf(one(t, 'Amount'), total.currency)),
    })),
    taxTotal: divide(taxTotal),
    total: divide(total),
  };
}

/** The checked and cabin bags an offer's BaggageAssociations name (none named: none). */
export function baggageOf(offer: XmlNode, index: DataListIndex): ProviderOffer['baggage'] {
  const baggage = { checked: { pieces: 0, weightKg: 0 }, carryOn: { pieces: 0, weightKg: 0 } };
  for (const ref of each(offer, 'BaggageAssociations').flatMap((b) => texts(b, 'BaggageAllowanceRefID'))) {
    const allowance = index.allowance(ref);
    if (!allowance) continue;
    const amount = {
      pieces: Number(text(allowance, 'PieceAllowance', 'TotalQty') || '0'),
      weightKg: Number(text(allowance, 'WeightAllowance', 'MaximumWeightMeasure') || '0'),
    };
    if (text(allowance, 'TypeCode').toLowerCase().startsWith('carry')) baggage.carryOn = amount;
    else baggage.checked = amount;
  }
  return baggage;
}

/** The fee of the first penalty of that type (Change, Cancellation) among the ids, if any is listed. */
export function penaltyFee(index: DataListIndex, ids: readonly string[], typeCode: string, currency: string) {
  const penalty = ids.map((id) => index.penalty(id)).find((p) => text(p, 'TypeCode') === typeCode);
  return penalty ? moneyOf(at(penalty, 'Price', 'TotalAmount'), currency) : null;
}

export function offerOf(offer: XmlNode, index: DataListIndex, extras: OfferExtras): ProviderOffer {
  const offerId = text(offer, 'OfferID');
  const owner = text(offer, 'OwnerCode');
  const total = moneyOf(at(offer, 'TotalPrice', 'TotalAmount'), '');
  const currency = total.currency;
  const items = all(offer, 'OfferItem');
  const components = items.flatMap((i) => each(i, 'FareDetail', 'FareComponent'));
  const first = components[0];
  const overview = one(offer, 'JourneyOverview');
  const journeyIds = texts(overview, 'JourneyPriceClass', 'PaxJourneyRefID');
  const priceClassId = text(overview, 'PriceClassRefID') || text(overview, 'JourneyPriceClass', 'PriceClassRefID');
  const priceClass = index.priceClass(priceClassId);
  const journeys = journeyIds.map((id) => index.journey(id));
  const firstItem = items[0];
  const classes = new Map<string, string>();
  for (const c of firstItem ? each(firstItem, 'FareDetail', 'FareComponent') : []) {
    const code = text(c, 'RBD', 'RBD_Code');
    for (const segmentId of texts(c, 'PaxSegmentRefID'))
      if (code && !classes.has(segmentId)) classes.set(segmentId, code);
  }
  const baggage = baggageOf(offer, index);
  const paymentLimit = items
    .map((i) => text(i, 'PaymentTimeLimit', 'PaymentTimeLimitDate', 'PaymentTimeLimitDateTime'))
    .find((t) => t !== '');
  return {
    offerId,
    owner: { code: owner, name: index.carrierName(owner) },
    validatingCarrier: text(offer, 'ValidatingCarrierCode') || owner,
    fareType: fareTypes[text(first, 'FareTypeCode').toUpperCase()] ?? 'public',
    cabin: text(first, 'CabinType', 'CabinTypeCode') || priceClass.cabin,
    fareFamily: { code: priceClass.code, name: priceClass.name },
    expiresAt: text(offer, 'OfferExpirationTimeLimitDateTime'),
    paymentTimeLimit: paymentLimit ?? null,
    instantPayment: components.some((c) => texts(c, 'FareRule', 'InstantPurchaseTypeCode').includes('TT')),
    journeys,
    bookingClasses: journeys.flatMap((j) =>
      j.segments.map((s) => {
        const code = classes.get(s.id) ?? '';
        return { segmentId: s.id, code, seatsLeft: extras.seatsLeft(offerId, s.id, code) };
      }),
    ),
    total,
    passengers: items.map((item) => {
      const paxIds = [...new Set(each(item, 'Service').flatMap((s) => texts(s, 'PaxRefID')))];
      const detailPax = texts(item, 'FareDetail', 'PaxRefID');
      const travellers = paxIds.length > 0 ? paxIds : detailPax;
      const count = Math.max(1, travellers.length);
      const itemComponents = each(item, 'FareDetail', 'FareComponent');
      return {
        type: index.ptcOf(travellers[0] ?? ''),
        count,
        ...perPassenger(item, count, currency),
        // One fare basis per journey: the one on the journey's first segment.
        fareBasis: journeys.map((j) => {
          const segment = j.segments[0]?.id;
          const component = itemComponents.find((c) => texts(c, 'PaxSegmentRefID').includes(segment ?? ''));
          return text(component ?? itemComponents[0], 'FareBasisCode');
        }),
        fareCalculation: text(item, 'FareDetail', 'FareCalculationInfo', 'PricingCodeText'),
      };
    }),
    baggage,
    penalties: {
      change: restriction(at(firstItem, 'ChangeRestrictions'), currency),
      refund: restriction(at(firstItem, 'CancelRestrictions'), currency),
    },
    passengerRequirements: extras.paxData(offerId),
  };
}
