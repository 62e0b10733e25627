// The sandbox airlines behind one object: schedule, inventory and the offers they have quoted.
// Created once per app with a seed and a clock (both handed in), so tests build their own. Every
// part reads the time of the channel whose message it handles (channel-clocks.ts).
import { createChannelClocks, type ChannelClocks } from './channel-clocks.js';
import type { Clock } from './clock.js';
import { servicesFor, type Service } from './ancillaries.js';
import { createInventory, type HoldResult, type Inventory } from './inventory.js';
import { buildOffer, seatRequestsOf, type Offer } from './offer-build.js';
import { shopOffers, type ShopRequest } from './offer-shop.js';
import { createOrderBook } from './order-book.js';
import type { OrderStoreOptions } from './order-store.js';
import type { OrderBook } from './order-book-types.js';
import { defaultSlowEmdSeconds, priceChangeFactor } from './scenarios.js';
import { createSchedule, type Schedule } from './schedule.js';
import { seatMapFor, type SeatMap } from './seat-map.js';
import { roeFor } from './money.js';

export type OfferLookup = { ok: true; offer: Offer } | { ok: false; reason: 'OFFER_NOT_FOUND' | 'OFFER_EXPIRED' };

export interface PriceResult {
  readonly offer: Offer;
  readonly previousTotalMinor: number;
  readonly priceChanged: boolean;
}

export interface AirlineEngine {
  readonly seed: string;
  /** The time of the channel in scope (channel-clocks.ts); the sandbox clock outside any. */
  readonly clock: Clock;
  readonly channelClocks: ChannelClocks;
  readonly schedule: Schedule;
  readonly inventory: Inventory;
  shop(request: ShopRequest): Offer[];
  findOffer(offerId: string): OfferLookup;
  price(offer: Offer): PriceResult;
  services(offer: Offer): Service[];
  seatMaps(offer: Offer): SeatMap[];
  /** For the order half's OrderCreate: takes the offer's seats, or says which classes sold out. */
  holdOffer(offer: Offer): HoldResult;
  /** The order half: orders per channel credential, their documents and time-driven events. */
  readonly orders: OrderBook;
}

export interface AirlineEngineOptions {
  /** Sandbox-clock seconds the slow-EMD surname keeps EMDs pending (default 600). */
  readonly slowEmdSeconds?: number;
  /** Where orders are kept beyond the process, and what it held at start (memory only without). */
  readonly store?: OrderStoreOptions;
}

/** Quoted offers are kept in memory; the oldest go first once this many are stored. */
const maxStoredOffers = 50_000;

export function createAirlineEngine(
  seed: string,
  sandboxClock: Clock,
  options: AirlineEngineOptions = {},
): AirlineEngine {
  const channelClocks = createChannelClocks(sandboxClock, options.store?.saved?.channelClocks);
  const clock = channelClocks.scoped;
  const schedule = createSchedule(seed);
  const inventory = createInventory(seed);
  const offers = new Map<string, Offer>();
  const remember = (offer: Offer) => {
    offers.delete(offer.id);
    offers.set(offer.id, offer);
    if (offers.size > maxStoredOffers) offers.delete(offers.keys().next().value!);
    return offer;
  };
  const engine: Omit<AirlineEngine, 'orders'> = {
    seed,
    clock,
    channelClocks,
    schedule,
    inventory,
    shop: (request) => shopOffers({ seed, schedule, inventory, clock }, request).map(remember),
    findOffer(offerId) {
      const offer = offers.get(offerId);
      if (!offer) return { ok: false, reason: 'OFFER_NOT_FOUND' };
      if (clock.now() > offer.expiresAt) return { ok: false, reason: 'OFFER_EXPIRED' };
      return { ok: true, offer };
    },
    price(offer) {
      // The price-change route re-quotes once, higher: the airline's cache was stale at shopping.
      const factor = offer.scenarios.includes('price_change') ? priceChangeFactor : 1;
      const repriced = remember(buildOffer(offer, clock, factor));
      return {
        offer: repriced,
        previousTotalMinor: offer.totalMinor,
        priceChanged: repriced.totalMinor !== offer.totalMinor,
      };
    },
    services: servicesFor,
    seatMaps: (offer) =>
      offer.journeys.flatMap((journey) =>
        journey.segments.map((s) =>
          seatMapFor(seed, s.flight, offer.cabin, offer.family === 2, roeFor(offer.currency)),
        ),
      ),
    holdOffer(offer) {
      const requests = seatRequestsOf(offer);
      // Sold-out-at-order route: another seller takes the quoted class between search and order.
      if (offer.scenarios.includes('sold_out_at_order')) requests.forEach((r) => inventory.sellOut(r.flightKey, r.rbd));
      return inventory.hold(requests);
    },
  };
  const orders = createOrderBook(
    {
      seed,
      clock,
      channelClocks,
      schedule,
      inventory,
      price: (offer) => engine.price(offer),
      services: servicesFor,
      holdOffer: (offer) => engine.holdOffer(offer),
      slowEmdSeconds: options.slowEmdSeconds ?? defaultSlowEmdSeconds,
    },
    options.store,
  );
  return { ...engine, orders };
}
