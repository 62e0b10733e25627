// The sandbox's offers and DataLists (its NDC-named JSON) written as NDC 21.3 XML. What the JSON
// flattens is spread out as 21.3 has it: one Pax per person (PaxID) instead of a PTC with a
// quantity; each PaxSegment reaches its flight through DatedMarketingSegment →
// DatedOperatingSegment → DatedOperatingLeg; fare components sit on segments (with the booking
// class), so a journey's fare basis is repeated on each of its segments. An OfferItem's Price is
// for all its passengers; its FareDetail's Price is per passenger. 21.3 has no element for seats
// left, an offer-level payment time limit or passenger-data requirements: the time limit goes on
// each OfferItem, and the rest into AugmentationPoint (offerAugmentation).
import type { DataLists, OfferSchema } from '../messages/air-shopping.schema.js';
import type { Money } from '../messages/common.schema.js';
import { amount, el, leaf, type XmlElement } from '@contrail/ndc-xml-tree/xml-write';

/** The travellers of a message, one id per person, grouped by passenger type. */
export type PaxIds = Readonly<Record<'ADT' | 'CHD' | 'INF', readonly string[]>>;

/** Passenger ids for counts the request did not name one by one (PAX-ADT-1…). */
export function paxIdsOf(counts: Partial<Record<'ADT' | 'CHD' | 'INF', number>>, given?: PaxIds): PaxIds {
  const ids = (ptc: 'ADT' | 'CHD' | 'INF') => {
    const known = given?.[ptc] ?? [];
    const count = Math.max(counts[ptc] ?? 0, known.length);
    return Array.from({ length: count }, (_, i) => known[i] ?? `PAX-${ptc}-${i + 1}`);
  };
  return { ADT: ids('ADT'), CHD: ids('CHD'), INF: ids('INF') };
}

const xmlMoney = (name: string, m: Money) => amount(name, { amount: m.Amount, currency: m.CurCode });

