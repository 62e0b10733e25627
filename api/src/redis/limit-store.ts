// Sign-in failure counters and locks in Redis: INCR with an expiry per window, a lock key with its
// own expiry, and a lock level that remembers how many locks came before (kept a day).
import { Redis } from 'ioredis';
import type { LimitStore } from '../domain/auth/sign-in-limiter.js';

export function createRedisLimitStore(url: string, prefix: string): LimitStore & { close(): void } {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: false, keyPrefix: `${prefix}:` });
  redis.on('error', () => undefined);
  return {
    async countFailure(key, _now, windowMs) {
      const [[, count]] = (await redis.multi().incr(`${key}:n`).pexpire(`${key}:n`, windowMs, 'NX').exec()) as [
        [unknown, number],
      ];
      return count;
    },
    async lock(key, until) {
      const level = await redis.incr(`${key}:level`);
      await redis.expire(`${key}:level`, 24 * 3600);
      const lockedUntil = until(level);
      const ms = Math.max(1, lockedUntil.getTime() - Date.now());
      await redis.multi().set(`${key}:lock`, String(lockedUntil.getTime()), 'PX', ms).del(`${key}:n`).exec();
      return { level, until: lockedUntil };
    },
    async lockedUntil(key) {
      const value = await redis.get(`${key}:lock`);
      return value ? new Date(Number(value)) : null;
    },
    async clear(key) {
      await redis.del(`${key}:n`);
    },
    close: () => redis.disconnect(),
  };
}
