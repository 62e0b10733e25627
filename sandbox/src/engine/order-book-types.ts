// The order half's shapes: what an order book holds and the events it streams. Apart from
// order-book.ts (which builds one), so the order-* modules that take a book never import the
// module that imports them.
import type { ChannelClocks } from './channel-clocks.js';
import type { Clock } from './clock.js';
import type { Service } from './ancillaries.js';
import type { HoldResult, Inventory } from './inventory.js';
import type { Offer } from './offer-build.js';
import type { Order } from './order-model.js';
import type { OrderStore } from './order-store.js';
import type { Schedule } from './schedule.js';

export type OrderChangeType =
  'SCHEDULE_CHANGE' | 'AIRLINE_CANCELLATION' | 'TIME_LIMIT_CHANGE' | 'HOLD_EXPIRED' | 'EMD_ISSUED';

export interface OrderEvent {
  readonly type: OrderChangeType;
  readonly order: Order;
  readonly occurredAt: Date;
  readonly text: string;
  /** A disruption's notice: its own NotifID, and whether it carries the whole order (full) or not (light). */
  readonly notice?: { readonly notifId: string; readonly full: boolean };
}

export interface OrderBookDeps {
  readonly seed: string;
  /** The time of the channel in scope. */
  readonly clock: Clock;
  readonly channelClocks: ChannelClocks;
  readonly schedule: Schedule;
  readonly inventory: Inventory;
  /** OfferPrice's re-quote: OrderCreate sees the same price change OfferPrice would. */
  readonly price: (offer: Offer) => { offer: Offer; priceChanged: boolean; previousTotalMinor: number };
  readonly services: (offer: Offer) => Service[];
  /** Takes the offer's seats (the sold-out route loses them to another seller at this moment). */
  readonly holdOffer: (offer: Offer) => HoldResult;
  /** Sandbox-clock seconds a slow-EMD passenger's EMDs stay pending. */
  readonly slowEmdSeconds: number;
}

export interface OrderBook {
  readonly deps: OrderBookDeps;
  readonly store: OrderStore;
  now(): Date;
  tick(): void;
  find(credential: string, orderId: string, sellerRef?: string): Order;
  emit(event: OrderEvent): void;
  subscribe(listener: (event: OrderEvent) => void): () => void;
}
