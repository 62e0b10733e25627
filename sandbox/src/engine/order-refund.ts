// Refunds of issued tickets: a quote (what comes back, what the fare family keeps, how long the
// quote holds) and its confirmation. A refundable fare (Flex) returns everything less its fee; a
// non-refundable one (Light, Classic) keeps the fare and returns only the taxes, as airlines must.
// EMDs are not refunded with the tickets (airline practice for bought services once issued).
// When the airline itself cancelled a ticketed order, the refund is involuntary: everything back,
// no penalty, whatever the fare family; so it is while the airline's own schedule change of the order
// awaits the seller's answer (or was answered by cancelling): the airline waives its penalty.
import { AirlineRefusal } from './airline-refusal.js';
import type { OrderBook } from './order-book-types.js';
import { activeTickets, assertStatus, closeOrder, feeMinor } from './order-lifecycle.js';
import { waived, type Order, type RefundQuote } from './order-model.js';

/** A refund quote is binding for this long on the sandbox clock. */
export const refundQuoteSeconds = 20 * 60;

/** Ticketed orders, and ticketed orders the airline cancelled (involuntary refund). */
function assertRefundable(order: Order): void {
  assertStatus(order, 'ISSUED', 'AIRLINE_CANCELLED');
  if (!activeTickets(order).length) throw new AirlineRefusal('ORDER_NOT_ISSUED');
}

export function quoteRefund(book: OrderBook, order: Order): RefundQuote {
  assertRefundable(order);
  const { offer } = order;
  const involuntary = order.status === 'AIRLINE_CANCELLED' || waived(order);
  let refundMinor = 0;
  let penaltyMinor = 0;
  for (const ticket of activeTickets(order)) {
    const pax = order.pax.find((p) => p.id === ticket.paxId)!;
    const item = offer.items.find((i) => i.ptc === pax.ptc)!;
    const taxes = item.totalMinor - item.baseMinor;
    if (involuntary) {
      refundMinor += ticket.amountMinor;
    } else if (offer.rules.refundFeeNuc === null) {
      refundMinor += taxes;
      penaltyMinor += item.baseMinor;
    } else {
      // Infants pay no fee: they hold no seat.
      const fee = pax.ptc === 'INF' ? 0 : Math.min(item.baseMinor, feeMinor(offer.rules.refundFeeNuc, offer.currency));
      refundMinor += ticket.amountMinor - fee;
      penaltyMinor += fee;
    }
  }
  const quote: RefundQuote = {
    id: book.store.nextId('RQ'),
    refundMinor,
    penaltyMinor,
    expiresAt: new Date(book.now().getTime() + refundQuoteSeconds * 1000),
  };
  order.refundQuote = quote;
  return quote;
}

export function confirmRefund(book: OrderBook, order: Order, quoteId: string): RefundQuote {
  assertRefundable(order);
  const quote = order.refundQuote;
  if (!quote || quote.id !== quoteId) throw new AirlineRefusal('REFUND_QUOTE_NOT_FOUND', undefined, '/RefundQuoteID');
  if (book.now() > quote.expiresAt) {
    throw new AirlineRefusal('REFUND_QUOTE_EXPIRED', `The quote expired at ${quote.expiresAt.toISOString()}.`);
  }
  for (const ticket of activeTickets(order)) ticket.status = 'REFUNDED';
  // An EMD still pending is never issued once the tickets are refunded.
  for (const line of order.services) if (line.status === 'PENDING') line.status = 'VOIDED';
  // An order the airline cancelled has given its seats back already.
  if (order.status === 'ISSUED') closeOrder(book, order, 'REFUNDED', book.now());
  else order.status = 'REFUNDED';
  return quote;
}
