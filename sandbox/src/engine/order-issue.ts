// Paying and ticketing (OrderChange with PaymentFunctions). The amount must be exactly what is due,
// in the order's currency, so a stale total never tickets. Issuing twice is harmless: the second
// request answers the same tickets and takes no second payment, as airlines dedupe by order.
import { AirlineRefusal } from './airline-refusal.js';
import { decimal } from './money.js';
import type { OrderBook } from './order-book-types.js';
import { assertStatus, issueTickets } from './order-lifecycle.js';
import { checkPaymentCard } from './payment-cards.js';
import { orderTotalMinor, type Order, type PaymentMethod, type PaymentRecord } from './order-model.js';
import { nameTriggers } from './scenarios.js';

export interface PaymentInput {
  readonly method: PaymentMethod;
  readonly amountMinor: number;
  readonly currency: string;
  readonly card?: { readonly brandCode: string; readonly number: string };
}

export type IssueResult = { readonly alreadyIssued: boolean };

export function issueOrder(book: OrderBook, order: Order, payment: PaymentInput): IssueResult {
  if (order.status === 'ISSUED') return { alreadyIssued: true };
  assertStatus(order, 'HELD');
  const now = book.now();
  takePayment(book, order, payment, orderTotalMinor(order), 'TICKETS');
  issueTickets(book, order, now);
  // Services bought before issue are paid with the tickets and get their EMDs at once.
  for (const line of order.services.filter((s) => s.status === 'PRICED')) issueEmd(book, order, line.id, now);
  order.status = 'ISSUED';
  order.issuedAt = now;
  return { alreadyIssued: false };
}

/** Checks the amount (and the ticketing-error surname) before anything is recorded. */
export function takePayment(
  book: OrderBook,
  order: Order,
  payment: PaymentInput,
  dueMinor: number,
  purpose: PaymentRecord['purpose'],
): void {
  if (payment.currency !== order.offer.currency || payment.amountMinor !== dueMinor) {
    throw new AirlineRefusal(
      'PAYMENT_AMOUNT_MISMATCH',
      `Amount due is ${decimal(dueMinor)} ${order.offer.currency}; ` +
        `the payment was ${decimal(payment.amountMinor)} ${payment.currency}.`,
      '/PaymentFunctions/Amount',
    );
  }
  if (payment.card) checkPaymentCard(payment.card, '/PaymentFunctions/PaymentMethod/PaymentCard');
  if (purpose === 'TICKETS' && order.nameScenarios.includes('ticketing_error')) {
    throw new AirlineRefusal(
      'TICKETING_FAILED',
      `UNABLE TO ISSUE TICKET - VALIDATING CARRIER ${order.owner.code} REJECTED THE SALE ` +
        `(sandbox trigger: surname ${nameTriggers.ticketing_error})`,
    );
  }
  order.payments.push({
    id: book.store.nextId('PAY'),
    method: payment.method,
    amountMinor: payment.amountMinor,
    at: book.now(),
    purpose,
    ...(payment.card ? { cardMasked: `${'X'.repeat(12)}${payment.card.number.slice(-4)}` } : {}),
  });
}

/** Issues the EMD of one service line now: a 13-digit number from the carrier's document stock. */
export function issueEmd(book: OrderBook, order: Order, lineId: string, at: Date): void {
  const line = order.services.find((s) => s.id === lineId)!;
  line.status = 'ISSUED';
  // A free seat needs no EMD; airlines only document what was paid for.
  if (line.priceMinor === 0) return;
  order.documents.push({
    number: book.store.nextDocumentNumber(order.owner),
    type: 'J',
    paxId: line.paxId,
    amountMinor: line.priceMinor,
    issuedAt: at,
    status: 'ISSUED',
    serviceLineId: line.id,
  });
}
