// AirShoppingRQ built from a search and AirShoppingRS read into offers. Travellers go one Pax per
// person (PAX1, PAX2…: 21.3 has no PTC quantity); the channel's airline is the carrier criterion,
// its negotiated code a program contract and its resident code a fare type criterion.
import type { ProviderChannel, ProviderOffer, ShopRequest } from '../airline-provider.js';
import { extrasOf, indexDataLists, offerOf } from './offer-reader.js';
import { requestDocument } from './ndc-xml-request.js';
import { detached, detachStrings, each, one, texts, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { el, leaf } from '@contrail/ndc-xml-tree/xml-write';

/** The travellers of a search, one id per person, in request order. */
export function paxOfSearch(request: ShopRequest): { id: string; type: string }[] {
  return request.passengers
    .flatMap((p) => Array.from({ length: p.count }, () => p.type))
    .map((type, i) => ({ id: `PAX${i + 1}`, type }));
}

export function airShoppingRQ(channel: ProviderChannel, request: ShopRequest): string {
  return requestDocument(
    'IATA_AirShoppingRQ',
    channel.carrier,
    el(
      'Request',
      el('FlightRelatedCriteria', el('CarrierCriteria', el('Carrier', leaf('AirlineDesigCode', channel.carrier)))),
      el(
        'FlightRequest',
        el(
          'FlightRequestOriginDestinationsCriteria',
          request.legs.map((leg) =>
            el(
              'OriginDestCriteria',
              el('CabinType', leaf('CabinTypeCode', request.cabin), el('PrefLevel', leaf('PrefLevelCode', 'Required'))),
              el('DestArrivalCriteria', leaf('IATA_LocationCode', leg.destination)),
              el('OriginDepCriteria', leaf('Date', leg.date), leaf('IATA_LocationCode', leg.origin)),
            ),
          ),
        ),
      ),
      (channel.negoCode || channel.residentCode) &&
        el(
          'OfferCriteria',
          channel.residentCode && el('FareCriteria', leaf('FareTypeCode', channel.residentCode)),
          channel.negoCode && el('ProgramCriteria', el('ProgamContract', leaf('ContractID', channel.negoCode))),
        ),
      el(
        'PaxList',
        paxOfSearch(request).map((p) => el('Pax', leaf('PaxID', p.id), leaf('PTC', p.type))),
      ),
    ),
  );
}

/** Mapping time between two yields to the event loop (a 1.5 MB answer maps in many slices). */
const sliceMs = 5;

export async function airShoppingOffers(root: XmlNode, response: XmlNode): Promise<ProviderOffer[]> {
  const index = indexDataLists(one(response, 'DataLists'));
  const extras = extrasOf(root);
  const offers: ProviderOffer[] = [];
  // An offer outlives the answer (it waits for the other airlines, then sits in the search results
  // cache): its strings are detached, or each would keep the whole answer alive through it.
  const seen = new Set<object>();
  let since = performance.now();
  for (const offer of each(response, 'OffersGroup', 'CarrierOffers', 'Offer')) {
    offers.push(detachStrings(offerOf(offer, index, extras), seen));
    if (performance.now() - since > sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
  return offers;
}

/** What pricing an offer later needs: its owner, its items and who travels on each. */
export interface ShoppedOffer {
  readonly owner: string;
  readonly total: ProviderOffer['total'];
  readonly items: readonly { id: string; paxIds: readonly string[] }[];
}

/**
 * Every string in it is detached from the answer (the adapter remembers 20,000 offers): the read
 * offers' own are already (airShoppingOffers).
 */
export function shoppedOffers(response: XmlNode, offers: readonly ProviderOffer[]): Map<string, ShoppedOffer> {
  const byId = new Map(offers.map((o) => [o.offerId, o]));
  const shopped = new Map<string, ShoppedOffer>();
  for (const offer of each(response, 'OffersGroup', 'CarrierOffers', 'Offer')) {
    const id = texts(offer, 'OfferID')[0] ?? '';
    const read = byId.get(id);
    if (!read) continue;
    shopped.set(read.offerId, {
      owner: read.owner.code,
      total: { amount: read.total.amount, currency: read.total.currency },
      items: each(offer, 'OfferItem').map((item) => ({
        id: detached(texts(item, 'OfferItemID')[0] ?? ''),
        paxIds: [...new Set(each(item, 'Service').flatMap((s) => texts(s, 'PaxRefID')))].map(detached),
      })),
    });
  }
  return shopped;
}
