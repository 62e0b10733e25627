// The order half of the AirlineProvider over NDC 21.3 XML, as far as it goes today: OrderCreate
// (→ OrderViewRS), OrderRetrieve, and OrderChange to pay and issue, cancel an unpaid order, add
// services and seats, and correct contacts and passengers; the order's services and seat maps.
// Every answer is checked to be the order named (matchingOrder, as the JSON adapter does). Only
// OrderRetrieve is retried; create and changes go exactly once (a lost answer leaves the outcome
// unknown: the caller retrieves the order).
import {
  ProviderError,
  type AirlineOrders,
  type CallOptions,
  type OrderRef,
  type ProviderChannel,
} from '../airline-provider.js';
import { matchingOrder } from '../ndc/ndc-order.adapter.js';
import type { ShoppedOffer } from './air-shopping.xml.js';
import { exchangeNdcXml, type ExchangeSettings } from './ndc-xml-exchange.js';
import type { NdcXmlMessage } from './ndc-xml-transport.js';
import type { NdcXmlShopping, TransportOf } from './ndc-xml-shopping.js';
import {
  addServicesRQ,
  cancelUnpaidOrderRQ,
  orderCreateRQ,
  orderRetrieveRQ,
  payOrderRQ,
  updateContactsRQ,
  updatePassengersRQ,
} from './order-messages.xml.js';
import { orderOfView } from './order-view.xml.js';
import {
  acceptCancelOfferRQ,
  acceptReshopOfferRQ,
  cancelOffersOf,
  cancelOffersRQ,
  orderReshopRQ,
  reshopOffersOf,
} from './order-reshop.xml.js';

export type NdcXmlOrderCore = Pick<
  AirlineOrders,
  | 'createOrder'
  | 'retrieveOrder'
  | 'issueOrder'
  | 'cancelOrder'
  | 'orderServices'
  | 'orderSeats'
  | 'addServices'
  | 'updateContacts'
  | 'updatePassengers'
  | 'reshopOrder'
  | 'changeOrder'
  | 'voidOrder'
  | 'quoteRefund'
  | 'confirmRefund'
>;

