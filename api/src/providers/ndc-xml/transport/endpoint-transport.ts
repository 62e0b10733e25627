// One channel's way to its airline: an NdcXmlTransport over the channel's configured endpoint. It
// chooses the host (the payment host for documents that carry a card, when one is configured), the
// path and deadline per message, wraps the document in a SOAP 1.1 envelope with its SOAPAction or
// sends it bare over REST, adds the API key and the bearer token (fetched, or the fixed credential
// a sandbox channel carries), and presents the client certificate through the channel's own undici
// Agent (mutual TLS is a connection property). A refused token is fetched again once. Failures become ProviderErrors; an answer that is an XML
// document (an IATA Error included) is handed back with its status for the adapter to read.
import type { LookupFunction } from 'node:net';
import { Agent, request, type Dispatcher } from 'undici';
import type { AirlineExchangeSink } from '../../airline-exchange-log.js';
import { ProviderError, type ProviderErrorKind } from '../../airline-provider.js';
import type { ChannelEndpoint } from '../../channel-endpoint.js';
import type { NdcXmlAnswer, NdcXmlRequest, NdcXmlTransport } from '../ndc-xml-transport.js';
import { isEnvelope, unwrapEnvelope, wrapInEnvelope, type SoapFault } from './soap-envelope.js';
import { createTokenSource, TokenRefused } from './token-source.js';
import { loggedTransport } from './logged-transport.js';

/** A SOAP fault the airline answered, with its code, as a ProviderError. */
export class SoapFaultError extends ProviderError {
  constructor(
    readonly fault: SoapFault,
    carrier: string,
  ) {
    super(faultKind(fault.code), fault.message || 'The airline answered with a SOAP fault.', carrier);
    this.name = 'SoapFaultError';
  }
}

/** soap:Client means our message was refused; anything else (soap:Server…) is the airline's failure. */
function faultKind(code: string): ProviderErrorKind {
  const local = code.replace(/^.*:/, '');
  if (/^Client/i.test(local)) return /auth|security|credential/i.test(code) ? 'credential_refused' : 'invalid_request';
  return 'airline_error';
}

export interface EndpointTransportOptions {
  readonly channelId: string;
  readonly carrier: string;
  /** The outbound guard's connect-time lookup (refuses private addresses unless allowed). */
  readonly lookup?: LookupFunction;
  /** TLS roots to trust beside the system's (a test CA); never switches verification off. */
  readonly ca?: string;
  readonly sink?: AirlineExchangeSink;
  readonly now?: () => number;
  /** A fixed `Authorization: Bearer` credential (the sandbox's channel credential) when no token is fetched. */
  readonly bearer?: string;
  /**
   * A connection pool shared with other transports, left open by close(); without one the transport
   * has its own Agent (the only way to present a client certificate).
   */
  readonly dispatcher?: Dispatcher;
}

export interface EndpointTransport extends NdcXmlTransport {
  close(): Promise<void>;
}

export function createEndpointTransport(
  endpoint: ChannelEndpoint,
  options: EndpointTransportOptions,
): EndpointTransport {
  const { carrier } = options;
  const { auth, secrets } = endpoint;
  const tls = auth.mutualTls ? { cert: secrets.clientCertificate, key: secrets.clientKey } : {};
  const own = options.dispatcher
    ? null
    : new Agent({
        connections: 64,
        keepAliveTimeout: 30_000,
        connect: {
          ...tls,
          ...(options.ca ? { ca: options.ca } : {}),
          ...(options.lookup ? { lookup: options.lookup } : {}),
        },
      });
  const dispatcher: Dispatcher = options.dispatcher ?? own!;
  const tokens = createTokenSource(endpoint, dispatcher, options.now);
  const soap = endpoint.transport === 'soap';

  function urlOf(message: NdcXmlRequest['message'], carriesCard: boolean): string {
    const host = (carriesCard && endpoint.paymentBaseUrl) || endpoint.baseUrl;
    if (!host) throw new ProviderError('unavailable', 'The channel has no airline endpoint configured.', carrier);
    return `${host.replace(/\/$/, '')}${endpoint.messagePaths[message] ?? `/${message}`}`;
  }

  async function headersFor(message: NdcXmlRequest['message'], deadlineMs: number) {
    const headers: Record<string, string> = soap
      ? {
          'content-type': 'text/xml; charset=utf-8',
          accept: 'text/xml',
          soapaction: `"${endpoint.soapActions[message] ?? message}"`,
        }
      : { 'content-type': 'application/xml; charset=utf-8', accept: 'application/xml' };
    if (auth.apiKeyHeader && secrets.apiKey) headers[auth.apiKeyHeader.toLowerCase()] = secrets.apiKey;
    let token: string | undefined;
    if (tokens) {
      try {
        token = await tokens.token(deadlineMs);
      } catch (error) {
        if (!(error instanceof TokenRefused)) throw error;
        const kind = error.status === null || error.status >= 500 ? 'unavailable' : 'credential_refused';
        throw new ProviderError(kind, 'The airline refused to issue an access token.', carrier, { cause: error });
      }
      headers.authorization = `Bearer ${token}`;
    } else if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
    return { headers, token };
  }

  async function once(call: NdcXmlRequest, url: string, body: string, deadlineMs: number) {
    const { headers, token } = await headersFor(call.message, deadlineMs);
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), deadlineMs);
    try {
      const answer = await request(url, { method: 'POST', headers, body, dispatcher, signal: controller.signal });
      const text = await answer.body.text();
      return { status: answer.statusCode, text, token };
    } catch (error) {
      if (controller.signal.aborted) throw new ProviderError('timeout', 'The airline did not answer in time.', carrier);
      throw new ProviderError('unavailable', 'The airline could not be reached.', carrier, { cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  async function exchange(call: NdcXmlRequest): Promise<NdcXmlAnswer> {
    const started = performance.now();
    const limit = endpoint.messageTimeoutsMs[call.message] ?? endpoint.timeoutMs;
    const deadlineMs = Math.max(1, Math.min(call.deadlineMs, limit));
    const url = urlOf(call.message, call.carriesCard);
    const body = soap ? wrapInEnvelope(call.xml) : call.xml;
    let answer = await once(call, url, body, deadlineMs);
    if ((answer.status === 401 || answer.status === 403) && tokens && answer.token) {
      tokens.drop(answer.token);
      answer = await once(call, url, body, Math.max(1, deadlineMs - (performance.now() - started)));
    }
    const { status, text } = answer;
    if (status === 401 || status === 403)
      throw new ProviderError('credential_refused', 'The airline refused the channel credential.', carrier);
    let xml = text;
    if (soap && isEnvelope(text)) {
      const unwrapped = unwrapEnvelope(text);
      if ('fault' in unwrapped) throw new SoapFaultError(unwrapped.fault, carrier);
      xml = unwrapped.xml;
    }
    if (!/^\s*(<\?xml[^>]*\?>\s*)?</.test(xml)) {
      const kind = status === 504 ? 'timeout' : status >= 500 ? 'unavailable' : 'airline_error';
      throw new ProviderError(kind, 'The airline answered with an unreadable message.', carrier);
    }
    return { status, xml, durationMs: Math.round(performance.now() - started) };
  }

  return loggedTransport(
    { exchange, close: async () => own?.close() },
    {
      channelId: options.channelId,
      carrier,
      url: endpoint.baseUrl ?? '',
      ...(options.sink ? { sink: options.sink } : {}),
      ...(options.now ? { now: options.now } : {}),
    },
  );
}
