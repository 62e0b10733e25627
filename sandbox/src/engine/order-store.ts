// Where the sandbox airlines keep their orders: one map for all carriers, each order tagged with
// the channel credential that made it. A lookup with another credential finds nothing, as one
// agency's NDC channel never sees another's PNRs. The map is the working copy; with a persistence
// (PostgreSQL in `npm start` and tests) every change is written before the message is answered,
// and a restarted sandbox reads its orders and counters back.
//
// Invariant: a locator, document number or id is handed out once, across restarts too. The
// counters only go forward and are saved with the orders that used them, and a locator is the
// counter through a seeded permutation of the 32^6 locator space, so two counts never share one.
import type { Carrier } from '../data/carriers.data.js';
import { AirlineRefusal } from './airline-refusal.js';
import type { Order } from './order-model.js';
import { hashOf, idOf } from './prng.js';
import { encodeOrder } from '../store/order-codec.js';
import type { OrderCounters, OrderPersistence, StoredOrders } from '../store/order-persistence.js';

/** PNR-style locators avoid 0/O and 1/I, as airline reservation systems do. */
const locatorAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const locatorPattern = '^[A-Za-z0-9]{6}$';

export interface OrderStore {
  add(order: Order): void;
  /**
   * The order if it exists and belongs to this credential (ORDER_NOT_FOUND otherwise) and, when the
   * seller names its booking reference, was made for it (ORDER_MISMATCH otherwise).
   */
  get(credential: string, orderId: string, sellerRef?: string): Order;
  all(): Order[];
  /** Marks an order changed by the clock (lookups through `get` are marked already). */
  touch(order: Order): void;
  /** Puts every order of the credential on the clock's work list (its channel's time moved). */
  touchChannel(credential: string): void;
  /**
   * The orders the clock may have something to do to at `now`: every order added, looked up or
   * touched since the last call (it may have changed), and every order whose scheduled moment has
   * come. Each is handed out once; the caller schedules it again.
   */
  takeDue(now: Date): Order[];
  /** The next moment the clock has something to do to the order (null: nothing ever). */
  schedule(order: Order, at: Date | null): void;
  remove(orderId: string): void;
  nextLocator(): string;
  /** 13 digits: the carrier's 3-digit prefix and a 10-digit serial shared by tickets and EMDs. */
  nextDocumentNumber(carrier: Carrier): string;
  /** Opaque ids for service lines, payments, quotes and reshop offers. */
  nextId(prefix: string): string;
  /** Writes what changed since the last flush; resolves once it is stored (at once without a persistence). */
  flush(): Promise<void>;
}

export interface OrderStoreOptions {
  readonly persistence?: OrderPersistence;
  /** What the persistence held at start. */
  readonly saved?: StoredOrders;
}

