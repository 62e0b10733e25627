// The shopping messages in NDC 21.3 XML: each request read (leniently) into the sandbox's JSON
// message, each JSON answer written as the 21.3 response. The engine behind them is the one the
// JSON routes use; only the wire differs.
import type { AirShoppingRQ, AirShoppingRS } from '../messages/air-shopping.schema.js';
import type { OfferPriceRS } from '../messages/offer-price.schema.js';
import type { SeatAvailabilityRS } from '../messages/seat-availability.schema.js';
import type { ServiceListRS } from '../messages/service-list.schema.js';
import { dataListsXml, offerAugmentation, offerXml, paxIdsOf, type PaxIds } from './offer.xml.js';
import { all, at, each, text, texts, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { amount, el, leaf, type XmlElement } from '@contrail/ndc-xml-tree/xml-write';

type Ptc = 'ADT' | 'CHD' | 'INF';
const isPtc = (code: string): code is Ptc => code === 'ADT' || code === 'CHD' || code === 'INF';

/** The travellers a request names one by one (Pax/PaxID + PTC). */
export function paxOfRequest(paxNodes: readonly XmlNode[]): PaxIds {
  const ids: Record<Ptc, string[]> = { ADT: [], CHD: [], INF: [] };
  for (const pax of paxNodes) {
    const ptc = text(pax, 'PTC').toUpperCase();
    ids[isPtc(ptc) ? ptc : 'ADT'].push(text(pax, 'PaxID') || `PAX-${ptc}-${ids.ADT.length + 1}`);
  }
  return ids;
}

export function readAirShoppingRQ(request: XmlNode): { body: AirShoppingRQ; pax: PaxIds } {
  const pax = paxOfRequest(each(request, 'PaxList', 'Pax'));
  const criteria = each(request, 'FlightRequest', 'FlightRequestOriginDestinationsCriteria', 'OriginDestCriteria');
  const cabin = text(criteria[0], 'CabinType', 'CabinTypeCode');
  const carriers = each(request, 'FlightRelatedCriteria', 'CarrierCriteria', 'Carrier').map((c) =>
    text(c, 'AirlineDesigCode'),
  );
  const nego = text(request, 'OfferCriteria', 'ProgramCriteria', 'ProgamContract', 'ContractID');
  const resident = text(request, 'OfferCriteria', 'FareCriteria', 'FareTypeCode');
  const body: AirShoppingRQ = {
    OriginDestCriteria: criteria.map((od) => ({
      OriginCode: text(od, 'OriginDepCriteria', 'IATA_LocationCode'),
      DestCode: text(od, 'DestArrivalCriteria', 'IATA_LocationCode'),
      DepDate: text(od, 'OriginDepCriteria', 'Date'),
    })),
    PaxList: (['ADT', 'CHD', 'INF'] as const)
      .filter((ptc) => pax[ptc].length > 0)
      .map((ptc) => ({ PTC: ptc, Quantity: pax[ptc].length })),
    ...(cabin === 'C' || cabin === 'Y' ? { CabinTypeCode: cabin } : {}),
    ...(carriers.length ? { CarrierCriteria: carriers } : {}),
    ...(nego ? { NegoCode: nego } : {}),
    ...(resident ? { ResidentCode: resident } : {}),
  };
  return { body, pax };
}

export function airShoppingRS(rs: AirShoppingRS, pax: PaxIds): XmlElement[] {
  const offers = rs.OffersGroup.CarrierOffers.flatMap((g) => g.Offer);
  const response = el(
    'Response',
    offers.length > 0 &&
      dataListsXml(
        rs.DataLists,
        pax,
        offers.map((o) => o.BaggageAllowance),
      ),
    el(
      'OffersGroup',
      rs.OffersGroup.CarrierOffers.length > 0
        ? rs.OffersGroup.CarrierOffers.map((group) =>
            el(
              'CarrierOffers',
              group.Offer.map((offer) => offerXml(offer, pax)),
            ),
          )
        : el('CarrierOffers'),
    ),
  );
  return [response, offerAugmentation(offers)];
}

/** SelectedOffer/SelectedOfferItem: the offer priced and who travels on each item. */
export function readOfferPriceRQ(request: XmlNode): { body: { OfferID: string }; pax: PaxIds } {
  const selected = at(request, 'PricedOffer', 'SelectedOfferList', 'SelectedOffer');
  const ids: Record<Ptc, string[]> = { ADT: [], CHD: [], INF: [] };
  for (const item of all(selected, 'SelectedOfferItem')) {
    // The sandbox's offer item ids end with their passenger type (OF…-ADT).
    const ptc = text(item, 'OfferItemRefID').split('-').at(-1) ?? '';
    if (isPtc(ptc)) ids[ptc].push(...texts(item, 'PaxRefID'));
  }
  return { body: { OfferID: text(selected, 'OfferRefID') }, pax: ids };
}

const ptcCounts = (offer: OfferPriceRS['PricedOffer']) =>
  Object.fromEntries(offer.OfferItem.map((i) => [i.PTC, i.PaxQuantity])) as Partial<Record<Ptc, number>>;

export function offerPriceRS(rs: OfferPriceRS, given: PaxIds): XmlElement[] {
  const pax = paxIdsOf(ptcCounts(rs.PricedOffer), given);
  const response = el(
    'Response',
    dataListsXml(rs.DataLists, pax, [rs.PricedOffer.BaggageAllowance]),
    offerXml(rs.PricedOffer, pax, 'PricedOffer'),
    rs.Warning.map((w) =>
      el(
        'Warning',
        leaf('Code', w.Code),
        leaf('DescText', w.DescText),
        leaf('LangCode', 'EN'),
        w.Code === 'PRICE_CHANGED'
          ? leaf('TagText', `${rs.PreviousTotalAmount.Amount} ${rs.PreviousTotalAmount.CurCode}`)
          : null,
      ),
    ),
  );
  return [response, offerAugmentation([rs.PricedOffer])];
}

/** ServiceList and SeatAvailability ask by offer or by order; the JSON names either. */
export function readServiceRQ(core: XmlNode | undefined): { OfferID: string } | { OrderID: string } {
  const order = at(core, 'OrderRequest', 'Order');
  if (order) return { OrderID: text(order, 'OrderID') };
  return { OfferID: text(core, 'OfferRequest', 'Offer', 'OfferID') };
}

/**
 * 21.3 states who may buy an a-la-carte item by PaxRefID, not by passenger type: the sandbox lists
 * one Pax per type (PAX-ADT…) in DataLists and makes its items eligible for those. A flight's item
 * names its segment; PaxJourneyList says which journey each segment belongs to.
 */
export function serviceListRS(rs: ServiceListRS, owner: string): XmlElement {
  const journeys = new Map<string, Set<string>>();
  for (const item of rs.ALaCarteOffer.OfferItem) {
    const segments = journeys.get(item.PaxJourneyRefID) ?? new Set<string>();
    if (item.PaxSegmentRefID) segments.add(item.PaxSegmentRefID);
    journeys.set(item.PaxJourneyRefID, segments);
  }
  const ptcs = [...new Set(rs.ALaCarteOffer.OfferItem.flatMap((i) => i.EligiblePTC))];
  const bags = rs.ServiceDefinitionList.filter((d) => d.BaggageWeightKg !== undefined);
  return el(
    'Response',
    rs.ALaCarteOffer.OfferItem.length > 0 &&
      el(
        'ALaCarteOffer',
        leaf('OfferID', `${rs.OfferID}-ALC`),
        rs.ALaCarteOffer.OfferItem.map((item) =>
          el(
            'OfferItem',
            el(
              'Eligibility',
              el(
                'OfferFlightAssociations',
                item.PaxSegmentRefID
                  ? el('PaxSegmentReferences', leaf('PaxSegmentRefID', item.PaxSegmentRefID))
                  : el('PaxJourneyRef', leaf('PaxJourneyRefID', item.PaxJourneyRefID)),
              ),
              item.EligiblePTC.map((ptc) => leaf('PaxRefID', `PAX-${ptc}`)!),
            ),
            leaf('OfferItemID', item.OfferItemID),
            el(
              'Service',
              leaf('ServiceDefinitionRefID', item.ServiceDefinitionRefID),
              leaf('ServiceID', `${item.OfferItemID}-S`),
            ),
            el('UnitPrice', amount('TotalAmount', { amount: item.UnitPrice.Amount, currency: item.UnitPrice.CurCode })),
          ),
        ),
        leaf('OwnerCode', owner),
      ),
    el(
      'DataLists',
      bags.length > 0 &&
        el(
          'BaggageAllowanceList',
          bags.map((d) =>
            el(
              'BaggageAllowance',
              leaf('BaggageAllowanceID', `BAG-${d.ServiceDefinitionID}`),
              el('PieceAllowance', leaf('TotalQty', 1)),
              leaf('TypeCode', 'Checked'),
              el(
                'WeightAllowance',
                leaf('MaximumWeightMeasure', d.BaggageWeightKg),
                leaf('WeightUnitOfMeasurement', 'KGM'),
              ),
            ),
          ),
        ),
      el(
        'PaxJourneyList',
        [...journeys].map(([id, segments]) =>
          el(
            'PaxJourney',
            leaf('PaxJourneyID', id),
            (segments.size > 0 ? [...segments] : [`${id}-SEG`]).map((s) => leaf('PaxSegmentRefID', s)!),
          ),
        ),
      ),
      ptcs.length > 0 &&
        el(
          'PaxList',
          ptcs.map((ptc) => el('Pax', leaf('PaxID', `PAX-${ptc}`), leaf('PTC', ptc))),
        ),
      rs.ServiceDefinitionList.length > 0 &&
        el(
          'ServiceDefinitionList',
          rs.ServiceDefinitionList.map((d) =>
            el(
              'ServiceDefinition',
              leaf('Name', d.Name),
              leaf('OwnerCode', owner),
              leaf('RFIC', d.RFIC),
              leaf('RFISC', d.RFISC),
              d.BaggageWeightKg !== undefined
                ? el(
                    'ServiceDefinitionAssociation',
                    el('BaggageAllowanceRef', leaf('BaggageAllowanceRefID', `BAG-${d.ServiceDefinitionID}`)),
                  )
                : null,
              leaf('ServiceDefinitionID', d.ServiceDefinitionID),
            ),
          ),
        ),
    ),
  );
}

export function seatAvailabilityRS(rs: SeatAvailabilityRS, owner: string): XmlElement {
  // A seat's price is an a-la-carte item the seat points to (Seat/OfferItemRefID); one per price.
  const prices = new Map<string, XmlElement>();
  const priceRef = (m: { Amount: string; CurCode: string }) => {
    const id = `SEAT-${m.Amount.replace('.', '_')}-${m.CurCode}`;
    prices.set(
      id,
      el(
        'OfferItem',
        el('Eligibility'),
        leaf('OfferItemID', id),
        el('Service', leaf('ServiceDefinitionRefID', 'SEAT'), leaf('ServiceID', `${id}-S`)),
        el('UnitPrice', amount('TotalAmount', { amount: m.Amount, currency: m.CurCode })),
      ),
    );
    return id;
  };
  const maps = rs.SeatMap.map((map) => {
    const c = map.CabinCompartment;
    return el(
      'SeatMap',
      el(
        'CabinCompartment',
        el('CabinType', leaf('CabinTypeCode', c.CabinTypeCode)),
        leaf('FirstRowNumber', c.FirstRow),
        leaf('LastRowNumber', c.LastRow),
        c.ColumnID.map((col) =>
          el('SeatColumn', leaf('ColumnID', col.ID), leaf('SeatCharacteristicCode', col.Position)),
        ),
        c.SeatRow.map((row) =>
          el(
            'SeatRow',
            leaf('RowNumber', row.RowNumber),
            row.Seat.map((seat) =>
              el(
                'Seat',
                leaf('ColumnID', seat.ColumnID),
                leaf('OccupationStatusCode', seat.OccupationStatusCode),
                seat.Price ? leaf('OfferItemRefID', priceRef(seat.Price)) : null,
                leaf('RowNumber', row.RowNumber),
                seat.SeatCharacteristicCode.map((code) => leaf('SeatCharacteristicCode', code)!),
              ),
            ),
          ),
        ),
      ),
      leaf('PaxSegmentRefID', map.PaxSegmentRefID),
    );
  });
  return el(
    'Response',
    prices.size > 0 &&
      el('ALaCarteOffer', leaf('OfferID', `${rs.OfferID}-SEATS`), [...prices.values()], leaf('OwnerCode', owner)),
    maps,
  );
}
