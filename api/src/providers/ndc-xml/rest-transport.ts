// NDC XML over plain REST: the document POSTed to {base}/{Message} as application/xml, with the
// channel's bearer credential, over a keep-alive pool of the transport's own; the call fails with a
// timeout at its deadline. It never retries (the adapter decides what is safe to send twice) and
// never reads the document: failures are ProviderErrors of kind timeout or unavailable, whatever
// the airline answered is returned with its status. Other transports (SOAP, other auth styles)
// implement the same NdcXmlTransport.
import { Agent, request as undiciRequest, type Dispatcher } from 'undici';
import { ProviderError } from '../airline-provider.js';
import type { NdcXmlAnswer, NdcXmlRequest, NdcXmlTransport } from './ndc-xml-transport.js';

export interface RestTransportOptions {
  /** Where the messages go: `${baseUrl}/${Message}` (the sandbox: http://…/ndc-xml/21.3). */
  readonly baseUrl: string;
  readonly credential: string;
}

const transportCarrier = 'NDC';

export function createRestTransport(
  options: RestTransportOptions,
  dispatcher: Dispatcher = new Agent({ connections: 128, keepAliveTimeout: 30_000 }),
): NdcXmlTransport {
  const base = options.baseUrl.replace(/\/$/, '');
  return {
    async exchange(request: NdcXmlRequest): Promise<NdcXmlAnswer> {
      const started = performance.now();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), request.deadlineMs);
      try {
        const response = await undiciRequest(`${base}/${request.message}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/xml; charset=utf-8',
            accept: 'application/xml',
            authorization: `Bearer ${options.credential}`,
          },
          body: request.xml,
          signal: controller.signal,
          dispatcher,
        });
        const xml = await response.body.text();
        return { status: response.statusCode, xml, durationMs: performance.now() - started };
      } catch (error) {
        if (controller.signal.aborted)
          throw new ProviderError('timeout', 'The airline did not answer in time.', transportCarrier);
        throw new ProviderError('unavailable', 'The airline could not be reached.', transportCarrier, {
          cause: error,
        });
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
