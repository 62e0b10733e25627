// The order half's context: the store, the engine parts orders need, and the event stream that
// OrderChangeNotif pushes. Time-driven changes (hold expiry, scenario events, slow EMDs) are applied
// lazily by `tick`, which every order lookup runs first and the clock route runs after moving time.
import { applyDueEvents } from './order-events.js';
import type { OrderBook, OrderBookDeps, OrderEvent } from './order-book-types.js';
import { createOrderStore, type OrderStoreOptions } from './order-store.js';

export function createOrderBook(deps: OrderBookDeps, storeOptions: OrderStoreOptions = {}): OrderBook {
  const store = createOrderStore(deps.seed, storeOptions);
  const listeners = new Set<(event: OrderEvent) => void>();
  const book: OrderBook = {
    deps,
    store,
    now: () => deps.clock.now(),
    tick: () => applyDueEvents(book),
    find(credential, orderId, sellerRef) {
      book.tick();
      return store.get(credential, orderId, sellerRef);
    },
    emit: (event) => listeners.forEach((listener) => listener(event)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return book;
}
