// The sign-in limiter's store on PostgreSQL (where no Redis is configured). It lives beside the
// limiter, not in db/, because it implements the limiter's port: db/ holds only repositories and
// never imports the domain; this file calls the repository as any domain service does.
import type { Db } from '../../db/database.js';
import * as limits from '../../db/sign-in-limits.repository.js';
import type { LimitStore } from './sign-in-limiter.js';

export function createPostgresLimitStore(db: Db): LimitStore {
  return {
    countFailure: (key, now, windowMs) => limits.countFailure(db, key, now, windowMs),
    lock: (key, until) => limits.lockKey(db, key, until),
    lockedUntil: (key) => limits.lockedUntil(db, key),
    clear: (key) => limits.clearFailures(db, key),
  };
}
