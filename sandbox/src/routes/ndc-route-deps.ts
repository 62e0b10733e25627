// What every NDC message route is handed: the engine, the latency the carriers answer with, and
// the notifier. Apart from ndc.routes.ts, so the routes it registers never import it back.
import type { AirlineEngine } from '../engine/airline-engine.js';
import type { Notifier } from '../notify/order-notifier.js';

export interface NdcRouteDeps {
  readonly engine: AirlineEngine;
  readonly latency: (carrierCodes: readonly string[]) => Promise<void>;
  readonly notifier: Notifier;
}
