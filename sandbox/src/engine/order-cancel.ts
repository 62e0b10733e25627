// Ending an order before travel: cancel (nothing issued yet) and void (tickets issued, still inside
// the carrier's void window). Both give the seats back. Outside the window only a refund remains.
import { airportByCode } from '../data/airports.data.js';
import { AirlineRefusal } from './airline-refusal.js';
import { localDate, zonedTimeToInstant } from './local-time.js';
import type { OrderBook } from './order-book-types.js';
import { assertStatus, closeOrder } from './order-lifecycle.js';
import type { Order } from './order-model.js';

export function cancelOrder(book: OrderBook, order: Order): void {
  assertStatus(order, 'HELD');
  closeOrder(book, order, 'CANCELLED', book.now());
}

/**
 * The last moment the carrier accepts a void: N hours after issue, or (voidSameDay carriers) 23:59:59
 * local time at the carrier's first hub on the day of issue.
 */
export function voidDeadline(order: Order): Date | null {
  if (!order.issuedAt) return null;
  const { owner } = order;
  if (!owner.voidSameDay) return new Date(order.issuedAt.getTime() + owner.voidWindowHours * 3600_000);
  const zone = airportByCode(owner.hubs[0]!)!.timeZone;
  const endOfDay = zonedTimeToInstant(localDate(order.issuedAt, zone), 23 * 60 + 59, zone);
  return new Date(endOfDay.getTime() + 59_000);
}

export function voidOrder(book: OrderBook, order: Order): void {
  assertStatus(order, 'ISSUED');
  const now = book.now();
  const deadline = voidDeadline(order)!;
  if (now > deadline) {
    throw new AirlineRefusal(
      'VOID_WINDOW_CLOSED',
      `${order.owner.code} accepted voids until ${deadline.toISOString()}; request a refund instead.`,
    );
  }
  for (const doc of order.documents) if (doc.status === 'ISSUED') doc.status = 'VOIDED';
  for (const line of order.services) line.status = 'VOIDED';
  closeOrder(book, order, 'VOIDED', now);
}
