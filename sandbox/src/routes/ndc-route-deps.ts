// What every NDC message route is handed: the engine, the latency the carriers answer with, and
// the notifier. Apart from ndc.routes.ts, so the routes it registers never import it back.
import type { AirlineEngine } from '../engine/airline-engine.js';
import type { ChannelClockSetting } from '../engine/channel-clocks.js';
import type { Channel } from '../http/channel-credential.js';
import type { Notifier } from '../notify/order-notifier.js';

export interface NdcRouteDeps {
  readonly engine: AirlineEngine;
  readonly latency: (carrierCodes: readonly string[]) => Promise<void>;
  readonly notifier: Notifier;
  /** Where a channel's clock setting outlives the process (absent: memory only). */
  readonly saveChannelClock?: (setting: ChannelClockSetting) => Promise<void>;
}

/** One NDC message as the engine takes it, whatever the wire: the JSON body and the caller's channel. */
export interface NdcCall {
  /** The message in the sandbox's JSON shape, not yet checked against its schema. */
  readonly body: unknown;
  readonly channel: Channel;
  /** Aborts when the caller hangs up (the timeout scenario frees its socket with the caller). */
  readonly signal?: AbortSignal;
}

/**
 * A message's work, shared by the JSON routes and the 21.3 XML face so both drive the engine the
 * same way. Runs inside the channel's clock scope (engine.channelClocks.within); throws NdcFailure
 * or AirlineRefusal when refused.
 */
export type NdcMessage<R> = (call: NdcCall) => Promise<R>;
