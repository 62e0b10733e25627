// The sandbox airlines' HTTP face: a Fastify plugin that never listens (server.ts starts it, tests
// inject into it). The engine and the clock are created here unless handed in, so a test can keep
// its own and move time or inspect seats. With a database, orders are read back at start and every
// change is stored before its answer is sent, so a restarted sandbox knows what it sold.
import type { FastifyInstance } from 'fastify';
import { createAirlineEngine, type AirlineEngine } from './engine/airline-engine.js';
import { createMovableClock, type MovableClock } from './engine/clock.js';
import { createLatency, type LatencyMode } from './engine/latency.js';
import { installNdcErrorHandler } from './http/ndc-errors.js';
import { installNdcXmlAuthGate } from './http/ndc-xml-auth-gate.js';
import clockRoutes from './routes/clock.route.js';
import scenarioRoutes from './routes/scenarios.route.js';
import { createNotifier, type Notifier } from './notify/order-notifier.js';
import ndcRoutes from './routes/ndc.routes.js';
import { createNdcMessages } from './routes/ndc-messages.js';
import type { NdcRouteDeps } from './routes/ndc-route-deps.js';
import ndcXmlRoutes from './ndc-xml/ndc-xml.routes.js';
import { openOrderPersistence } from './store/order-persistence.js';

export const sandboxVersion = '0.3.0';

export interface SandboxAppOptions {
  readonly seed?: string;
  readonly latency?: LatencyMode;
  readonly clock?: MovableClock;
  /** Built from `seed` and `clock` when absent; pass one to share it with the caller. */
  readonly engine?: AirlineEngine;
  /** Sandbox-clock seconds the slow-EMD surname keeps EMDs pending (only when `engine` is built here). */
  readonly slowEmdSeconds?: number;
  /** Where OrderChangeNotif goes for credentials that registered no URL of their own. */
  readonly notifyUrl?: string;
  readonly notifyRetryDelaysMs?: readonly number[];
  /** Wall-clock period of the order tick (time passes on its own in `npm start`); 0 = only on demand. */
  readonly tickIntervalMs?: number;
  /** Handed in by tests that want to inspect deliveries. */
  readonly notifier?: Notifier;
  /** Where orders outlive the process (only when `engine` is built here); one sandbox per schema. */
  readonly database?: { readonly url: string; readonly schema: string };
}

export default async function sandboxApp(app: FastifyInstance, options: SandboxAppOptions): Promise<void> {
  const clock = options.clock ?? createMovableClock();
  const persistence = options.database && !options.engine ? await openOrderPersistence(options.database) : undefined;
  const saved = await persistence?.load();
  const engine =
    options.engine ??
    createAirlineEngine(options.seed ?? 'contrail', clock, {
      ...(options.slowEmdSeconds === undefined ? {} : { slowEmdSeconds: options.slowEmdSeconds }),
      store: { ...(persistence ? { persistence } : {}), ...(saved ? { saved } : {}) },
    });
  const flush = () => engine.orders.store.flush();
  const notifier =
    options.notifier ??
    createNotifier({
      defaultUrl: options.notifyUrl,
      ...(options.notifyRetryDelaysMs ? { retryDelaysMs: options.notifyRetryDelaysMs } : {}),
    });
  const unsubscribe = engine.orders.subscribe((event) => notifier.notify(event));
  const tick = () => {
    engine.orders.tick();
    flush().catch((error: unknown) => app.log.error({ err: error }, 'orders changed by the clock were not stored'));
  };
  const ticker = options.tickIntervalMs ? setInterval(tick, options.tickIntervalMs) : undefined;
  ticker?.unref();
  // An answer leaves only once what it reports is stored: a restart never forgets a locator or a
  // ticket that a caller has seen.
  app.addHook('onSend', async () => {
    await flush();
  });
  app.addHook('onClose', async () => {
    clearInterval(ticker);
    unsubscribe();
    notifier.close();
    await flush().catch(() => undefined);
    await persistence?.close();
  });
  installNdcErrorHandler(app);
  installNdcXmlAuthGate(app);
  app.get('/health', async () => ({ status: 'ok', service: 'contrail-sandbox', version: sandboxVersion }));
  await app.register(clockRoutes, { clock, afterMove: () => engine.orders.tick() });
  await app.register(scenarioRoutes);
  const deps: NdcRouteDeps = {
    engine,
    latency: createLatency(options.latency ?? 'off'),
    notifier,
    ...(persistence ? { saveChannelClock: (setting) => persistence.saveChannelClock(setting) } : {}),
  };
  const messages = createNdcMessages(deps);
  await app.register(ndcRoutes, { ...deps, messages });
  // The same airlines in NDC 21.3 XML (REST and SOAP), answering through the same messages.
  await app.register(ndcXmlRoutes, { engine, messages });
}
