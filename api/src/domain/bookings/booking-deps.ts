// What every booking operation works with: the database, the clock, the airline port, the channels
// (which credential a booking's channel uses) and the card vault. Kept apart from any one operation
// so operations can share it without importing each other.
import type { Db } from '../../db/database.js';
import type { AirlineProvider, OrderRef, ProviderChannel } from '../../providers/airline-provider.js';
import type { ChannelsService } from '../channels/channels.service.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';

export interface BookingDeps {
  db: Db;
  clock: Clock;
  provider: AirlineProvider;
  channels: ChannelsService;
  cards: SecretBox;
}

/** The order as the airline has it, or null when it cannot say (a lost answer stays unknown). */
export async function retrieveQuietly(provider: AirlineProvider, channel: ProviderChannel, order: OrderRef) {
  try {
    return await provider.retrieveOrder(channel, order);
  } catch {
    return null;
  }
}

/** Milliseconds a request spent waiting on the airline (its Server-Timing `airline`), summed over its calls. */
export interface AirlineTiming {
  airlineMs: number;
}

/** Runs one airline call, adding its time to `timing` whether it answers or fails. */
export async function timedCall<T>(timing: AirlineTiming | undefined, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await call();
  } finally {
    if (timing) timing.airlineMs += performance.now() - started;
  }
}
