// Where attempt counters and locks live: Redis, or PostgreSQL where there is no Redis. Never
// process memory: every API process (and the worker) must see the same counts, or running two
// processes would double every ceiling. Times come from the caller's clock, so tests can move it.

export interface CeilingRule {
  /** Calls allowed in one window. */
  max: number;
  windowMs: number;
  /** The first lock's length once the ceiling is passed; each further lock within a day doubles it. */
  baseLockMs: number;
  maxLockMs: number;
}

export interface Take {
  /** True when this call is within the ceiling and may go on to check the secret. */
  allowed: boolean;
  count: number;
  /** When the window (or the lock) ends. */
  retryAt: Date;
  /** True for the one call whose count first passed the ceiling, which set the lock. */
  lockedNow: boolean;
}

export interface LimitStore {
  /** Counts one call in the key's window and answers the count so far. */
  countFailure(key: string, now: Date, windowMs: number): Promise<number>;
  /**
   * Counts one call and decides it in the same atomic step, before the caller does the work the
   * ceiling protects: concurrent calls each get their own count, so no interleaving gets more than
   * `max` through a window.
   */
  take(key: string, now: Date, rule: CeilingRule): Promise<Take>;
  /** The count in the key's live window. */
  peek(key: string, now: Date): Promise<number>;
  /** Gives one call back. */
  refund(key: string, now: Date): Promise<void>;
  clear(key: string): Promise<void>;
  /**
   * Adds several counts at once to fixed windows that end at `windowEndsAt` (the service-wide
   * request ceiling syncs its local counts this way) and answers every key's total in the window.
   */
  addCalls(counts: ReadonlyMap<string, number>, windowEndsAt: Date): Promise<Map<string, number>>;
  /**
   * Pacing, not a ceiling: reserves the key's next free slot, `stepMs` after the one before (or now,
   * if that has passed), and answers when it is. Every caller gets its own slot, so calls spaced by
   * their slots never burst, however many processes share the key.
   */
  reserveSlot(key: string, now: Date, stepMs: number): Promise<Date>;
}
