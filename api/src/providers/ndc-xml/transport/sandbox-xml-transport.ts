// A test channel's way to the sandbox airlines' NDC 21.3 XML door: the same endpoint transport a
// live channel uses, aimed at the sandbox and carrying the channel's sandbox credential as its
// bearer. It speaks the transport the channel's endpoint names: REST posts each message to
// /ndc-xml/21.3/{Message}, SOAP 1.1 posts every message to /ndc-xml/21.3/soap with its SOAPAction.
// The endpoint's addresses, paths and auth belong to its live airline and are never used here; its
// deadlines are kept, so a test channel times out as its live twin would.
import type { Dispatcher } from 'undici';
import type { AirlineExchangeSink } from '../../airline-exchange-log.js';
import type { ProviderChannel } from '../../airline-provider.js';
import { defaultEndpointSettings, ndcXmlMessages, type ChannelEndpoint } from '../../channel-endpoint.js';
import { createEndpointTransport, type EndpointTransport } from './endpoint-transport.js';

/** Where the sandbox answers 21.3 XML, below its base URL. */
export const sandboxXmlPath = '/ndc-xml/21.3';

const soapPaths = Object.fromEntries(ndcXmlMessages.map((m) => [m, '/soap']));

export interface SandboxXmlTransportOptions {
  /** The pool every test channel's XML calls share. */
  readonly dispatcher: Dispatcher;
  readonly sink?: AirlineExchangeSink;
  /** The default deadline when the channel's endpoint sets none. */
  readonly timeoutMs?: number;
}

export function createSandboxXmlTransport(
  sandboxUrl: string,
  channel: ProviderChannel,
  options: SandboxXmlTransportOptions,
): EndpointTransport {
  const named = channel.endpoint;
  const soap = named?.transport === 'soap';
  const endpoint: ChannelEndpoint = {
    ...defaultEndpointSettings,
    adapter: 'ndc-xml',
    transport: soap ? 'soap' : 'rest',
    baseUrl: `${sandboxUrl.replace(/\/$/, '')}${sandboxXmlPath}`,
    messagePaths: soap ? soapPaths : {},
    timeoutMs: named?.timeoutMs ?? options.timeoutMs ?? defaultEndpointSettings.timeoutMs,
    messageTimeoutsMs: named?.messageTimeoutsMs ?? {},
    secrets: {},
    version: 'sandbox',
  };
  return createEndpointTransport(endpoint, {
    channelId: channel.id,
    carrier: channel.carrier,
    bearer: channel.credential,
    dispatcher: options.dispatcher,
    ...(options.sink ? { sink: options.sink } : {}),
  });
}
