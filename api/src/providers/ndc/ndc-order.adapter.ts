// The order half of the AirlineProvider over NDC: OrderCreate, OrderRetrieve, OrderChange (pay and
// issue, services, contacts, passenger corrections, cancel, void, refund, accept a reshop offer)
// and OrderReshop.
//
// Every message on an existing order names it by the airline's locator AND the booking it was made
// for (BookingRef), so the airline refuses rather than change another booking's order; and every
// answer is checked against both before the domain sees it (order_mismatch otherwise), for
// airlines that would ignore the reference.
//
// Retries: only OrderRetrieve, OrderReshop, the order's ServiceList/SeatAvailability, the PUT of
// the notification URL and the acknowledgement of an airline change (the same answer twice is the
// same state) are sent with `safe: true`. OrderCreate and every OrderChange are NOT
// idempotent at the airline (a resent OrderCreate books twice; a resent payment after a lost answer
// is a second ticketing attempt we cannot tell from the first), so they go exactly once and a
// failure is the caller's to resolve, by retrieving the order.
import type {
  AirlineOrders,
  CallOptions,
  OrderRef,
  ProviderChannel,
  ProviderOrder,
  ServiceOption,
  SeatMap,
} from '../airline-provider.js';
import { ProviderError } from '../airline-provider.js';
import type { NdcSend } from './ndc-client.js';
import type { NdcChangeOrder, OrderReshopRQ, OrderReshopRS, OrderViewRS } from './ndc-order-messages.js';

const refOf = (order: OrderRef) => ({ OrderID: order.orderId, BookingRef: { BookingID: order.sellerReference } });

