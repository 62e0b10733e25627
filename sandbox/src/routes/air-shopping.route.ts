// POST /ndc/AirShopping: offers for one-way, return and multi-city searches.
import { airportByCode } from '../data/airports.data.js';
import { waitFor } from '../engine/latency.js';
import { seatedCount, type Offer } from '../engine/offer-build.js';
import { scenariosOf, type ShopRequest } from '../engine/offer-shop.js';
import { idOf } from '../engine/prng.js';
import { defaultSearchTimeoutMs } from '../engine/scenarios.js';
import type { Channel } from '../http/channel-credential.js';
import { NdcFailure } from '../http/ndc-errors.js';
import { parseBody } from '../http/parse-body.js';
import { AirShoppingRQ, type AirShoppingRS } from '../messages/air-shopping.schema.js';
import { dataListsOf, offerToNdc } from '../messages/offer.mapper.js';
import type { NdcMessage, NdcRouteDeps } from './ndc-route-deps.js';

function toShopRequest(rq: AirShoppingRQ, channel: Channel): ShopRequest {
  rq.OriginDestCriteria.forEach((leg, i) => {
    for (const [field, code] of [
      ['OriginCode', leg.OriginCode],
      ['DestCode', leg.DestCode],
    ] as const) {
      if (!airportByCode(code))
        throw new NdcFailure(
          'UNKNOWN_LOCATION',
          `${code} is not served by the sandbox airlines.`,
          `/OriginDestCriteria/${i}/${field}`,
        );
    }
    if (leg.OriginCode.toUpperCase() === leg.DestCode.toUpperCase()) {
      throw new NdcFailure('INVALID_ITINERARY', 'Origin and destination are the same.', `/OriginDestCriteria/${i}`);
    }
    if (Number.isNaN(Date.parse(`${leg.DepDate}T00:00:00Z`))) {
      throw new NdcFailure(
        'INVALID_REQUEST',
        `${leg.DepDate} is not a calendar date.`,
        `/OriginDestCriteria/${i}/DepDate`,
      );
    }
  });
  const pax = { ADT: 0, CHD: 0, INF: 0 };
  for (const p of rq.PaxList) pax[p.PTC] += p.Quantity;
  // Airlines sell no unaccompanied minors online and seat each infant on an adult's lap.
  if (pax.ADT < 1) throw new NdcFailure('INVALID_REQUEST', 'At least one adult (ADT) must travel.', '/PaxList');
  if (pax.INF > pax.ADT) throw new NdcFailure('INVALID_REQUEST', 'Each infant (INF) needs an adult.', '/PaxList');
  if (seatedCount(pax) > 9) throw new NdcFailure('INVALID_REQUEST', 'At most 9 seated passengers.', '/PaxList');
  const requested = rq.CarrierCriteria?.map((c) => c.toUpperCase());
  // A credential bound to one airline only ever sees that airline, whatever the filter asks.
  const carriers = channel.carrier
    ? requested && !requested.includes(channel.carrier)
      ? ['--']
      : [channel.carrier]
    : requested;
  return {
    legs: rq.OriginDestCriteria.map((leg) => ({
      origin: leg.OriginCode,
      destination: leg.DestCode,
      date: leg.DepDate,
    })),
    pax,
    cabin: rq.CabinTypeCode ?? 'Y',
    ...(carriers ? { carriers } : {}),
    ...(rq.NegoCode ? { negoCode: rq.NegoCode } : {}),
    ...(rq.ResidentCode ? { residentCode: rq.ResidentCode } : {}),
  };
}

export default function airShoppingMessage({ engine, latency }: NdcRouteDeps): NdcMessage<AirShoppingRS> {
  return async ({ body, channel, signal }): Promise<AirShoppingRS> => {
    const rq = parseBody(AirShoppingRQ, body);
    const shop = toShopRequest(rq, channel);
    if (scenariosOf(shop).includes('search_timeout')) {
      await waitFor(rq.SandboxDelayMs ?? defaultSearchTimeoutMs, signal);
      throw new NdcFailure('SEARCH_TIMEOUT');
    }
    const offers = engine.shop(shop);
    await latency([...new Set(offers.map((o) => o.owner.code))]);
    return {
      PayloadAttributes: { Version: '21.3', Timestamp: engine.clock.now().toISOString() },
      ShoppingResponseID: idOf('SR', engine.seed, JSON.stringify(rq)),
      OffersGroup: { CarrierOffers: groupByCarrier(offers, engine.inventory) },
      DataLists: dataListsOf(offers),
    };
  };
}

function groupByCarrier(offers: readonly Offer[], inventory: NdcRouteDeps['engine']['inventory']) {
  const groups = new Map<string, AirShoppingRS['OffersGroup']['CarrierOffers'][number]>();
  for (const offer of offers) {
    const group = groups.get(offer.owner.code) ?? {
      CarrierCode: offer.owner.code,
      CarrierName: offer.owner.name,
      Offer: [],
    };
    group.Offer.push(offerToNdc(offer, inventory));
    groups.set(offer.owner.code, group);
  }
  return [...groups.values()];
}
