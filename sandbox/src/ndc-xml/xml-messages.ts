// What each 21.3 XML message does in the sandbox: read the request into the JSON message the
// sandbox's routes take, call the same message those routes call (the same engine, clock,
// scenarios and orders), and write the JSON answer back as the 21.3 response. `call` throws
// NdcFailure or AirlineRefusal when the engine refuses.
import type { Channel } from '../http/channel-credential.js';
import type { NdcMessageCall } from '../routes/ndc-message-call.js';
import type { AirShoppingRS } from '../messages/air-shopping.schema.js';
import type { OfferPriceRS } from '../messages/offer-price.schema.js';
import type { SeatAvailabilityRS } from '../messages/seat-availability.schema.js';
import type { ServiceListRS } from '../messages/service-list.schema.js';
import {
  airShoppingRS,
  offerPriceRS,
  readAirShoppingRQ,
  readOfferPriceRQ,
  readServiceRQ,
  seatAvailabilityRS,
  serviceListRS,
} from './shopping.xml.js';
import type { OrderViewRS } from '../messages/order-view.schema.js';
import { orderViewRS, readOrderChangeRQ, readOrderCreateRQ, readOrderRetrieveRQ } from './order.xml.js';
import type { OrderReshopRS } from '../messages/order-reshop.schema.js';
import { cancelOffersRS, orderReshopRS, readOrderReshopRQ } from './order-reshop.xml.js';
import { at, text, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import type { XmlElement } from '@contrail/ndc-xml-tree/xml-write';

export interface XmlMessage {
  /** The root element of the answer (OrderCreate and the order messages answer IATA_OrderViewRS). */
  readonly answer: string;
  handle(request: XmlNode, call: NdcMessageCall, channel: Channel): Promise<XmlElement | XmlElement[]>;
}

const ownerOf = (request: XmlNode, path: string[], channel: Channel) =>
  text(request, ...path, 'OwnerCode') || channel.carrier || 'YY';

export const shoppingMessages: Record<string, XmlMessage> = {
  AirShopping: {
    answer: 'IATA_AirShoppingRS',
    async handle(request, call) {
      const { body, pax } = readAirShoppingRQ(request);
      return airShoppingRS(await call<AirShoppingRS>('AirShopping', body), pax);
    },
  },
  OfferPrice: {
    answer: 'IATA_OfferPriceRS',
    async handle(request, call) {
      const { body, pax } = readOfferPriceRQ(request);
      return offerPriceRS(await call<OfferPriceRS>('OfferPrice', body), pax);
    },
  },
  ServiceList: {
    answer: 'IATA_ServiceListRS',
    async handle(request, call, channel) {
      const core = at(request, 'ServiceListCoreRequest');
      const owner = ownerOf(
        core!,
        at(core, 'OrderRequest') ? ['OrderRequest', 'Order'] : ['OfferRequest', 'Offer'],
        channel,
      );
      return serviceListRS(await call<ServiceListRS>('ServiceList', readServiceRQ(core)), owner);
    },
  },
  SeatAvailability: {
    answer: 'IATA_SeatAvailabilityRS',
    async handle(request, call, channel) {
      const core = at(request, 'SeatAvailibilityCoreRequest');
      const owner = ownerOf(
        core!,
        at(core, 'OrderRequest') ? ['OrderRequest', 'Order'] : ['OfferRequest', 'Offer'],
        channel,
      );
      return seatAvailabilityRS(await call<SeatAvailabilityRS>('SeatAvailability', readServiceRQ(core)), owner);
    },
  },
};

export const orderMessages: Record<string, XmlMessage> = {
  OrderCreate: {
    answer: 'IATA_OrderViewRS',
    handle: async (request, call) => orderViewRS(await call<OrderViewRS>('OrderCreate', readOrderCreateRQ(request))),
  },
  OrderRetrieve: {
    answer: 'IATA_OrderViewRS',
    handle: async (request, call) =>
      orderViewRS(await call<OrderViewRS>('OrderRetrieve', readOrderRetrieveRQ(request))),
  },
  OrderReshop: {
    answer: 'IATA_OrderReshopRS',
    handle: async (request, call, channel) =>
      (await cancelOffersRS(request, call)) ??
      orderReshopRS(await call<OrderReshopRS>('OrderReshop', readOrderReshopRQ(request)), channel.carrier ?? 'YY'),
  },
  OrderChange: {
    answer: 'IATA_OrderViewRS',
    handle: async (request, call) => orderViewRS(await call<OrderViewRS>('OrderChange', readOrderChangeRQ(request))),
  },
};