/** The airline's answer, if it is about the order we named; order_mismatch otherwise. */
export function matchingOrder(channel: ProviderChannel, order: OrderRef, answer: ProviderOrder): ProviderOrder {
  const sameOrder = answer.orderId.toUpperCase() === order.orderId.toUpperCase();
  const sameOwner = !channel.carrier || answer.owner === channel.carrier;
  if (sameOrder && sameOwner && answer.sellerReference === order.sellerReference) return answer;
  throw new ProviderError(
    'order_mismatch',
    `The airline answered for order ${answer.orderId} of ${answer.owner} (booking ${answer.sellerReference ?? 'unnamed'}), ` +
      `not for ${order.orderId} of booking ${order.sellerReference}.`,
    channel.carrier,
  );
}
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
  const change = async (channel: ProviderChannel, order: OrderRef, changeOrder: NdcChangeOrder, signal?: AbortSignal) =>
    send<OrderViewRS>(
      'OrderChange',
      channel.credential,
      channel.carrier,
      { ...refOf(order), ChangeOrder: changeOrder },
      { signal, changesOrder: true },
    );
  const changed = async (
    channel: ProviderChannel,
    order: OrderRef,
    changeOrder: NdcChangeOrder,
    signal?: AbortSignal,
  ) => matchingOrder(channel, order, orderOf(await change(channel, order, changeOrder, signal)));

  return {
    async createOrder(channel, request, call = {}) {
      const view = await send<OrderViewRS>('OrderCreate', channel.credential, channel.carrier, toOrderCreate(request), {
        ...call,
        changesOrder: true,
      });
      const created = orderOf(view);
      return matchingOrder(channel, { orderId: created.orderId, sellerReference: request.sellerReference }, created);
    },

    async retrieveOrder(channel, order, call = {}) {
      const view = await send<OrderViewRS>('OrderRetrieve', channel.credential, channel.carrier, refOf(order), {
        ...call,
        safe: true,
      });
      return matchingOrder(channel, order, orderOf(view));
    },

    async issueOrder(channel, order, payment, call = {}) {
      return changed(channel, order, { PaymentFunctions: toPaymentFunctions(payment) }, call.signal);
    },

    orderServices: (channel, order, call) => lookups.services(channel, { OrderID: order.orderId }, call),
    orderSeats: (channel, order, call) => lookups.seats(channel, { OrderID: order.orderId }, call),

    async addServices(channel, order, services, payment, call = {}) {
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
      return changed(channel, order, changeOrder, call.signal);
    },

    async updateContacts(channel, order, contact, call = {}) {
      const update = {
        ...(contact.email ? { EmailAddress: { EmailAddressText: contact.email } } : {}),
        ...(contact.phone ? { Phone: { PhoneNumber: contact.phone } } : {}),
      };
      return changed(channel, order, { UpdateContactInfo: update }, call.signal);
    },

    async updatePassengers(channel, order, corrections, call = {}) {
      const items = corrections.map((c) => ({
        PaxID: c.id,
        ...(c.title !== undefined ? { TitleName: c.title } : {}),
        ...(c.birthdate !== undefined ? { Birthdate: c.birthdate } : {}),
      }));
      return changed(channel, order, { UpdatePax: items }, call.signal);
    },

    async cancelOrder(channel, order, call = {}) {
      return changed(channel, order, { CancelOrder: true }, call.signal);
    },

    async voidOrder(channel, order, call = {}) {
      return changed(channel, order, { VoidTickets: true }, call.signal);
    },

    async quoteRefund(channel, order, call = {}) {
      const view = await change(channel, order, { RequestRefundQuote: true }, call.signal);
      if (!view.RefundQuote) {
        throw new ProviderError('airline_error', 'The airline gave no refund quote.', channel.carrier);
      }
      return refundQuoteOf(view.RefundQuote);
    },

    async confirmRefund(channel, order, quoteId, call = {}) {
      return changed(channel, order, { AcceptRefundQuote: { RefundQuoteID: quoteId } }, call.signal);
    },

    async reshopOrder(channel, order, request, call = {}) {
      const message: OrderReshopRQ =
        request.type === 'reprice'
          ? { ...refOf(order), Reprice: true }
          : {
              ...refOf(order),
              ChangeJourney: request.journeys.map((j) => ({ PaxJourneyRefID: j.journeyId, DepDate: j.date })),
            };
      const answer = await send<OrderReshopRS>('OrderReshop', channel.credential, channel.carrier, message, {
        ...call,
        safe: true,
      });
      return reshopOffersOf(answer);
    },

    async changeOrder(channel, order, reshopOfferId, payment, call = {}) {
      const changeOrder = {
        AcceptReshopOffer: { ReshopOfferID: reshopOfferId },
        ...(payment ? { PaymentFunctions: toPaymentFunctions(payment) } : {}),
      };
      return changed(channel, order, changeOrder, call.signal);
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

    async acknowledgeChange(channel, order, changeId, answer, call = {}) {
      const view = await send<OrderViewRS>(
        'OrderChange',
        channel.credential,
        channel.carrier,
        {
          ...refOf(order),
          ChangeOrder: { AcknowledgeChange: { NotifID: changeId, ActionCode: answer.toUpperCase() } },
        },
        { ...call, safe: true, changesOrder: true },
      );
      return matchingOrder(channel, order, orderOf(view));
    },

    // A JSON notice carries the airline's OrderViewRS; a full 21.3 XML notice (whatever wire the
    // channel speaks) was read into the port's order when it arrived (CurrentOrder).
    orderOfNotice(channel, order, notice) {
      const carried = notice as { OrderViewRS?: OrderViewRS; CurrentOrder?: ProviderOrder } | null;
      if (carried?.CurrentOrder) return matchingOrder(channel, order, carried.CurrentOrder);
      const view = carried?.OrderViewRS;
      if (!view?.Order || !view.DataLists) return null;
      return matchingOrder(channel, order, orderOf(view));
    },

    async disruptOrder(channel, order, request, call = {}) {
      const answer = await send<{ NotifID: string }>(
        '/sandbox/orders/disrupt',
        channel.credential,
        channel.carrier,
        {
          ...refOf(order),
          KindCode: request.kind.toUpperCase(),
          ...(request.minutes === undefined ? {} : { Minutes: request.minutes }),
          NoticeTypeCode: request.notice.toUpperCase(),
          ActionDeadlineDateTime: request.actionDeadline.toISOString(),
          ConsequenceCode: request.consequenceOfInaction.toUpperCase(),
          ...(request.repeat === undefined ? {} : { Repeat: request.repeat }),
        },
        { ...call, changesOrder: true },
      );
      return { changeId: answer.NotifID };
    },

    async setChannelClock(channel, setting, call = {}) {
      const answer = await send<{ now: string; floor: string | null }>(
        '/sandbox/channel_clock',
        channel.credential,
        channel.carrier,
        { offset_ms: setting.offsetMs, floor: setting.floor?.toISOString() ?? null, version: setting.version },
        { ...call, safe: true, method: 'PUT' },
      );
      return { now: new Date(answer.now), floor: answer.floor === null ? null : new Date(answer.floor) };
    },

    async openCheaperFare(channel, order, conditions, call = {}) {
      await send(
        '/sandbox/orders/cheaper_fare',
        channel.credential,
        channel.carrier,
        { ...refOf(order), ConditionsCode: conditions.toUpperCase() },
        { ...call, changesOrder: true },
      );
    },
  };
}
