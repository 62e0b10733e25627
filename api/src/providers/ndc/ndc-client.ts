// One NDC message over HTTP: a deadline per try, retries only for messages that are safe to send
// twice (shopping and pricing change nothing at the airline), and every failure turned into a
// ProviderError. Keep-alive connections come from Node's fetch (undici) pool.
import { ProviderError, type CallOptions, type ProviderErrorKind } from '../airline-provider.js';
import type { NdcErrorsBody } from './ndc-messages.js';

export interface NdcClientOptions {
  readonly baseUrl: string;
  /** Deadline for one try of one message. */
  readonly timeoutMs: number;
  /** Extra tries for safe messages after a network failure or a 502/503. */
  readonly safeRetries: number;
}

const byAirlineCode: Record<string, ProviderErrorKind> = {
  CREDENTIAL_MISSING: 'credential_refused',
  CREDENTIAL_REFUSED: 'credential_refused',
  INVALID_REQUEST: 'invalid_request',
  UNKNOWN_LOCATION: 'invalid_request',
  INVALID_ITINERARY: 'invalid_request',
  OFFER_NOT_FOUND: 'offer_not_found',
  OFFER_EXPIRED: 'offer_expired',
  SEARCH_TIMEOUT: 'timeout',
};

export type NdcSend = <T>(
  message: string,
  credential: string,
  carrier: string,
  body: unknown,
  options?: CallOptions & { safe?: boolean },
) => Promise<T>;

export function createNdcClient(options: NdcClientOptions): NdcSend {
  const base = options.baseUrl.replace(/\/$/, '');
  return async function send(message, credential, carrier, body, call = {}) {
    const tries = call.safe ? 1 + options.safeRetries : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        return await once(`${base}/ndc/${message}`, credential, carrier, body, options.timeoutMs, call.signal);
      } catch (error) {
        const retry = error instanceof ProviderError && error.kind === 'unavailable' && attempt < tries;
        if (!retry || call.signal?.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 25));
      }
    }
  };
}

async function once<T>(
  url: string,
  credential: string,
  carrier: string,
  body: unknown,
  timeoutMs: number,
  outer: AbortSignal | undefined,
): Promise<T> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = outer ? AbortSignal.any([outer, deadline]) : deadline;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw new ProviderError('timeout', 'The airline did not answer in time.', carrier);
    throw new ProviderError('unavailable', 'The airline could not be reached.', carrier, { cause: error });
  }
  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch (error) {
    if (signal.aborted) throw new ProviderError('timeout', 'The airline did not answer in time.', carrier);
    throw new ProviderError('unavailable', 'The airline answered with an unreadable message.', carrier, {
      cause: error,
    });
  }
  if (response.ok) return parsed as T;
  const first = (parsed as NdcErrorsBody).Errors?.Error?.[0];
  const kind =
    (first?.Code ? byAirlineCode[first.Code] : undefined) ??
    (response.status === 502 || response.status === 503
      ? 'unavailable'
      : response.status === 504
        ? 'timeout'
        : 'airline_error');
  // A 5xx text from an airline can carry its internals; only 4xx words are passed on.
  const words =
    response.status < 500 && first?.DescText ? first.DescText : 'The airline could not process the request.';
  throw new ProviderError(kind, words, carrier);
}
