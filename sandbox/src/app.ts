// The sandbox airlines' HTTP face: a Fastify plugin that never listens (server.ts starts it, tests
// inject into it). The engine and the clock are created here unless handed in, so a test can keep
// its own and move time or inspect seats.
import type { FastifyInstance } from 'fastify';
import { createAirlineEngine, type AirlineEngine } from './engine/airline-engine.js';
import { createMovableClock, type MovableClock } from './engine/clock.js';
import { createLatency, type LatencyMode } from './engine/latency.js';
import { installNdcErrorHandler } from './http/ndc-errors.js';
import clockRoutes from './routes/clock.route.js';
import ndcRoutes from './routes/ndc.routes.js';

export const sandboxVersion = '0.2.0';

export interface SandboxAppOptions {
  readonly seed?: string;
  readonly latency?: LatencyMode;
  readonly clock?: MovableClock;
  /** Built from `seed` and `clock` when absent; pass one to share it with the caller. */
  readonly engine?: AirlineEngine;
}

export default async function sandboxApp(app: FastifyInstance, options: SandboxAppOptions): Promise<void> {
  const clock = options.clock ?? createMovableClock();
  const engine = options.engine ?? createAirlineEngine(options.seed ?? 'contrail', clock);
  installNdcErrorHandler(app);
  app.get('/health', async () => ({ status: 'ok', service: 'contrail-sandbox', version: sandboxVersion }));
  await app.register(clockRoutes, { clock });
  await app.register(ndcRoutes, { engine, latency: createLatency(options.latency ?? 'off') });
}