/** An amount times a count, exactly (two decimals, as every sandbox currency has). */
export function timesCount(m: Money, count: number): Money {
  const negative = m.Amount.startsWith('-');
  const [whole, cents = '0'] = m.Amount.replace('-', '').split('.');
  const minor = (Number(whole) * 100 + Number(cents.padEnd(2, '0'))) * count;
  const text = `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
  return { Amount: negative && minor > 0 ? `-${text}` : text, CurCode: m.CurCode };
}

export const penaltyRestriction = (name: string, p: { Allowed: boolean; Fee?: Money }) =>
  el(name, leaf('AllowedModificationInd', String(p.Allowed)), p.Fee && el('Fee', xmlMoney('Amount', p.Fee)));

export const bagAllowanceId = (kind: 'Checked' | 'CarryOn', a: { Pieces: number; WeightKg: number }) =>
  `BAG-${kind}-${a.Pieces}PC-${a.WeightKg}KG`;

/** The offer's booking classes per segment, from its journeys. */
const classesOf = (offer: OfferSchema) =>
  offer.JourneyOverview.flatMap((o) => o.RBD.map((r) => ({ ...r, journey: o })));

export function offerXml(offer: OfferSchema, paxIds: PaxIds, elementName = 'Offer'): XmlElement {
  const everyone = [...paxIds.ADT, ...paxIds.CHD, ...paxIds.INF];
  const bags = offer.BaggageAllowance;
  return el(
    elementName,
    el(
      'BaggageAssociations',
      leaf('BaggageAllowanceRefID', bagAllowanceId('Checked', bags.CheckedBags)),
      leaf('BaggageAllowanceRefID', bagAllowanceId('CarryOn', bags.CarryOn)),
      everyone.map((id) => leaf('PaxRefID', id)!),
    ),
    el(
      'JourneyOverview',
      offer.JourneyOverview.map((o) =>
        el(
          'JourneyPriceClass',
          leaf('PaxJourneyRefID', o.PaxJourneyRefID),
          leaf('PriceClassRefID', offer.PriceClassRefID),
        ),
      ),
      leaf('PriceClassRefID', offer.PriceClassRefID),
    ),
    leaf('OfferExpirationTimeLimitDateTime', offer.OfferExpirationDateTime),
    leaf('OfferID', offer.OfferID),
    offer.OfferItem.map((item) => {
      const ids = paxIds[item.PTC].slice(0, item.PaxQuantity);
      const perPax = el(
        'Price',
        xmlMoney('BaseAmount', item.Price.BaseAmount),
        el(
          'TaxSummary',
          item.Price.TaxSummary.Tax.map((t) => el('Tax', xmlMoney('Amount', t.Amount), leaf('TaxCode', t.TaxCode))),
          xmlMoney('TotalTaxAmount', item.Price.TaxSummary.TotalTaxAmount),
        ),
        xmlMoney('TotalAmount', item.Price.TotalAmount),
      );
      return el(
        'OfferItem',
        penaltyRestriction('CancelRestrictions', offer.Penalties.Refund),
        penaltyRestriction('ChangeRestrictions', offer.Penalties.Change),
        el(
          'FareDetail',
          el(
            'FareCalculationInfo',
            leaf('AddlInfoText', 'NDC'),
            leaf('PricingCodeText', item.FareDetail.FareCalculation),
          ),
          classesOf(offer).map((c) =>
            el(
              'FareComponent',
              el('CabinType', leaf('CabinTypeCode', offer.CabinTypeCode)),
              leaf(
                'FareBasisCode',
                item.FareDetail.FareComponent.find((f) => f.PaxJourneyRefID === c.journey.PaxJourneyRefID)
                  ?.FareBasisCode,
              ),
              leaf('FareTypeCode', offer.FareTypeCode),
              leaf('PaxSegmentRefID', c.PaxSegmentRefID),
              leaf('PriceClassRefID', offer.PriceClassRefID),
              el('RBD', leaf('RBD_Code', c.RBDCode)),
              instantPurchaseRule(offer),
            ),
          ),
          ids.map((id) => leaf('PaxRefID', id)!),
          perPax,
        ),
        leaf('OfferItemID', item.OfferItemID),
        offer.PaymentTimeLimitDateTime
          ? el(
              'PaymentTimeLimit',
              el('PaymentTimeLimitDate', leaf('PaymentTimeLimitDateTime', offer.PaymentTimeLimitDateTime)),
            )
          : null,
        el(
          'Price',
          xmlMoney('BaseAmount', timesCount(item.Price.BaseAmount, item.PaxQuantity)),
          xmlMoney('TotalAmount', timesCount(item.Price.TotalAmount, item.PaxQuantity)),
        ),
        offer.JourneyOverview.map((o, j) =>
          el(
            'Service',
            el('OfferServiceAssociation', el('PaxJourneyRef', leaf('PaxJourneyRefID', o.PaxJourneyRefID))),
            ids.map((id) => leaf('PaxRefID', id)!),
            leaf('ServiceID', `${item.OfferItemID}-S${j + 1}`),
          ),
        ),
      );
    }),
    leaf('OwnerCode', offer.OwnerCode),
    el('TotalPrice', xmlMoney('TotalAmount', offer.TotalPrice.TotalAmount)),
    leaf('ValidatingCarrierCode', offer.ValidatingCarrierCode),
  );
}

/** Instant payment is a fare rule in 21.3 (InstantPurchaseTypeCode TT: ticket at once). */
const instantPurchaseRule = (offer: OfferSchema) =>
  offer.InstantPaymentRequired ? el('FareRule', leaf('InstantPurchaseTypeCode', 'TT')) : null;

/**
 * A fee a change or a cancellation costs, as DataLists/PenaltyList/Penalty (TypeCode Change or
 * Cancellation) for an offer or an order item to name by PenaltyRefID.
 */
export const penaltyXml = (id: string, typeCode: 'Change' | 'Cancellation', fee: Money) =>
  el('Penalty', leaf('PenaltyID', id), el('Price', xmlMoney('TotalAmount', fee)), leaf('TypeCode', typeCode));

/**
 * DataLists of the offers' flights, their passengers and the baggage allowances given (an offer's
 * BaggageAllowance each), with any penalties the offers or order items name.
 */
export function dataListsXml(
  lists: DataLists,
  paxIds: PaxIds,
  allowances: readonly OfferSchema['BaggageAllowance'][],
  penalties: readonly XmlElement[] = [],
): XmlElement {
  const bags = new Map<string, XmlElement>();
  for (const allowance of allowances) {
    for (const [kind, a] of [
      ['Checked', allowance.CheckedBags],
      ['CarryOn', allowance.CarryOn],
    ] as const) {
      bags.set(
        bagAllowanceId(kind, a),
        el(
          'BaggageAllowance',
          leaf('BaggageAllowanceID', bagAllowanceId(kind, a)),
          el('PieceAllowance', leaf('TotalQty', a.Pieces)),
          leaf('TypeCode', kind),
          el('WeightAllowance', leaf('MaximumWeightMeasure', a.WeightKg), leaf('WeightUnitOfMeasurement', 'KGM')),
        ),
      );
    }
  }
  const point = (name: string, s: DataLists['PaxSegmentList'][number]['Dep']) =>
    el(
      name,
      leaf('AircraftScheduledDateTime', s.AircraftScheduledDateTime),
      leaf('IATA_LocationCode', s.IATALocationCode),
      leaf('StationName', s.StationName),
    );
  const pax = (['ADT', 'CHD', 'INF'] as const).flatMap((ptc) =>
    paxIds[ptc].map((id) => el('Pax', leaf('PaxID', id), leaf('PTC', ptc))),
  );
  return el(
    'DataLists',
    bags.size > 0 && el('BaggageAllowanceList', [...bags.values()]),
    penalties.length > 0 && el('PenaltyList', penalties),
    lists.PaxSegmentList.length > 0 &&
      el(
        'DatedMarketingSegmentList',
        lists.PaxSegmentList.map((s) =>
          el(
            'DatedMarketingSegment',
            point('Arrival', s.Arrival),
            leaf('CarrierDesigCode', s.MarketingCarrierInfo.CarrierDesigCode),
            leaf('CarrierName', s.MarketingCarrierInfo.CarrierName),
            leaf('DatedMarketingSegmentId', `MS-${s.PaxSegmentID}`),
            leaf('DatedOperatingSegmentRefId', `OS-${s.PaxSegmentID}`),
            point('Dep', s.Dep),
            leaf('MarketingCarrierFlightNumberText', s.MarketingCarrierInfo.MarketingCarrierFlightNumberText),
          ),
        ),
      ),
    lists.PaxSegmentList.length > 0 &&
      el(
        'DatedOperatingLegList',
        lists.PaxSegmentList.map((s) =>
          el(
            'DatedOperatingLeg',
            point('Arrival', s.Arrival),
            leaf('DatedOperatingLegID', `OL-${s.PaxSegmentID}`),
            point('Dep', s.Dep),
            leaf('DistanceMeasure', s.DistanceMeasure.Value, { UnitCode: 'KMT' }),
            el('IATA_AircraftType', leaf('IATA_AircraftTypeCode', s.DatedOperatingLeg.IATAAircraftTypeCode)),
          ),
        ),
      ),
    lists.PaxSegmentList.length > 0 &&
      el(
        'DatedOperatingSegmentList',
        lists.PaxSegmentList.map((s) =>
          el(
            'DatedOperatingSegment',
            leaf('CarrierDesigCode', s.OperatingCarrierInfo.CarrierDesigCode),
            leaf('CarrierName', s.OperatingCarrierInfo.CarrierName),
            leaf('DatedOperatingLegRefID', `OL-${s.PaxSegmentID}`),
            leaf('DatedOperatingSegmentId', `OS-${s.PaxSegmentID}`),
            leaf('Duration', s.Duration),
            leaf('OperatingCarrierFlightNumberText', s.OperatingCarrierInfo.OperatingCarrierFlightNumberText),
          ),
        ),
      ),
    lists.OriginDestList.length > 0 &&
      el(
        'OriginDestList',
        lists.OriginDestList.map((od) =>
          el(
            'OriginDest',
            leaf('DestCode', od.DestCode),
            leaf('OriginCode', od.OriginCode),
            leaf('OriginDestID', od.OriginDestID),
            od.PaxJourneyRefID.map((id) => leaf('PaxJourneyRefID', id)!),
          ),
        ),
      ),
    lists.PaxJourneyList.length > 0 &&
      el(
        'PaxJourneyList',
        lists.PaxJourneyList.map((j) =>
          el(
            'PaxJourney',
            leaf('Duration', j.Duration),
            leaf('PaxJourneyID', j.PaxJourneyID),
            j.PaxSegmentRefID.map((id) => leaf('PaxSegmentRefID', id)!),
          ),
        ),
      ),
    pax.length > 0 && el('PaxList', pax),
    lists.PaxSegmentList.length > 0 &&
      el(
        'PaxSegmentList',
        lists.PaxSegmentList.map((s) =>
          el(
            'PaxSegment',
            leaf('DatedMarketingSegmentRefId', `MS-${s.PaxSegmentID}`),
            leaf('PaxSegmentID', s.PaxSegmentID),
          ),
        ),
      ),
    lists.PriceClassList.length > 0 &&
      el(
        'PriceClassList',
        lists.PriceClassList.map((c) =>
          el(
            'PriceClass',
            el('CabinType', leaf('CabinTypeCode', c.CabinTypeCode)),
            leaf('Code', c.Code),
            leaf('Name', c.Name),
            leaf('PriceClassID', c.PriceClassID),
          ),
        ),
      ),
  );
}

/** The sandbox's own namespace inside AugmentationPoint, 21.3's extension point (xs:any, lax). */
export const sandboxNs = 'urn:contrail:sandbox:ndc';

/**
 * What 21.3 has no element for, in the sandbox's extension: seats left per booking class and the
 * passenger data an offer needs at OrderCreate. An airline without it is read as "9 or more seats,
 * birth dates only".
 */
export function offerAugmentation(offers: readonly OfferSchema[]): XmlElement {
  return {
    name: 'AugmentationPoint',
    children: [
      {
        name: 'Offers',
        prefix: 'sbx:',
        attrs: { 'xmlns:sbx': sandboxNs },
        children: offers.map((offer) => ({
          name: 'Offer',
          prefix: 'sbx:',
          attrs: {
            OfferID: offer.OfferID,
            GenderRequired: String(offer.PaxDataRequirements.GenderRequired),
            IdentityDocRequired: String(offer.PaxDataRequirements.IdentityDocRequired),
          },
          children: classesOf(offer).map((c) => ({
            name: 'Availability',
            prefix: 'sbx:',
            attrs: { PaxSegmentRefID: c.PaxSegmentRefID, RBD: c.RBDCode, SeatsLeft: String(c.SeatsLeft) },
          })),
        })),
      },
    ],
  };
}
