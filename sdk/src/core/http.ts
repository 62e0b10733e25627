// The one function every generated call goes through (orval's mutator). It adds the base URL,
// credentials, method override and an Idempotency-Key for each POST (kept across retries), retries
// what is safe to retry, enforces a deadline per try and turns failures into typed errors. Its
// settings are the call's own when a `createClient` client made it, else the `configure()` ones.
import { getConfig, type SdkConfig } from './config';
import { ApiAbortError, ApiConnectionError, ApiTimeoutError, apiErrorFor } from './errors';
import { isRetryableStatus, retryDelayMs, sleep } from './retry';

const overridable = new Set(['PUT', 'PATCH', 'DELETE']);

/** Where a `createClient` client puts its settings in a call's RequestInit (client.ts). */
export const clientConfigKey = Symbol('contrail.clientConfig');
type ClientInit = RequestInit & { [clientConfigKey]?: SdkConfig };

export const contrailFetch = async <T>(path: string, callInit: RequestInit = {}): Promise<T> => {
  const { [clientConfigKey]: clientConfig, ...init } = callInit as ClientInit;
  const config = clientConfig ?? getConfig();
  const doFetch = config.fetch ?? globalThis.fetch;
  const headers = new Headers(init.headers);
  let method = (init.method ?? 'GET').toUpperCase();

  if (method === 'POST' && !headers.has('Idempotency-Key')) headers.set('Idempotency-Key', newIdempotencyKey());
  if (config.methodOverride && overridable.has(method)) {
    headers.set('X-HTTP-Method-Override', method);
    method = 'POST';
  }
  if (config.token) headers.set('Authorization', `Bearer ${config.token}`);
  const csrf = config.csrfToken?.();
  if (csrf) headers.set('X-CSRF-Token', csrf);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const language = config.language?.();
  if (language && !headers.has('Accept-Language')) headers.set('Accept-Language', language);

  const url = joinUrl(config.baseUrl, path);
  const aborted = (cause: unknown) => new ApiAbortError(`${method} ${path} was aborted by its caller`, { cause });
  for (let attempt = 0; ; attempt++) {
    const deadline = AbortSignal.timeout(config.timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    let response: Response;
    try {
      response = await doFetch(url, { ...init, method, headers, signal, credentials: config.credentials });
    } catch (error) {
      if (init.signal?.aborted) throw aborted(init.signal.reason ?? error);
      const failure = deadline.aborted
        ? new ApiTimeoutError(`${method} ${path} took longer than ${config.timeoutMs} ms`, { cause: error })
        : new ApiConnectionError(`${method} ${path} could not reach the API`, { cause: error });
      const delay = attempt < config.maxRetries ? retryDelayMs(attempt, null, config.maxRetryDelayMs) : null;
      if (delay === null) throw failure;
      await sleep(delay, init.signal).catch((reason: unknown) => Promise.reject(aborted(reason)));
      continue;
    }

    if (response.ok) {
      try {
        return (await readBody(response)) as T;
      } catch (error) {
        if (init.signal?.aborted) throw aborted(init.signal.reason ?? error);
        throw error;
      }
    }

    const delay =
      attempt < config.maxRetries && isRetryableStatus(response.status)
        ? retryDelayMs(attempt, response.headers.get('Retry-After'), config.maxRetryDelayMs)
        : null;
    if (delay === null) {
      const body = await readBody(response).catch(() => undefined);
      throw apiErrorFor(response.status, body, response.headers.get('X-Request-Id') ?? undefined, response.headers);
    }
    await response.body?.cancel();
    await sleep(delay, init.signal).catch((reason: unknown) => Promise.reject(aborted(reason)));
  }
};

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) return response.json();
  if (type.startsWith('text/')) return response.text();
  return response.blob();
}

function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
