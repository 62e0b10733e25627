// The services and seats chosen for a booking before they are added: one entry per service and
// passenger, and one seat per passenger and flight (choosing another seat replaces it). The total
// is summed in minor units, so "12.10 + 0.20" stays exact.
import type { BookingAncillariesAddItemsItem, Money } from '@contrail/sdk';

export interface CartEntry {
  item: BookingAncillariesAddItemsItem;
  /** What the agent chose, for the review ("Extra bag 23 kg · KOVALENKO/OLENA"). */
  label: string;
  /** Per passenger; null for a free seat. */
  price: Money | null;
}

export type Cart = ReadonlyMap<string, CartEntry>;

export const serviceKey = (serviceId: string, passengerId: string) => `service:${serviceId}:${passengerId}`;
export const seatKey = (flightId: string, passengerId: string) => `seat:${flightId}:${passengerId}`;

/** The cart with `entry` in it (replacing what had its key), or without `key` when `entry` is null. */
export function withEntry(cart: Cart, key: string, entry: CartEntry | null): Cart {
  const next = new Map(cart);
  if (entry) next.set(key, entry);
  else next.delete(key);
  return next;
}

/** The sum of the chosen prices, in the booking's currency. */
export function cartTotal(cart: Cart, currency: string): Money {
  let minor = 0;
  for (const { price } of cart.values()) {
    if (price) minor += Math.round(Number(price.amount) * 100);
  }
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return { amount: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`, currency };
}
