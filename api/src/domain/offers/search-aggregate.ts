// Asks every channel at once under one deadline. A channel that fails or is late is left out and
// reported, never allowed to fail the others: agents would rather see eleven airlines now than
// twelve never.
import { setMaxListeners } from 'node:events';
import {
  ProviderError,
  type AirlineProvider,
  type ProviderChannel,
  type ProviderOffer,
  type ShopRequest,
} from '../../providers/airline-provider.js';

export interface ChannelOutcome {
  carrier: string;
  status: 'ok' | 'timeout' | 'failed';
  offers: number;
  duration_ms: number;
  error?: string;
}

export interface Aggregate {
  shopped: { channelId: string; offers: readonly ProviderOffer[] }[];
  outcomes: ChannelOutcome[];
  /** Wall time of the airline calls, from the first call to the last answer or the deadline. */
  airlinesMs: number;
}

export async function shopAll(
  provider: AirlineProvider,
  channels: readonly ProviderChannel[],
  request: ShopRequest,
  deadlineMs: number,
): Promise<Aggregate> {
  const started = performance.now();
  const deadline = new AbortController();
  // Every channel's call listens for the one deadline; that many listeners is the design, not a leak.
  setMaxListeners(channels.length + 1, deadline.signal);
  const timer = setTimeout(() => deadline.abort(), deadlineMs);
  try {
    const settled = await Promise.all(
      channels.map(async (channel) => {
        const t0 = performance.now();
        try {
          const offers = await provider.shop(channel, request, { signal: deadline.signal });
          return { channel, offers, error: null, ms: performance.now() - t0 };
        } catch (error) {
          return { channel, offers: [] as ProviderOffer[], error, ms: performance.now() - t0 };
        }
      }),
    );
    return {
      shopped: settled.filter((s) => s.error === null).map((s) => ({ channelId: s.channel.id, offers: s.offers })),
      outcomes: settled.map((s) => outcomeOf(s.channel.carrier, s.offers.length, s.ms, s.error)),
      airlinesMs: performance.now() - started,
    };
  } finally {
    clearTimeout(timer);
  }
}

function outcomeOf(carrier: string, offers: number, ms: number, error: unknown): ChannelOutcome {
  const duration_ms = Math.round(ms);
  if (error === null) return { carrier, status: 'ok', offers, duration_ms };
  if (error instanceof ProviderError)
    return {
      carrier,
      status: error.kind === 'timeout' ? 'timeout' : 'failed',
      offers: 0,
      duration_ms,
      error: error.airlineMessage,
    };
  return { carrier, status: 'failed', offers: 0, duration_ms, error: 'The airline could not answer.' };
}
