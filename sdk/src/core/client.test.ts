import { afterEach, describe, expect, it } from 'vitest';
import * as generated from '../generated/client';
import { createClient } from './client';
import { configure, getConfig, resetConfig } from './config';
import { ApiAbortError, ApiConnectionError } from './errors';

interface Seen {
  url: string;
  headers: Headers;
}

/** A fetch that answers every call with `{}` and records what it was sent. */
function recorder(seen: Seen[]): typeof fetch {
  return async (input, init) => {
    seen.push({ url: input instanceof Request ? input.url : input.toString(), headers: new Headers(init?.headers) });
    return new Response('{}', { headers: { 'Content-Type': 'application/json' } });
  };
}

afterEach(() => resetConfig());

describe('createClient', () => {
  it("sends every operation with the client's own settings, never the configured ones", async () => {
    const viaConfigure: Seen[] = [];
    const viaClient: Seen[] = [];
    configure({ baseUrl: 'http://global.test/api/v1', token: 'ctr_test_global', fetch: recorder(viaConfigure) });
    const client = createClient({
      baseUrl: 'http://client.test/api/v1',
      token: 'ctr_test_client',
      fetch: recorder(viaClient),
    });

    const names = Object.keys(client).filter((name) => name !== 'config');
    const operations = Object.entries(generated).filter(
      ([name, value]) => typeof value === 'function' && !name.endsWith('Url'),
    );
    expect(names.sort()).toEqual(operations.map(([name]) => name).sort());
    expect(names.length).toBeGreaterThan(100);

    for (const name of names) {
      const operation = (client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[name]!;
      await operation();
    }
    expect(viaConfigure).toEqual([]);
    expect(viaClient).toHaveLength(names.length);
    for (const call of viaClient) {
      expect(call.url.startsWith('http://client.test/api/v1/')).toBe(true);
      expect(call.headers.get('Authorization')).toBe('Bearer ctr_test_client');
    }
    expect(getConfig().token).toBe('ctr_test_global');
  });

  it("keeps the caller's own options: headers and signal reach the request", async () => {
    const seen: Seen[] = [];
    const client = createClient({ baseUrl: 'http://client.test/api/v1', fetch: recorder(seen) });
    await client.getMailMessage('msg_1', { headers: { 'X-Trace': 'one' } });
    expect(seen[0]!.url).toBe('http://client.test/api/v1/mail_outbox/msg_1');
    expect(seen[0]!.headers.get('X-Trace')).toBe('one');
  });

  it('starts from the defaults, not from what configure() set', () => {
    configure({ token: 'ctr_test_global', maxRetries: 7 });
    const client = createClient({ baseUrl: 'http://client.test/api/v1' });
    expect(client.config.token).toBeUndefined();
    expect(client.config.maxRetries).toBe(2);
    expect(Object.isFrozen(client.config)).toBe(true);
  });
});

describe('aborting a call', () => {
  /** A fetch that never answers on its own: like fetch, it rejects only when its signal aborts. */
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      if (init?.signal?.aborted) return reject(init.signal.reason as Error);
      init?.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error));
    });

  it('rejects with ApiAbortError carrying the reason, and is not a connection error', async () => {
    const client = createClient({ baseUrl: 'http://client.test/api/v1', fetch: hanging, maxRetries: 3 });
    const abort = new AbortController();
    const call = client.getAccountDetails({ signal: abort.signal });
    abort.abort(new Error('page left'));
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiAbortError);
    expect(error).not.toBeInstanceOf(ApiConnectionError);
    expect((error as ApiAbortError).cause).toEqual(new Error('page left'));
  });

  it('rejects with ApiAbortError while waiting to retry', async () => {
    let calls = 0;
    const busy: typeof fetch = async () => {
      calls++;
      return new Response('{}', { status: 503, headers: { 'Retry-After': '5' } });
    };
    const client = createClient({ baseUrl: 'http://client.test/api/v1', fetch: busy });
    const abort = new AbortController();
    const call = client.getAccountDetails({ signal: abort.signal });
    await new Promise((r) => setTimeout(r, 20));
    abort.abort();
    await expect(call).rejects.toBeInstanceOf(ApiAbortError);
    expect(calls).toBe(1);
  });

  it('an already aborted signal fails at once with ApiAbortError', async () => {
    const client = createClient({ baseUrl: 'http://client.test/api/v1', fetch: hanging });
    await expect(client.getAccountDetails({ signal: AbortSignal.abort() })).rejects.toBeInstanceOf(ApiAbortError);
  });
});
