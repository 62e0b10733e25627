// Per-address ceilings for the public operations (marketing's, and the airline notification
// receiver), tighter than the service-wide one:
// nobody may flood the sales inbox or use the demo as a free pricing engine. Counted in Redis, or
// in PostgreSQL where there is no Redis (the sign-in limiter's store).
import type { LimitStore } from '../auth/limit-store.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';

export type PublicAction = 'fare_quote' | 'demo_request' | 'airline_notification';

const policy: Record<PublicAction, { max: number; windowMs: number }> = {
  fare_quote: { max: 30, windowMs: 60_000 },
  demo_request: { max: 5, windowMs: 60 * 60_000 },
  // bookings: airlines push order changes from a few addresses, in bursts after schedule changes.
  airline_notification: { max: 600, windowMs: 60_000 },
};

export interface PublicLimits {
  /** Counts one call from this address; throws `rate_limited` past the action's ceiling. */
  count(action: PublicAction, ip: string): Promise<void>;
}

export function createPublicLimits(store: LimitStore, clock: Clock): PublicLimits {
  return {
    async count(action, ip) {
      const rule = policy[action];
      const calls = await store.countFailure(`marketing:${action}:${ip}`, clock.now(), rule.windowMs);
      if (calls > rule.max) {
        const seconds = Math.ceil(rule.windowMs / 1000);
        throw new DomainError(
          'rate_limited',
          `Too many requests from your address; try again later.`,
          undefined,
          seconds,
        );
      }
    },
  };
}
