// One NDC XML message from the adapter's side: the document goes through the channel's transport,
// the answer is read leniently, and every failure becomes a ProviderError of the channel's carrier.
// Safe messages (shopping, pricing, retrieve, reshop) are retried after an unreachable airline;
// messages that change an order go exactly once: a lost answer leaves the outcome unknown and the
// caller retrieves the order. The airline's refusals are its root Error elements (21.3), also read
// from the pre-21.3 <Errors><Error> wrapper some gateways still send, and from a 200 answer.
import { ProviderError, type CallOptions } from '../airline-provider.js';
import { kindOfAirlineCode } from '../airline-error-codes.js';
import type { NdcXmlMessage, NdcXmlTransport } from './ndc-xml-transport.js';
import { all, one, readXml, text, unwrapEnvelope, XmlReadError, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';

export interface ExchangeOptions extends CallOptions {
  readonly message: NdcXmlMessage;
  readonly xml: string;
  readonly carrier: string;
  /** Safe to send twice: retried after an unreachable airline. */
  readonly safe: boolean;
  readonly carriesCard?: boolean;
  readonly bookingLocator?: string;
}

export interface ExchangeSettings {
  readonly timeoutMs: number;
  /** Deadline of a message that changes an order (ticketing can be slow); defaults to timeoutMs. */
  readonly orderTimeoutMs?: number;
  readonly safeRetries: number;
}

const timeout = (carrier: string) => new ProviderError('timeout', 'The airline did not answer in time.', carrier);

/** The transport's answer, or the caller's deadline (the transport keeps its own). */
function race<T>(work: Promise<T>, signal: AbortSignal | undefined, carrier: string): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(timeout(carrier));
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(timeout(carrier));
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The payload of an answer (its Response element) once the airline's refusals are ruled out. */
export async function exchangeNdcXml(
  transport: NdcXmlTransport,
  settings: ExchangeSettings,
  options: ExchangeOptions,
): Promise<{ root: XmlNode; response: XmlNode }> {
  const tries = options.safe ? 1 + settings.safeRetries : 1;
  const deadlineMs = options.safe ? settings.timeoutMs : (settings.orderTimeoutMs ?? settings.timeoutMs);
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(transport, deadlineMs, options);
    } catch (error) {
      const retry = error instanceof ProviderError && error.kind === 'unavailable' && attempt < tries;
      if (!retry || options.signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt + Math.random() * 25));
    }
  }
}

async function once(
  transport: NdcXmlTransport,
  deadlineMs: number,
  options: ExchangeOptions,
): Promise<{ root: XmlNode; response: XmlNode }> {
  const { carrier } = options;
  let answer;
  try {
    answer = await race(
      transport.exchange({
        message: options.message,
        xml: options.xml,
        deadlineMs,
        carriesCard: options.carriesCard ?? false,
        ...(options.bookingLocator ? { bookingLocator: options.bookingLocator } : {}),
      }),
      options.signal,
      carrier,
    );
  } catch (error) {
    // The transport's own kinds, told as the channel's carrier.
    if (error instanceof ProviderError)
      throw new ProviderError(error.kind, error.airlineMessage, carrier, { cause: error });
    throw new ProviderError('unavailable', 'The airline could not be reached.', carrier, { cause: error });
  }
  let root: XmlNode | undefined;
  try {
    root = unwrapEnvelope(await readXml(answer.xml));
  } catch (error) {
    if (!(error instanceof XmlReadError)) throw error;
  }
  const errors = root ? [...all(root, 'Error'), ...all(one(root, 'Errors'), 'Error')] : [];
  const response = root && one(root, 'Response');
  const ok = answer.status >= 200 && answer.status < 300;
  if (ok && response && errors.length === 0) return { root: root!, response };
  const first = errors[0];
  const code = text(first, 'Code');
  const status = answer.status;
  const kind =
    kindOfAirlineCode[code] ??
    (status === 502 || status === 503 || (!root && status >= 500)
      ? 'unavailable'
      : status === 504
        ? 'timeout'
        : !root
          ? 'unavailable'
          : 'airline_error');
  // A 5xx text from an airline can carry its internals; only 4xx (and 200) words are passed on.
  const words =
    status < 500 && text(first, 'DescText') ? text(first, 'DescText') : 'The airline could not process the request.';
  throw new ProviderError(kind, words, carrier);
}
