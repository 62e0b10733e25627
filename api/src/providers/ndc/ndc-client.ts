// One NDC message over HTTP: a deadline per try, retries only for messages that are safe to send
// twice (shopping, pricing, order retrieve and reshop change nothing at the airline), and every
// failure turned into a ProviderError. Order messages that change the order (create, issue, void,
// refund, change) are never retried: the airline does not de-duplicate them, so a second send after
// a lost answer could book or ticket twice. Messages go through undici's request API on a keep-alive
// pool of the adapter's own: fetch's WHATWG objects cost a search more CPU than all of its parsing.
import type { LookupFunction } from 'node:net';
import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import { kindOfAirlineCode } from '../airline-error-codes.js';
import { ProviderError, type CallOptions } from '../airline-provider.js';
import type { AirlineExchangeSink } from '../airline-exchange-log.js';
import { exchangeContext } from '../exchange-context.js';
import type { NdcErrorsBody } from './ndc-messages.js';

export interface NdcClientOptions {
  readonly baseUrl: string;
  /** Deadline for one try of one message. */
  readonly timeoutMs: number;
  /** Extra tries for safe messages after a network failure or a 502/503. */
  readonly safeRetries: number;
  /**
   * Deadline for a message that changes an order (ticketing can be slow at an airline); defaults to
   * timeoutMs. A timeout there leaves the outcome unknown: the caller retrieves the order.
   */
  readonly orderTimeoutMs?: number;
  /** A connect-time lookup (the outbound guard's) for an airline address a user configured. */
  readonly lookup?: LookupFunction;
  /** The airline message log; every exchange is reported to it (bodies as sent and received). */
  readonly sink?: AirlineExchangeSink;
}

/** How one message goes: `safe` allows retries; `changesOrder` takes the order deadline. */
export type SendOptions = CallOptions & { safe?: boolean; changesOrder?: boolean; method?: 'POST' | 'PUT' };

export type NdcSend = <T>(
  message: string,
  credential: string,
  carrier: string,
  body: unknown,
  options?: SendOptions,
) => Promise<T>;

export function createNdcClient(options: NdcClientOptions): NdcSend {
  const base = options.baseUrl.replace(/\/$/, '');
  const dispatcher = new Agent({
    connections: 128,
    keepAliveTimeout: 30_000,
    ...(options.lookup ? { connect: { lookup: options.lookup } } : {}),
  });
  return async function send(message, credential, carrier, body, call = {}) {
    const tries = call.safe ? 1 + options.safeRetries : 1;
    const timeoutMs = call.changesOrder ? (options.orderTimeoutMs ?? options.timeoutMs) : options.timeoutMs;
    // A message is an NDC message name, or a path of its own (the airline's notification settings).
    const url = message.startsWith('/') ? `${base}${message}` : `${base}/ndc/${message}`;
    const request = {
      url,
      method: call.method ?? 'POST',
      credential,
      carrier,
      body,
      timeoutMs,
      dispatcher,
      message,
      sink: options.sink,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(request, call.signal);
      } catch (error) {
        const retry = error instanceof ProviderError && error.kind === 'unavailable' && attempt < tries;
        if (!retry || call.signal?.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 25));
      }
    }
  };
}

interface OneRequest {
  readonly url: string;
  readonly method: 'POST' | 'PUT';
  readonly credential: string;
  readonly carrier: string;
  /** May hold a card number: only ever serialised into the request, never into an error or log. */
  readonly body: unknown;
  readonly timeoutMs: number;
  readonly dispatcher: Dispatcher;
  readonly message: string;
  readonly sink: AirlineExchangeSink | undefined;
}

async function once<T>(one: OneRequest, outer: AbortSignal | undefined): Promise<T> {
  const { timeoutMs } = one;
  // One controller and one timer per call: AbortSignal.timeout/any cost Node 20 a transferable
  // object each and showed up as a third of a search's CPU in garbage collection.
  const controller = new AbortController();
  const signal = controller.signal;
  const abort = () => controller.abort();
  const timer = setTimeout(abort, timeoutMs);
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', abort, { once: true });
  try {
    return await exchange<T>(one, signal);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abort);
  }
}

async function exchange<T>(one: OneRequest, signal: AbortSignal): Promise<T> {
  const { url, method, credential, carrier, body, dispatcher, sink } = one;
  const started = performance.now();
  const at = new Date();
  const sent = JSON.stringify(body);
  const context = sink ? exchangeContext.getStore() : undefined;
  // The message log sees the body as sent and the answer's text; headers (the credential) never.
  const report = (status: number | null, response: string | null, error: string | null) =>
    sink?.record({
      channelId: context?.channelId ?? '',
      carrier,
      message: one.message,
      direction: 'outbound',
      bookingId: context?.bookingId ?? null,
      format: 'json',
      url,
      status,
      durationMs: Math.round(performance.now() - started),
      request: sent,
      response,
      error,
      at,
    });
  let response: Dispatcher.ResponseData;
  try {
    response = await undiciRequest(url, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` },
      body: sent,
      signal,
      dispatcher,
    });
  } catch (error) {
    report(null, null, signal.aborted ? 'timeout' : 'unavailable');
    if (signal.aborted) throw new ProviderError('timeout', 'The airline did not answer in time.', carrier);
    throw new ProviderError('unavailable', 'The airline could not be reached.', carrier, { cause: error });
  }
  let parsed: unknown;
  try {
    if (sink) {
      const text = await response.body.text();
      report(response.statusCode, text, null);
      parsed = JSON.parse(text);
    } else parsed = await response.body.json();
  } catch (error) {
    if (signal.aborted) throw new ProviderError('timeout', 'The airline did not answer in time.', carrier);
    throw new ProviderError('unavailable', 'The airline answered with an unreadable message.', carrier, {
      cause: error,
    });
  }
  const status = response.statusCode;
  const ok = status >= 200 && status < 300;
  if (ok) return parsed as T;
  const first = (parsed as NdcErrorsBody).Errors?.Error?.[0];
  const kind =
    (first?.Code ? kindOfAirlineCode[first.Code] : undefined) ??
    (status === 502 || status === 503 ? 'unavailable' : status === 504 ? 'timeout' : 'airline_error');
  // A 5xx text from an airline can carry its internals; only 4xx words are passed on.
  const words = status < 500 && first?.DescText ? first.DescText : 'The airline could not process the request.';
  throw new ProviderError(kind, words, carrier);
}
