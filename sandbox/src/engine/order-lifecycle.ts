// Small rules every order operation shares: which states accept which action, and what ending an
// order does to the seats it held.
import { AirlineRefusal } from './airline-refusal.js';
import type { OrderBook } from './order-book-types.js';
import type { Order, OrderStatus, TravelDocument } from './order-model.js';
import { seatRequestsOf } from './offer-build.js';
import { roeFor } from './money.js';

/** Refuses unless the order is in one of `allowed`; expired and ended orders say so distinctly. */
export function assertStatus(order: Order, ...allowed: OrderStatus[]): void {
  if (allowed.includes(order.status)) return;
  if (order.status === 'EXPIRED') {
    throw new AirlineRefusal('ORDER_EXPIRED', `Order ${order.id} expired at its payment time limit.`);
  }
  if (order.status === 'ISSUED') throw new AirlineRefusal('ORDER_ALREADY_ISSUED');
  if (order.status === 'HELD') throw new AirlineRefusal('ORDER_NOT_ISSUED');
  throw new AirlineRefusal('ORDER_CLOSED', `Order ${order.id} is ${order.status}.`);
}

/** Gives the order's seats back to inventory and ends it. */
export function closeOrder(book: OrderBook, order: Order, status: OrderStatus, at: Date): void {
  book.deps.inventory.release(seatRequestsOf({ ...order.offer, journeys: order.journeys }));
  order.status = status;
  order.closedAt = at;
  order.reshopOffers.clear();
}

/** A fare-rule fee (filed in NUC) in the order's currency, as the offer mapper shows penalties. */
export const feeMinor = (nuc: number, currency: string) => Math.round(nuc * roeFor(currency)) * 100;

/** One ticket per passenger at that passenger type's price. */
export function issueTickets(book: OrderBook, order: Order, at: Date, replaced: TravelDocument[] = []): void {
  for (const pax of order.pax) {
    const item = order.offer.items.find((i) => i.ptc === pax.ptc)!;
    const previous = replaced.find((d) => d.paxId === pax.id);
    order.documents.push({
      number: book.store.nextDocumentNumber(order.owner),
      type: 'T',
      paxId: pax.id,
      amountMinor: item.totalMinor,
      issuedAt: at,
      status: 'ISSUED',
      ...(previous ? { exchangedFrom: previous.number } : {}),
    });
  }
}

export const activeTickets = (order: Order) => order.documents.filter((d) => d.type === 'T' && d.status === 'ISSUED');
