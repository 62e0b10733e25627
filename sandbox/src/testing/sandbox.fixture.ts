// Test factories: the real sandbox plugin on a fixed clock with its engine in hand, and small
// builders for messages, so each test states only what it is about.
import Fastify from 'fastify';
import sandboxApp from '../app.js';
import { createAirlineEngine } from '../engine/airline-engine.js';
import { createFixedClock } from '../engine/clock.js';
import type { AirShoppingRQ, AirShoppingRS, OfferSchema } from '../messages/air-shopping.schema.js';
import { createNotifier } from '../notify/order-notifier.js';
import { openOrderPersistence } from '../store/order-persistence.js';

export const testNow = '2025-05-01T08:00:00Z';

export interface SandboxTestOptions {
  readonly seed?: string;
  readonly at?: string;
  readonly slowEmdSeconds?: number;
  readonly notifyUrl?: string;
  /** Orders kept in PostgreSQL, as `npm start` keeps them; a second sandbox on the same schema is a restart. */
  readonly database?: { readonly url: string; readonly schema: string };
}

export async function buildSandbox(options: SandboxTestOptions = {}) {
  const clock = createFixedClock(new Date(options.at ?? testNow));
  const persistence = options.database ? await openOrderPersistence(options.database) : undefined;
  const saved = await persistence?.load();
  const engine = createAirlineEngine(options.seed ?? 'test-seed', clock, {
    ...(options.slowEmdSeconds === undefined ? {} : { slowEmdSeconds: options.slowEmdSeconds }),
    store: { ...(persistence ? { persistence } : {}), ...(saved ? { saved } : {}) },
  });
  // Retries come fast in tests; production waits seconds between them.
  const notifier = createNotifier({ defaultUrl: options.notifyUrl, retryDelaysMs: [20, 20], timeoutMs: 1000 });
  const app = Fastify();
  await app.register(sandboxApp, { clock, engine, notifier });
  app.addHook('onClose', async () => persistence?.close());
  const ndc = (message: string, payload: unknown, credential: string | null = 'sbx_agency_test') =>
    app.inject({
      method: 'POST',
      url: `/ndc/${message}`,
      headers: credential === null ? {} : { authorization: `Bearer ${credential}` },
      payload: payload as Record<string, unknown>,
    });
  const moveClock = (seconds: number) =>
    app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advance_seconds: seconds } });
  return { app, clock, engine, ndc, notifier, moveClock };
}

export type Sandbox = Awaited<ReturnType<typeof buildSandbox>>;

export const leg = (origin: string, destination: string, date = '2025-06-01') => ({
  OriginCode: origin,
  DestCode: destination,
  DepDate: date,
});

export const shoppingRQ = (overrides: Partial<AirShoppingRQ> = {}): AirShoppingRQ => ({
  OriginDestCriteria: [leg('WAW', 'FRA')],
  PaxList: [{ PTC: 'ADT', Quantity: 1 }],
  ...overrides,
});

export const offersOf = (rs: AirShoppingRS): OfferSchema[] => rs.OffersGroup.CarrierOffers.flatMap((c) => c.Offer);
