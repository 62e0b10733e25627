// Where the sandbox airlines keep their orders: in memory, one map for all carriers, each order
// tagged with the channel credential that made it. A lookup with another credential finds nothing,
// as one agency's NDC channel never sees another's PNRs. Locators and document numbers come from
// seeded counters, so a fresh sandbox with the same seed hands out the same ones.
import type { Carrier } from '../data/carriers.data.js';
import { AirlineRefusal } from './airline-refusal.js';
import type { Order } from './order-model.js';
import { hashOf, idOf, randomFor } from './prng.js';

/** PNR-style locators avoid 0/O and 1/I, as airline reservation systems do. */
const locatorAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const locatorPattern = '^[A-Za-z0-9]{6}$';

export interface OrderStore {
  add(order: Order): void;
  /** The order if it exists and belongs to this credential; ORDER_NOT_FOUND otherwise. */
  get(credential: string, orderId: string): Order;
  all(): Order[];
  remove(orderId: string): void;
  nextLocator(): string;
  /** 13 digits: the carrier's 3-digit prefix and a 10-digit serial shared by tickets and EMDs. */
  nextDocumentNumber(carrier: Carrier): string;
  /** Opaque ids for service lines, payments, quotes and reshop offers. */
  nextId(prefix: string): string;
}

export function createOrderStore(seed: string): OrderStore {
  const orders = new Map<string, Order>();
  const serials = new Map<string, number>();
  let locatorCount = 0;
  let idCount = 0;
  return {
    add: (order) => void orders.set(order.id, order),
    get(credential, orderId) {
      const order = orders.get(orderId.toUpperCase());
      if (!order || order.credential !== credential) {
        throw new AirlineRefusal('ORDER_NOT_FOUND', `Order ${orderId.toUpperCase()} is not known to the airline.`);
      }
      return order;
    },
    all: () => [...orders.values()],
    remove: (orderId) => void orders.delete(orderId),
    nextLocator() {
      for (;;) {
        const random = randomFor(seed, 'locator', (locatorCount += 1));
        let locator = '';
        for (let i = 0; i < 6; i += 1) locator += locatorAlphabet[Math.floor(random() * locatorAlphabet.length)];
        if (!orders.has(locator)) return locator;
      }
    },
    nextDocumentNumber(carrier) {
      const next =
        serials.get(carrier.code) ?? 1_000_000_000 + (hashOf(seed, 'documents', carrier.code) % 8_000_000_000);
      serials.set(carrier.code, next + 1);
      return `${carrier.ticketPrefix}${String(next).padStart(10, '0')}`;
    },
    nextId: (prefix) => idOf(prefix, seed, (idCount += 1)),
  };
}
