// The API call a change is made for, so the event it raises can name it (as Stripe's `request`
// does). The HTTP layer opens the scope for each request; the worker's own changes run outside
// any scope and their events say `request: null`. The domain reads it without knowing HTTP.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface CallingRequest {
  id: string;
  idempotencyKey: string | null;
}

const storage = new AsyncLocalStorage<CallingRequest>();

/** Runs `fn` (and everything it awaits) as part of this request. */
export function runInRequest<T>(request: CallingRequest, fn: () => T): T {
  return storage.run(request, fn);
}

export function callingRequest(): CallingRequest | null {
  return storage.getStore() ?? null;
}
