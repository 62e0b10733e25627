// The shopping half of the AirlineProvider over NDC 21.3 XML: AirShopping, OfferPrice,
// ServiceList and SeatAvailability, each a safe message (retried after an unreachable airline).
// The adapter remembers what it shopped (bounded, newest kept) because OfferPriceRQ names an
// offer's items and travellers, which the port's price(offerId) does not carry.
import type { AirlineProvider, CallOptions, ProviderChannel, SeatMap, ServiceOption } from '../airline-provider.js';
import { airShoppingOffers, airShoppingRQ, shoppedOffers, type ShoppedOffer } from './air-shopping.xml.js';
import { exchangeNdcXml, type ExchangeSettings } from './ndc-xml-exchange.js';
import type { NdcXmlTransport } from './ndc-xml-transport.js';
import { offerPriceRQ, pricedOfferOf } from './offer-price.xml.js';
import { seatAvailabilityRQ, seatMapsOf } from './seat-availability.xml.js';
import { serviceListRQ, serviceOptionsOf, type OfferOrOrder } from './service-list.xml.js';

export type TransportOf = (channel: ProviderChannel) => NdcXmlTransport;

/** Offers remembered for pricing; the oldest go first. */
const rememberedOffers = 20_000;

export interface NdcXmlShopping extends Pick<AirlineProvider, 'shop' | 'price' | 'services' | 'seats'> {
  /** What the adapter remembers of an offer it shopped (its items and travellers). */
  shopped(offerId: string): ShoppedOffer | undefined;
  servicesOf(channel: ProviderChannel, ref: OfferOrOrder, call?: CallOptions): Promise<ServiceOption[]>;
  seatsOf(channel: ProviderChannel, ref: OfferOrOrder, call?: CallOptions): Promise<SeatMap[]>;
}

export function createNdcXmlShopping(transportOf: TransportOf, settings: ExchangeSettings): NdcXmlShopping {
  const shopped = new Map<string, ShoppedOffer>();
  const remember = (offers: Map<string, ShoppedOffer>) => {
    for (const [id, offer] of offers) {
      shopped.delete(id);
      shopped.set(id, offer);
    }
    for (const id of shopped.keys()) {
      if (shopped.size <= rememberedOffers) break;
      shopped.delete(id);
    }
  };
  const safe = (
    channel: ProviderChannel,
    message: 'ServiceList' | 'SeatAvailability',
    xml: string,
    call: CallOptions,
  ) => exchangeNdcXml(transportOf(channel), settings, { ...call, message, xml, carrier: channel.carrier, safe: true });

  async function servicesOf(channel: ProviderChannel, ref: OfferOrOrder, call: CallOptions = {}) {
    const { response } = await safe(channel, 'ServiceList', serviceListRQ(channel, ref), call);
    return serviceOptionsOf(response);
  }
  async function seatsOf(channel: ProviderChannel, ref: OfferOrOrder, call: CallOptions = {}) {
    const { response } = await safe(channel, 'SeatAvailability', seatAvailabilityRQ(channel, ref), call);
    return seatMapsOf(response);
  }

  return {
    shopped: (offerId) => shopped.get(offerId),
    servicesOf,
    seatsOf,
    async shop(channel, request, call = {}) {
      const { root, response } = await exchangeNdcXml(transportOf(channel), settings, {
        ...call,
        message: 'AirShopping',
        xml: airShoppingRQ(channel, request),
        carrier: channel.carrier,
        safe: true,
      });
      const offers = await airShoppingOffers(root, response);
      remember(shoppedOffers(response, offers));
      return offers;
    },
    async price(channel, offerId, call = {}) {
      const known = shopped.get(offerId);
      const { root, response } = await exchangeNdcXml(transportOf(channel), settings, {
        ...call,
        message: 'OfferPrice',
        xml: offerPriceRQ(channel, offerId, known),
        carrier: channel.carrier,
        safe: true,
      });
      return pricedOfferOf(root, response, known);
    },
    services: (channel, offerId, call) => servicesOf(channel, { offerId }, call),
    seats: (channel, offerId, call) => seatsOf(channel, { offerId }, call),
  };
}