export function createOrderStore(seed: string, options: OrderStoreOptions = {}): OrderStore {
  const orders = new Map<string, Order>();
  const saved = new Map<string, string>();
  const dirty = new Set<Order>();
  const removed = new Set<string>();
  // The clock's work list, so a lookup never walks every order: the orders that may have changed,
  // and a min-heap of scheduled moments (an entry is stale once the order is scheduled anew).
  const unsettled = new Set<Order>();
  const scheduledAt = new Map<string, number>();
  const due = createMinHeap();
  const counters = {
    locators: options.saved?.counters?.locators ?? 0,
    ids: options.saved?.counters?.ids ?? 0,
    serials: new Map(Object.entries(options.saved?.counters?.serials ?? {})),
  };
  let countersChanged = false;
  let writing: Promise<void> = Promise.resolve();
  for (const order of options.saved?.orders ?? []) {
    orders.set(order.id, order);
    saved.set(order.id, encodeOrder(order));
    unsettled.add(order);
  }
  const permute = locatorPermutation(seed);

  const store: OrderStore = {
    add(order) {
      orders.set(order.id, order);
      dirty.add(order);
      unsettled.add(order);
    },
    get(credential, orderId, sellerRef) {
      const order = orders.get(orderId.toUpperCase());
      if (!order || order.credential !== credential) {
        throw new AirlineRefusal('ORDER_NOT_FOUND', `Order ${orderId.toUpperCase()} is not known to the airline.`);
      }
      if (sellerRef !== undefined && order.sellerRef !== sellerRef) {
        throw new AirlineRefusal(
          'ORDER_MISMATCH',
          `Order ${order.id} was not made for booking reference ${sellerRef}.`,
          '/BookingRef/BookingID',
        );
      }
      // Every message that finds an order may change it; the flush writes only those that did.
      dirty.add(order);
      unsettled.add(order);
      return order;
    },
    all: () => [...orders.values()],
    touch(order) {
      dirty.add(order);
      unsettled.add(order);
    },
    touchChannel(credential) {
      for (const order of orders.values()) if (order.credential === credential) unsettled.add(order);
    },
    takeDue(now) {
      const taken = new Set(unsettled);
      unsettled.clear();
      for (let next = due.peek(); next && next.at <= now.getTime(); next = due.peek()) {
        due.pop();
        if (scheduledAt.get(next.id) !== next.at) continue;
        scheduledAt.delete(next.id);
        const order = orders.get(next.id);
        if (order) taken.add(order);
      }
      return [...taken];
    },
    schedule(order, at) {
      if (!at || orders.get(order.id) !== order) {
        scheduledAt.delete(order.id);
        return;
      }
      if (scheduledAt.get(order.id) === at.getTime()) return;
      scheduledAt.set(order.id, at.getTime());
      due.push({ at: at.getTime(), id: order.id });
    },
    remove(orderId) {
      const order = orders.get(orderId);
      if (order) dirty.delete(order);
      if (order) unsettled.delete(order);
      scheduledAt.delete(orderId);
      orders.delete(orderId);
      saved.delete(orderId);
      removed.add(orderId);
    },
    nextLocator() {
      countersChanged = true;
      let value = permute((counters.locators += 1));
      let locator = '';
      for (let i = 0; i < 6; i += 1) {
        locator += locatorAlphabet[value % 32];
        value = Math.floor(value / 32);
      }
      return locator;
    },
    nextDocumentNumber(carrier) {
      countersChanged = true;
      const next =
        counters.serials.get(carrier.code) ?? 1_000_000_000 + (hashOf(seed, 'documents', carrier.code) % 8_000_000_000);
      counters.serials.set(carrier.code, next + 1);
      return `${carrier.ticketPrefix}${String(next).padStart(10, '0')}`;
    },
    nextId(prefix) {
      countersChanged = true;
      return idOf(prefix, seed, (counters.ids += 1));
    },
    flush() {
      const persistence = options.persistence;
      if (!persistence) {
        dirty.clear();
        removed.clear();
        return Promise.resolve();
      }
      const upserts = [...dirty].flatMap((order) => {
        const json = encodeOrder(order);
        if (saved.get(order.id) === json) return [];
        saved.set(order.id, json);
        return [{ id: order.id, credential: order.credential, json }];
      });
      const changes = {
        upserts,
        removed: [...removed],
        counters: countersChanged ? countersOf(counters) : null,
      };
      dirty.clear();
      removed.clear();
      countersChanged = false;
      if (!upserts.length && !changes.removed.length && !changes.counters) return writing.catch(() => undefined);
      // Writes go one after another, so a later state of an order is never overwritten by an earlier one.
      writing = writing
        .catch(() => undefined)
        .then(async () => {
          try {
            await persistence.save(changes);
          } catch (error) {
            // Not stored: the next flush writes these again.
            for (const u of upserts) saved.delete(u.id);
            for (const u of upserts) if (orders.has(u.id)) dirty.add(orders.get(u.id)!);
            changes.removed.forEach((id) => removed.add(id));
            if (changes.counters) countersChanged = true;
            throw error;
          }
        });
      return writing;
    },
  };
  return store;
}

interface DueEntry {
  readonly at: number;
  readonly id: string;
}

/** A binary min-heap of moments: the clock's next due order in O(log n). */
function createMinHeap() {
  const heap: DueEntry[] = [];
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  return {
    peek: (): DueEntry | undefined => heap[0],
    push(entry: DueEntry) {
      heap.push(entry);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (heap[parent]!.at <= heap[i]!.at) break;
        swap(i, parent);
        i = parent;
      }
    },
    pop() {
      const last = heap.pop();
      if (heap.length === 0 || !last) return;
      heap[0] = last;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let least = i;
        if (l < heap.length && heap[l]!.at < heap[least]!.at) least = l;
        if (r < heap.length && heap[r]!.at < heap[least]!.at) least = r;
        if (least === i) break;
        swap(i, least);
        i = least;
      }
    },
  };
}

function countersOf(counters: { locators: number; ids: number; serials: Map<string, number> }): OrderCounters {
  return { locators: counters.locators, ids: counters.ids, serials: Object.fromEntries(counters.serials) };
}

/**
 * A seeded bijection of [0, 32^6): a four-round Feistel network on two 15-bit halves. Different
 * counts always give different locators, and consecutive ones look unrelated, as airline PNRs do.
 */
function locatorPermutation(seed: string): (count: number) => number {
  const mask = 0x7fff;
  const keys = [0, 1, 2, 3].map((round) => hashOf(seed, 'locator-round', round));
  return (count) => {
    const x = count % 2 ** 30;
    let left = Math.floor(x / 2 ** 15) & mask;
    let right = x & mask;
    for (const key of keys) {
      const mixed = (Math.imul(right ^ key, 0x45d9f3b) >>> 0) ^ (key >>> 7);
      [left, right] = [right, (left ^ (mixed >>> 11)) & mask];
    }
    return left * 2 ** 15 + right;
  };
}
