// The order half of the AirlineProvider over NDC: OrderCreate, OrderRetrieve, OrderChange (pay and
// issue, services, contacts, passenger corrections, cancel, void, refund, accept a reshop offer)
// and OrderReshop.
//
// Retries: only OrderRetrieve, OrderReshop, the order's ServiceList/SeatAvailability and the PUT of
// the notification URL are sent with `safe: true`. OrderCreate and every OrderChange are NOT
// idempotent at the airline (a resent OrderCreate books twice; a resent payment after a lost answer
// is a second ticketing attempt we cannot tell from the first), so they go exactly once and a
// failure is the caller's to resolve, by retrieving the order.
import type { AirlineOrders, CallOptions, ProviderChannel, ServiceOption, SeatMap } from '../airline-provider.js';
import { ProviderError } from '../airline-provider.js';
import type { NdcSend } from './ndc-client.js';
import type { NdcChangeOrder, OrderReshopRQ, OrderReshopRS, OrderViewRS } from './ndc-order-messages.js';
import { orderOf, refundQuoteOf, reshopOffersOf, toOrderCreate, toPaymentFunctions } from './ndc-order.mapper.js';

export interface OrderLookups {
  /** The ServiceList and SeatAvailability answers for an order, shared with the shopping half. */
  readonly services: (
    channel: ProviderChannel,
    ref: { OrderID: string },
    call?: CallOptions,
  ) => Promise<ServiceOption[]>;
  readonly seats: (channel: ProviderChannel, ref: { OrderID: string }, call?: CallOptions) => Promise<SeatMap[]>;
}

export function createNdcOrders(send: NdcSend, lookups: OrderLookups): AirlineOrders {
  const change = (channel: ProviderChannel, orderId: string, changeOrder: NdcChangeOrder, signal?: AbortSignal) =>
    send<OrderViewRS>(
      'OrderChange',
      channel.credential,
      channel.carrier,
      { OrderID: orderId, ChangeOrder: changeOrder },
      { signal, changesOrder: true },
    );

  return {
    async createOrder(channel, request, call = {}) {
      const view = await send<OrderViewRS>('OrderCreate', channel.credential, channel.carrier, toOrderCreate(request), {
        ...call,
        changesOrder: true,
      });
      return orderOf(view);
    },

    async retrieveOrder(channel, orderId, call = {}) {
      const view = await send<OrderViewRS>(
        'OrderRetrieve',
        channel.credential,
        channel.carrier,
        { OrderID: orderId },
        { ...call, safe: true },
      );
      return orderOf(view);
    },

    async issueOrder(channel, orderId, payment, call = {}) {
      return orderOf(await change(channel, orderId, { PaymentFunctions: toPaymentFunctions(payment) }, call.signal));
    },

    orderServices: (channel, orderId, call) => lookups.services(channel, { OrderID: orderId }, call),
    orderSeats: (channel, orderId, call) => lookups.seats(channel, { OrderID: orderId }, call),

    async addServices(channel, orderId, services, payment, call = {}) {
      const items = services.map((s) =>
        'seat' in s
          ? {
              SeatAssignment: { PaxSegmentRefID: s.seat.segmentId, RowNumber: s.seat.row, ColumnID: s.seat.column },
              PaxRefID: s.passengerId,
            }
          : { ServiceID: s.serviceId, PaxRefID: s.passengerId },
      );
      const changeOrder = {
        AddServiceItem: items,
        ...(payment ? { PaymentFunctions: toPaymentFunctions(payment) } : {}),
      };
      return orderOf(await change(channel, orderId, changeOrder, call.signal));
    },

    async updateContacts(channel, orderId, contact, call = {}) {
      const update = {
        ...(contact.email ? { EmailAddress: { EmailAddressText: contact.email } } : {}),
        ...(contact.phone ? { Phone: { PhoneNumber: contact.phone } } : {}),
      };
      return orderOf(await change(channel, orderId, { UpdateContactInfo: update }, call.signal));
    },

    async updatePassengers(channel, orderId, corrections, call = {}) {
      const items = corrections.map((c) => ({
        PaxID: c.id,
        ...(c.title !== undefined ? { TitleName: c.title } : {}),
        ...(c.birthdate !== undefined ? { Birthdate: c.birthdate } : {}),
      }));
      return orderOf(await change(channel, orderId, { UpdatePax: items }, call.signal));
    },

    async cancelOrder(channel, orderId, call = {}) {
      return orderOf(await change(channel, orderId, { CancelOrder: true }, call.signal));
    },

    async voidOrder(channel, orderId, call = {}) {
      return orderOf(await change(channel, orderId, { VoidTickets: true }, call.signal));
    },

    async quoteRefund(channel, orderId, call = {}) {
      const view = await change(channel, orderId, { RequestRefundQuote: true }, call.signal);
      if (!view.RefundQuote) {
        throw new ProviderError('airline_error', 'The airline gave no refund quote.', channel.carrier);
      }
      return refundQuoteOf(view.RefundQuote);
    },

    async confirmRefund(channel, orderId, quoteId, call = {}) {
      return orderOf(await change(channel, orderId, { AcceptRefundQuote: { RefundQuoteID: quoteId } }, call.signal));
    },

    async reshopOrder(channel, orderId, request, call = {}) {
      const message: OrderReshopRQ =
        request.type === 'reprice'
          ? { OrderID: orderId, Reprice: true }
          : {
              OrderID: orderId,
              ChangeJourney: request.journeys.map((j) => ({ PaxJourneyRefID: j.journeyId, DepDate: j.date })),
            };
      const answer = await send<OrderReshopRS>('OrderReshop', channel.credential, channel.carrier, message, {
        ...call,
        safe: true,
      });
      return reshopOffersOf(answer);
    },

    async changeOrder(channel, orderId, reshopOfferId, payment, call = {}) {
      const changeOrder = {
        AcceptReshopOffer: { ReshopOfferID: reshopOfferId },
        ...(payment ? { PaymentFunctions: toPaymentFunctions(payment) } : {}),
      };
      return orderOf(await change(channel, orderId, changeOrder, call.signal));
    },

    async registerNotifications(channel, url, call = {}) {
      // Per credential at the airline; a PUT of the same URL twice is the same state, so it is safe.
      await send(
        '/sandbox/notify_url',
        channel.credential,
        channel.carrier,
        { url },
        { ...call, safe: true, method: 'PUT' },
      );
    },
  };
}
