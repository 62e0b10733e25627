// POST /ndc/OrderChange: one change per message (see messages/order-change.schema.ts). Every
// branch answers the order as it is afterwards; refund quotes ride along as RefundQuote.
import { cancelOrder, voidOrder } from '../engine/order-cancel.js';
import { issueOrder } from '../engine/order-issue.js';
import { assertStatus } from '../engine/order-lifecycle.js';
import type { Order, RefundQuote } from '../engine/order-model.js';
import { acceptReshopOffer } from '../engine/order-reissue.js';
import { acknowledgeDisruption } from '../engine/order-disruption.js';
import { confirmRefund, quoteRefund } from '../engine/order-refund.js';
import { addServices, type ServiceRequest } from '../engine/order-services.js';
import { NdcFailure } from '../http/ndc-errors.js';
import { parseBody } from '../http/parse-body.js';
import { paymentOf } from '../http/payment.js';
import type { Warning } from '../messages/common.schema.js';
import { OrderChangeRQ } from '../messages/order-change.schema.js';
import type { OrderViewRS } from '../messages/order-view.schema.js';
import { orderToView } from '../messages/order.mapper.js';
import { segmentIdOf } from '../messages/offer.mapper.js';
import type { NdcMessage, NdcRouteDeps } from './ndc-route-deps.js';
import type { OrderBook } from '../engine/order-book-types.js';
import type { Static } from 'typebox';

type Change = OrderChangeRQ['ChangeOrder'];
type Outcome = { warnings: Array<Static<typeof Warning>>; refundQuote?: RefundQuote };

const paymentIn = (change: Change) =>
  'PaymentFunctions' in change && change.PaymentFunctions
    ? paymentOf(change.PaymentFunctions, '/ChangeOrder/PaymentFunctions')
    : undefined;

function serviceRequests(order: Order, items: Extract<Change, { AddServiceItem: unknown }>['AddServiceItem']) {
  return items.map((item, i): ServiceRequest => {
    if ('ServiceID' in item) return { kind: 'SERVICE', serviceId: item.ServiceID, paxId: item.PaxRefID };
    const seat = item.SeatAssignment;
    const segment = order.journeys.flatMap((j) => j.segments).find((s) => segmentIdOf(s) === seat.PaxSegmentRefID);
    if (!segment) {
      throw new NdcFailure('INVALID_REQUEST', 'No such segment in the order.', `/ChangeOrder/AddServiceItem/${i}`);
    }
    return {
      kind: 'SEAT',
      flightKey: segment.flight.key,
      row: seat.RowNumber,
      column: seat.ColumnID,
      paxId: item.PaxRefID,
    };
  });
}

/** Title and birthdate corrections, before issue only (a ticket's passenger data is fixed). */
function updatePax(order: Order, items: Extract<Change, { UpdatePax: unknown }>['UpdatePax']): void {
  assertStatus(order, 'HELD');
  const pax = items.map((item, i) => {
    const found = order.pax.find((p) => p.id === item.PaxID);
    if (!found)
      throw new NdcFailure('INVALID_REQUEST', 'No such passenger in the order.', `/ChangeOrder/UpdatePax/${i}/PaxID`);
    return found;
  });
  items.forEach((item, i) => {
    if (item.TitleName !== undefined) pax[i]!.title = item.TitleName;
    if (item.Birthdate !== undefined) pax[i]!.birthdate = item.Birthdate;
  });
}

function applyChange(book: OrderBook, order: Order, change: Change): Outcome {
  if ('AddServiceItem' in change) {
    const result = addServices(book, order, serviceRequests(order, change.AddServiceItem), paymentIn(change));
    return {
      warnings: result.repeated
        ? [{ Code: 'SERVICE_ALREADY_ADDED', DescText: `${result.repeated} item(s) were already on the order.` }]
        : [],
    };
  }
  if ('AcceptReshopOffer' in change) {
    acceptReshopOffer(book, order, change.AcceptReshopOffer.ReshopOfferID, paymentIn(change));
    return { warnings: [] };
  }
  if ('PaymentFunctions' in change) {
    const { alreadyIssued } = issueOrder(book, order, paymentIn(change)!);
    return {
      warnings: alreadyIssued
        ? [{ Code: 'ORDER_ALREADY_ISSUED', DescText: 'The order was already issued; no payment was taken.' }]
        : [],
    };
  }
  if ('UpdateContactInfo' in change) {
    assertStatus(order, 'HELD', 'ISSUED');
    const { EmailAddress, Phone } = change.UpdateContactInfo;
    if (EmailAddress) order.contact.email = EmailAddress.EmailAddressText;
    if (Phone) order.contact.phone = Phone.PhoneNumber;
  }
  if ('UpdatePax' in change) updatePax(order, change.UpdatePax);
  if ('AcknowledgeChange' in change)
    acknowledgeDisruption(book, order, change.AcknowledgeChange.NotifID, change.AcknowledgeChange.ActionCode);
  if ('CancelOrder' in change) cancelOrder(book, order);
  if ('VoidTickets' in change) voidOrder(book, order);
  if ('RequestRefundQuote' in change) return { warnings: [], refundQuote: quoteRefund(book, order) };
  if ('AcceptRefundQuote' in change) {
    return { warnings: [], refundQuote: confirmRefund(book, order, change.AcceptRefundQuote.RefundQuoteID) };
  }
  return { warnings: [] };
}

export default function orderChangeMessage({ engine, latency }: NdcRouteDeps): NdcMessage<OrderViewRS> {
  return async ({ body, channel }): Promise<OrderViewRS> => {
    const { credential } = channel;
    const rq = parseBody(OrderChangeRQ, body);
    const order = engine.orders.find(credential, rq.OrderID, rq.BookingRef?.BookingID);
    const outcome = applyChange(engine.orders, order, rq.ChangeOrder);
    await latency([order.owner.code]);
    return orderToView(order, engine.clock.now(), outcome);
  };
}
