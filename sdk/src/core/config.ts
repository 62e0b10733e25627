// The SDK's settings. The generated functions take no client object, so the default settings live
// here, set once with `configure()` (the console's way: one API, one signed-in person). A program that
// talks to the API as several callers makes a client per caller with `createClient(settings)`
// (client.ts): its calls carry their own settings and never read or change these.

export interface SdkConfig {
  /** Where the API lives, including `/api/v1`: `https://contrail.example/api/v1`, or `/api/v1` in a browser. */
  baseUrl: string;
  /** An API token (`ctr_test_…` or `ctr_live_…`), sent as `Authorization: Bearer`. */
  token?: string;
  /** The console's CSRF token, sent as `X-CSRF-Token` on every call. */
  csrfToken?: () => string | undefined;
  /** The language error texts come back in (`en`, `uk`/`ua`, `pl`), sent as `Accept-Language`; read on every call. */
  language?: () => string | undefined;
  /** Send PUT, PATCH and DELETE as POST with `X-HTTP-Method-Override` (the console does). */
  methodOverride: boolean;
  /** Whether the browser sends cookies. */
  credentials: RequestCredentials;
  /** How many times a failed call is tried again (network errors, 429, 503; see retry.ts for why only those). */
  maxRetries: number;
  /** The longest wait between tries; a `Retry-After` beyond it is not waited for. */
  maxRetryDelayMs: number;
  /** Deadline for one try, in milliseconds. */
  timeoutMs: number;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
}

export const defaults: Readonly<SdkConfig> = {
  baseUrl: '/api/v1',
  methodOverride: false,
  credentials: 'same-origin',
  maxRetries: 2,
  maxRetryDelayMs: 30_000,
  timeoutMs: 30_000,
};

let current: SdkConfig = { ...defaults };

export function configure(settings: Partial<SdkConfig>): SdkConfig {
  current = { ...current, ...settings };
  return current;
}

export function getConfig(): SdkConfig {
  return current;
}

export function resetConfig(): void {
  current = { ...defaults };
}
