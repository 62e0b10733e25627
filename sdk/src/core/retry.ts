// When and how long to wait before trying a call again: network failures, 429 and 503 only, with
// full-jitter exponential backoff, and the server's Retry-After when it gives one.
//
// Why only 429 and 503: they are the two answers in which the API says it did nothing and will
// take the same call later: 429 is the rate limit (its Retry-After says when), 503 is a dependency
// away (the queue or database the API fails fast on; DESIGN.md §6). Every other status is kept:
// - a 4xx is the caller's request, and it will be refused the same way again;
// - a 409 may be an Idempotency-Key still running, which the caller decides to wait for;
// - a 500, 502 or 504 may come after an airline has already acted (an order made, a ticket
//   issued before its answer was lost), so only the caller can decide to try it again.
// A network failure is retried because the POST carries its Idempotency-Key across tries, so the
// API answers a repeat with the first answer instead of doing the work twice.

const retryableStatuses = new Set([429, 503]);

export function isRetryableStatus(status: number): boolean {
  return retryableStatuses.has(status);
}

/** Milliseconds to wait before try number `attempt + 1` (attempt counts from 0), or null not to retry. */
export function retryDelayMs(attempt: number, retryAfter: string | null, maxDelayMs: number): number | null {
  const fromServer = parseRetryAfter(retryAfter);
  if (fromServer !== null) return fromServer <= maxDelayMs ? fromServer : null;
  const ceiling = Math.min(maxDelayMs, 500 * 2 ** attempt);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

function parseRetryAfter(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });
}
