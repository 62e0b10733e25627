import { describe, expect, it } from 'vitest';
import { isRetryableStatus, retryDelayMs } from './retry';

describe('retryDelayMs', () => {
  it('honours Retry-After in seconds and as a date', () => {
    expect(retryDelayMs(0, '2', 30_000)).toBe(2_000);
    const inThree = new Date(Date.now() + 3_000).toUTCString();
    expect(retryDelayMs(0, inThree, 30_000)).toBeGreaterThan(1_000);
  });

  it('refuses to wait longer than allowed', () => {
    expect(retryDelayMs(0, '120', 30_000)).toBeNull();
  });

  it('backs off exponentially with jitter, capped', () => {
    for (let i = 0; i < 50; i++) {
      const first = retryDelayMs(0, null, 30_000)!;
      expect(first).toBeGreaterThanOrEqual(250);
      expect(first).toBeLessThanOrEqual(500);
      const third = retryDelayMs(2, null, 30_000)!;
      expect(third).toBeGreaterThanOrEqual(1_000);
      expect(third).toBeLessThanOrEqual(2_000);
      expect(retryDelayMs(10, null, 3_000)!).toBeLessThanOrEqual(3_000);
    }
  });

  it('retries only 429 and 503', () => {
    expect([400, 404, 409, 422, 429, 500, 502, 503].filter(isRetryableStatus)).toEqual([429, 503]);
  });
});
