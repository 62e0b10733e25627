// The order half's context: the store, the engine parts orders need, and the event stream that
// OrderChangeNotif pushes. Time-driven changes (hold expiry, scenario events, slow EMDs) are applied
// lazily by `tick`, which every order lookup runs first and the clock route runs after moving time.
import type { Clock } from './clock.js';
import type { Service } from './ancillaries.js';
import type { HoldResult, Inventory } from './inventory.js';
import type { Offer } from './offer-build.js';
import { applyDueEvents } from './order-events.js';
import type { Order } from './order-model.js';
import { createOrderStore, type OrderStore } from './order-store.js';
import type { Schedule } from './schedule.js';

export type OrderChangeType =
  'SCHEDULE_CHANGE' | 'AIRLINE_CANCELLATION' | 'TIME_LIMIT_CHANGE' | 'HOLD_EXPIRED' | 'EMD_ISSUED';

export interface OrderEvent {
  readonly type: OrderChangeType;
  readonly order: Order;
  readonly occurredAt: Date;
  readonly text: string;
}

export interface OrderBookDeps {
  readonly seed: string;
  readonly clock: Clock;
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
  find(credential: string, orderId: string): Order;
  emit(event: OrderEvent): void;
  subscribe(listener: (event: OrderEvent) => void): () => void;
}

export function createOrderBook(deps: OrderBookDeps): OrderBook {
  const store = createOrderStore(deps.seed);
  const listeners = new Set<(event: OrderEvent) => void>();
  const book: OrderBook = {
    deps,
    store,
    now: () => deps.clock.now(),
    tick: () => applyDueEvents(book),
    find(credential, orderId) {
      book.tick();
      return store.get(credential, orderId);
    },
    emit: (event) => listeners.forEach((listener) => listener(event)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return book;
}
