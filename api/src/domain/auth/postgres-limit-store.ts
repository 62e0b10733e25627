// The attempt limiter's store on PostgreSQL (where no Redis is configured): shared by every API
// process and the worker, as the Redis store is. It lives beside the limiter, not in db/, because it
// implements the limiter's port: db/ holds only repositories and never imports the domain.
import type { Db } from '../../db/database.js';
import * as limits from '../../db/sign-in-limits.repository.js';
import type { LimitStore } from './limit-store.js';

export function createPostgresLimitStore(db: Db): LimitStore {
  return {
    countFailure: async (key, now, windowMs) => (await limits.countCall(db, key, now, windowMs)).count,
    async take(key, now, rule) {
      const { count, windowEndsAt } = await limits.countCall(db, key, now, rule.windowMs);
      if (count <= rule.max) return { allowed: true, count, retryAt: windowEndsAt, lockedNow: false };
      if (count === rule.max + 1) {
        return { allowed: false, count, retryAt: await limits.lockKey(db, key, now, rule), lockedNow: true };
      }
      return { allowed: false, count, retryAt: windowEndsAt, lockedNow: false };
    },
    peek: (key, now) => limits.peek(db, key, now),
    refund: (key, now) => limits.refund(db, key, now),
    clear: (key) => limits.clearCount(db, key),
    addCalls: (counts, windowEndsAt) => limits.addCalls(db, counts, windowEndsAt),
    reserveSlot: (key, now, stepMs) => limits.reserveSlot(db, key, now, stepMs),
  };
}