export function createNdcXmlOrderCore(
  transportOf: TransportOf,
  settings: ExchangeSettings,
  shopping: {
    shopped: (offerId: string) => ShoppedOffer | undefined;
    servicesOf: NdcXmlShopping['servicesOf'];
    seatsOf: NdcXmlShopping['seatsOf'];
  },
): NdcXmlOrderCore {
  const view = async (
    channel: ProviderChannel,
    message: NdcXmlMessage,
    xml: string,
    options: { safe: boolean; carriesCard: boolean; bookingLocator?: string; signal?: AbortSignal },
  ) => {
    const { root, response } = await exchangeNdcXml(transportOf(channel), settings, {
      ...options,
      message,
      xml,
      carrier: channel.carrier,
    });
    return orderOfView(root, response);
  };
  const cancelOffers = async (channel: ProviderChannel, order: OrderRef, call: CallOptions) => {
    const { response } = await exchangeNdcXml(transportOf(channel), settings, {
      ...call,
      message: 'OrderReshop',
      xml: cancelOffersRQ(channel, order),
      carrier: channel.carrier,
      safe: true,
      bookingLocator: order.orderId,
    });
    return cancelOffersOf(response);
  };
  const acceptCancelOffer = async (channel: ProviderChannel, order: OrderRef, offerId: string, call: CallOptions) =>
    matchingOrder(
      channel,
      order,
      await view(channel, 'OrderChange', acceptCancelOfferRQ(channel, order, offerId), {
        ...call,
        safe: false,
        carriesCard: false,
        bookingLocator: order.orderId,
      }),
    );

  return {
    // Void and refund are both "cancel an issued order" in 21.3: OrderReshop/CancelOrderRef says
    // what cancelling gives back (a Void offer inside the void window, a Refund offer as the
    // quote), OrderChange/AcceptCancelledOffer takes one.
    async voidOrder(channel, order, call = {}) {
      const offer = (await cancelOffers(channel, order, call)).find((o) => o.type === 'Void');
      if (!offer)
        throw new ProviderError('void_window_closed', 'The void window has closed; request a refund.', channel.carrier);
      return acceptCancelOffer(channel, order, offer.offerId, call);
    },
    async quoteRefund(channel, order, call = {}) {
      const offer = (await cancelOffers(channel, order, call)).find((o) => o.type === 'Refund');
      if (!offer) throw new ProviderError('airline_error', 'The airline gave no refund quote.', channel.carrier);
      return { quoteId: offer.offerId, refund: offer.refund, penalty: offer.penalty, expiresAt: offer.expiresAt };
    },
    confirmRefund: (channel, order, quoteId, call = {}) => acceptCancelOffer(channel, order, quoteId, call),
    async createOrder(channel, request, call = {}) {
      const created = await view(
        channel,
        'OrderCreate',
        orderCreateRQ(channel, request, shopping.shopped(request.offerId)?.items),
        {
          ...call,
          safe: false,
          carriesCard: request.payment?.form.type === 'card',
        },
      );
      return matchingOrder(channel, { orderId: created.orderId, sellerReference: request.sellerReference }, created);
    },
    async retrieveOrder(channel, order, call = {}) {
      const found = await view(channel, 'OrderRetrieve', orderRetrieveRQ(channel, order), {
        ...call,
        safe: true,
        carriesCard: false,
        bookingLocator: order.orderId,
      });
      return matchingOrder(channel, order, found);
    },
    async issueOrder(channel, order, payment, call = {}) {
      const paid = await view(channel, 'OrderChange', payOrderRQ(channel, order, payment), {
        ...call,
        safe: false,
        carriesCard: payment.form.type === 'card',
        bookingLocator: order.orderId,
      });
      return matchingOrder(channel, order, paid);
    },
    async cancelOrder(channel, order, call = {}) {
      const cancelled = await view(channel, 'OrderChange', cancelUnpaidOrderRQ(channel, order), {
        ...call,
        safe: false,
        carriesCard: false,
        bookingLocator: order.orderId,
      });
      return matchingOrder(channel, order, cancelled);
    },
    async reshopOrder(channel, order, request, call = {}) {
      // A change names the journeys' airports beside their ids: read from the order as booked.
      const current = matchingOrder(
        channel,
        order,
        await view(channel, 'OrderRetrieve', orderRetrieveRQ(channel, order), {
          ...call,
          safe: true,
          carriesCard: false,
          bookingLocator: order.orderId,
        }),
      );
      const { response } = await exchangeNdcXml(transportOf(channel), settings, {
        ...call,
        message: 'OrderReshop',
        xml: orderReshopRQ(channel, order, request, current),
        carrier: channel.carrier,
        safe: true,
        bookingLocator: order.orderId,
      });
      return reshopOffersOf(response, request.type);
    },
    async changeOrder(channel, order, reshopOfferId, payment, call = {}) {
      const changed = await view(channel, 'OrderChange', acceptReshopOfferRQ(channel, order, reshopOfferId, payment), {
        ...call,
        safe: false,
        carriesCard: payment?.form.type === 'card',
        bookingLocator: order.orderId,
      });
      return matchingOrder(channel, order, changed);
    },
    orderServices: (channel, order, call) => shopping.servicesOf(channel, { orderId: order.orderId }, call),
    orderSeats: (channel, order, call) => shopping.seatsOf(channel, { orderId: order.orderId }, call),
    async addServices(channel, order, services, payment, call = {}) {
      const changed = await view(channel, 'OrderChange', addServicesRQ(channel, order, services, payment), {
        ...call,
        safe: false,
        carriesCard: payment?.form.type === 'card',
        bookingLocator: order.orderId,
      });
      return matchingOrder(channel, order, changed);
    },
    async updateContacts(channel, order, contact, call = {}) {
      const changed = await view(channel, 'OrderChange', updateContactsRQ(channel, order, contact), {
        ...call,
        safe: false,
        carriesCard: false,
        bookingLocator: order.orderId,
      });
      return matchingOrder(channel, order, changed);
    },
    async updatePassengers(channel, order, corrections, call = {}) {
      // The surnames the corrections must repeat (21.3 requires one beside a title), as booked.
      const current = await view(channel, 'OrderRetrieve', orderRetrieveRQ(channel, order), {
        ...call,
        safe: true,
        carriesCard: false,
        bookingLocator: order.orderId,
      });
      const surnames = new Map(matchingOrder(channel, order, current).passengers.map((p) => [p.id, p.surname]));
      const changed = await view(channel, 'OrderChange', updatePassengersRQ(channel, order, corrections, surnames), {
        ...call,
        safe: false,
        carriesCard: false,
        bookingLocator: order.orderId,
      });
      return matchingOrder(channel, order, changed);
    },
  };
}
