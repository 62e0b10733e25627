// The sign-in limiter's store on PostgreSQL (where no Redis is configured).
import type { LimitStore } from '../domain/auth/sign-in-limiter.js';
import type { Db } from './database.js';
import * as limits from './sign-in-limits.repository.js';

export function createPostgresLimitStore(db: Db): LimitStore {
  return {
    countFailure: (key, now, windowMs) => limits.countFailure(db, key, now, windowMs),
    lock: (key, until) => limits.lockKey(db, key, until),
    lockedUntil: (key) => limits.lockedUntil(db, key),
    clear: (key) => limits.clearFailures(db, key),
  };
}
