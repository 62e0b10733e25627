// Waiting, in wall-clock time (the movable clock is for business time, not for how long a socket
// stays open). Realistic latency gives each carrier its own steady response time, as real NDC
// APIs differ by airline; the search-timeout scenario waits until the caller gives up.
import { hashOf } from './prng.js';

export type LatencyMode = 'off' | 'realistic';

export function waitFor(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** 250-1450 ms per carrier; a search over several carriers waits for the slowest. */
export function carrierLatencyMs(carrierCode: string): number {
  return 250 + (hashOf('latency', carrierCode) % 1200);
}

export function createLatency(mode: LatencyMode): (carrierCodes: readonly string[]) => Promise<void> {
  if (mode === 'off') return async () => {};
  return (codes) => waitFor(Math.max(0, ...codes.map(carrierLatencyMs)));
}
