// The order half of the AirlineProvider over NDC 21.3 XML, as far as it goes today: OrderCreate
// (→ OrderViewRS), OrderRetrieve, pay-and-issue and cancelling an unpaid order (OrderChange).
// Every answer is checked to be the order named (matchingOrder, as the JSON adapter does). Only
// OrderRetrieve is retried; create and changes go exactly once (a lost answer leaves the outcome
// unknown: the caller retrieves the order).
import type { AirlineOrders, ProviderChannel } from '../airline-provider.js';
import { matchingOrder } from '../ndc/ndc-order.adapter.js';
import type { ShoppedOffer } from './air-shopping.xml.js';
import { exchangeNdcXml, type ExchangeSettings } from './ndc-xml-exchange.js';
import type { NdcXmlMessage } from './ndc-xml-transport.js';
import type { TransportOf } from './ndc-xml-shopping.js';
import { cancelUnpaidOrderRQ, orderCreateRQ, orderRetrieveRQ, payOrderRQ } from './order-messages.xml.js';
import { orderOfView } from './order-view.xml.js';

export type NdcXmlOrderCore = Pick<AirlineOrders, 'createOrder' | 'retrieveOrder' | 'issueOrder' | 'cancelOrder'>;

export function createNdcXmlOrderCore(
  transportOf: TransportOf,
  settings: ExchangeSettings,
  shopped: (offerId: string) => ShoppedOffer | undefined,
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
  return {
    async createOrder(channel, request, call = {}) {
      const created = await view(
        channel,
        'OrderCreate',
        orderCreateRQ(channel, request, shopped(request.offerId)?.items),
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
  };
}
