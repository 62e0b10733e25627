// Guessing a password or a code must not pay: failures are counted per identity and per client
// address; five failed sign-ins lock the identity for one minute, and each further lock doubles
// (up to an hour). Many failures from one address lock that address. Counters live in Redis, or
// in PostgreSQL where there is no Redis.
import type { Clock } from '../clock.js';

export interface LimitStore {
  countFailure(key: string, now: Date, windowMs: number): Promise<number>;
  lock(key: string, until: (level: number) => Date): Promise<{ level: number; until: Date }>;
  lockedUntil(key: string): Promise<Date | null>;
  clear(key: string): Promise<void>;
}

export interface SignInLimiter {
  /** Milliseconds until the identity or address may try again; 0 when it may now. */
  waitMs(identity: string, ip: string): Promise<number>;
  recordFailure(identity: string, ip: string): Promise<void>;
  recordSuccess(identity: string): Promise<void>;
  /** Counts a request that sends a message (code, call) and answers how long to wait, 0 if none. */
  sendAllowance(kind: 'code' | 'voice', identity: string): Promise<number>;
}

const windowMs = 15 * 60_000;
const policy = {
  identity: { failures: 5, baseLockMs: 60_000, maxLockMs: 60 * 60_000 },
  ip: { failures: 50, baseLockMs: 15 * 60_000, maxLockMs: 60 * 60_000 },
  code: { sends: 5 },
  voice: { sends: 3 },
};

export function createSignInLimiter(store: LimitStore, clock: Clock): SignInLimiter {
  const keyOf = (kind: string, value: string) => `signin:${kind}:${value.toLowerCase()}`;

  async function remaining(key: string): Promise<number> {
    const until = await store.lockedUntil(key);
    return until ? Math.max(0, until.getTime() - clock.now().getTime()) : 0;
  }

  async function fail(key: string, rule: { failures: number; baseLockMs: number; maxLockMs: number }) {
    const now = clock.now();
    const failures = await store.countFailure(key, now, windowMs);
    if (failures >= rule.failures) {
      await store.lock(
        key,
        (level) => new Date(now.getTime() + Math.min(rule.maxLockMs, rule.baseLockMs * 2 ** (level - 1))),
      );
    }
  }

  return {
    async waitMs(identity, ip) {
      const [a, b] = await Promise.all([remaining(keyOf('identity', identity)), remaining(keyOf('ip', ip))]);
      return Math.max(a, b);
    },
    async recordFailure(identity, ip) {
      await Promise.all([fail(keyOf('identity', identity), policy.identity), fail(keyOf('ip', ip), policy.ip)]);
    },
    async recordSuccess(identity) {
      await store.clear(keyOf('identity', identity));
    },
    async sendAllowance(kind, identity) {
      const key = keyOf(`send-${kind}`, identity);
      const now = clock.now();
      const wait = await remaining(key);
      if (wait > 0) return wait;
      const sends = await store.countFailure(key, now, windowMs);
      if (sends <= policy[kind].sends) return 0;
      const { until } = await store.lock(key, () => new Date(now.getTime() + windowMs));
      return until.getTime() - now.getTime();
    },
  };
}
