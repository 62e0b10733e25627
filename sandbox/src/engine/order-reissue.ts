// Accepting a reshop offer (OrderChange AcceptReshopOffer). The order's seats move to the new
// classes and flights all or nothing; a ticketed order pays the difference plus the change fee and
// gets new ticket numbers (the old ones become EXCHANGED); a cheaper result leaves a residual the
// airline returns to the original form of payment. The reissue-error surname makes the airline
// refuse the reissue with its own message.
import { AirlineRefusal } from './airline-refusal.js';
import { decimal } from './money.js';
import { seatRequestsOf } from './offer-build.js';
import type { OrderBook } from './order-book-types.js';
import { takePayment, type PaymentInput } from './order-issue.js';
import { activeTickets, assertStatus, issueTickets } from './order-lifecycle.js';
import type { Order, ReshopOffer } from './order-model.js';
import { requireChangeable } from './order-reshop.js';
import { nameTriggers } from './scenarios.js';

/** What the agent pays to accept: the fare difference (never below zero) plus the fee. */
export const amountDueFor = (reshop: ReshopOffer, order: Order) =>
  order.status === 'ISSUED' ? Math.max(0, reshop.differenceMinor) + reshop.penaltyMinor : 0;

export function acceptReshopOffer(
  book: OrderBook,
  order: Order,
  reshopOfferId: string,
  payment: PaymentInput | undefined,
): ReshopOffer {
  assertStatus(order, 'HELD', 'ISSUED');
  const reshop = order.reshopOffers.get(reshopOfferId);
  if (!reshop) throw new AirlineRefusal('RESHOP_OFFER_NOT_FOUND', undefined, '/ReshopOfferID');
  if (book.now() > reshop.expiresAt) {
    throw new AirlineRefusal('RESHOP_OFFER_EXPIRED', `The offer expired at ${reshop.expiresAt.toISOString()}.`);
  }
  const issued = order.status === 'ISSUED';
  // A re-price offer of a ticketed order is an exchange too: the fare must allow one.
  if (issued && reshop.kind === 'REPRICE') requireChangeable(order);
  if (issued && order.nameScenarios.includes('reissue_error')) {
    throw new AirlineRefusal(
      'REISSUE_FAILED',
      `REISSUE NOT PERMITTED - ${order.owner.code} FARE RULE CAT31 CHECK FAILED ` +
        `(sandbox trigger: surname ${nameTriggers.reissue_error})`,
    );
  }
  const due = amountDueFor(reshop, order);
  // Checked before the seats move, so a wrong amount changes nothing.
  if (issued && due > 0) {
    takePayment(
      book,
      order,
      payment ?? { method: 'CA', amountMinor: 0, currency: order.offer.currency },
      due,
      'REISSUE',
    );
  }
  const inventory = book.deps.inventory;
  const before = seatRequestsOf({ ...order.offer, journeys: order.journeys });
  inventory.release(before);
  const held = inventory.hold(seatRequestsOf(reshop.offer));
  if (!held.ok) {
    inventory.hold(before);
    if (issued && due > 0) order.payments.pop();
    throw new AirlineRefusal('SOLD_OUT', 'The new flights sold out; reshop again.');
  }
  order.offer = reshop.offer;
  order.journeys = reshop.offer.journeys;
  order.reshopOffers.clear();
  if (issued) {
    const replaced = activeTickets(order);
    for (const ticket of replaced) ticket.status = 'EXCHANGED';
    issueTickets(book, order, book.now(), replaced);
    if (reshop.differenceMinor < 0) {
      order.remarks.push(
        `${book.now().toISOString()} Residual ${decimal(-reshop.differenceMinor)} ${order.offer.currency} ` +
          'returned to the original form of payment.',
      );
    }
  }
  return reshop;
}
