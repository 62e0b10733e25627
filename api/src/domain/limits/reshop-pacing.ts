// Look-to-book: every reshop costs the airline a search it is not paid for, so each channel gets a
// rate of reshop calls that every worker shares (the limiter's store: Redis, or PostgreSQL). A call
// reserves the channel's next slot and waits for it, so a pass is paced at the rate and never
// bursts, however many workers run one. Slots are wall-clock time: pacing is about real calls per
// second, whatever a test clock says the date is.
import type { LimitStore } from '../auth/limit-store.js';

export interface ReshopPacer {
  /** Waits for this channel's next reshop slot. */
  wait(channelId: string): Promise<void>;
}

export function createReshopPacer(store: Pick<LimitStore, 'reserveSlot'>, perSecond: number): ReshopPacer {
  const stepMs = 1000 / perSecond;
  return {
    async wait(channelId) {
      const slot = await store.reserveSlot(`reshop-pace:${channelId}`, new Date(), stepMs);
      const ms = slot.getTime() - Date.now();
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
    },
  };
}
