// What every NDC message route is handed: the engine, the latency the carriers answer with, and
// the notifier. Apart from ndc.routes.ts, so the routes it registers never import it back.
import type { AirlineEngine } from '../engine/airline-engine.js';
import type { ChannelClockSetting } from '../engine/channel-clocks.js';
import type { Notifier } from '../notify/order-notifier.js';

export interface NdcRouteDeps {
  readonly engine: AirlineEngine;
  readonly latency: (carrierCodes: readonly string[]) => Promise<void>;
  readonly notifier: Notifier;
  /** Where a channel's clock setting outlives the process (absent: memory only). */
  readonly saveChannelClock?: (setting: ChannelClockSetting) => Promise<void>;
}
