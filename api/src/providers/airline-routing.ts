// The AirlineProvider the domain holds: one port, and behind it the adapter each channel's endpoint
// names, on the address its mode allows. The rule (DESIGN §3, test and live):
// - a test channel (a sandbox credential) goes only to the sandbox, in the wire format its endpoint
//   picks; whatever addresses the endpoint names are not used;
// - a live channel goes only to its configured endpoint, never to the sandbox (an endpoint naming
//   the sandbox's origin is refused), and without an endpoint it goes nowhere.
// Calls that name no channel (readiness, the scenario catalogue) are the sandbox's.
// Adapters for live endpoints are kept per channel and endpoint version, so a changed endpoint
// gets fresh connections and the old ones are closed.
import { isIP } from 'node:net';
import type { OutboundGuard } from '../outbound/outbound-guard.js';
import type { AirlineExchangeSink } from './airline-exchange-log.js';
import { ProviderError, type AirlineProvider, type ProviderChannel } from './airline-provider.js';
import type { ChannelEndpoint } from './channel-endpoint.js';
import { exchangeContext } from './exchange-context.js';
import { Agent } from 'undici';
import { createNdcAdapter } from './ndc/ndc.adapter.js';
import { createNdcXmlAdapter } from './ndc-xml/ndc-xml.adapter.js';
import { createEndpointTransport, type EndpointTransport } from './ndc-xml/transport/endpoint-transport.js';
import { createSandboxXmlTransport } from './ndc-xml/transport/sandbox-xml-transport.js';

export interface AirlineRoutingOptions {
  readonly sandboxUrl: string;
  readonly timeoutMs: number;
  readonly orderTimeoutMs?: number;
  readonly safeRetries: number;
  /** Live endpoints are user-given addresses: checked at connect time (names) and before (IPs). */
  readonly guard?: OutboundGuard;
  /** The wire a test channel speaks when its endpoint does not pick one (SANDBOX_WIRE). */
  readonly sandboxWire?: 'json' | 'ndc-xml';
  /** The airline message log, for every adapter's exchanges. */
  readonly sink?: AirlineExchangeSink;
}

export type RoutedProvider = AirlineProvider & { close(): Promise<void> };

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

const channelFree = new Set(['isSandboxCredential', 'sandboxCredential', 'ping', 'scenarioCatalogue']);
const synchronous = new Set(['orderOfNotice']);

export function createAirlineRouting(options: AirlineRoutingOptions): RoutedProvider {
  const sandbox = createNdcAdapter({
    baseUrl: options.sandboxUrl,
    timeoutMs: options.timeoutMs,
    safeRetries: options.safeRetries,
    ...(options.orderTimeoutMs ? { orderTimeoutMs: options.orderTimeoutMs } : {}),
    ...(options.sink ? { sink: options.sink } : {}),
  });
  const sandboxOrigin = originOf(options.sandboxUrl);
  const live = new Map<string, { version: string; adapter: AirlineProvider }>();

  const refuse = (channel: ProviderChannel, why: string): never => {
    throw new ProviderError('unavailable', why, channel.carrier);
  };

  // The sandbox's NDC XML door: one adapter (it remembers shopped offers) and one connection pool
  // for every test channel that speaks XML, each call carrying its channel's own credential over
  // the transport (REST or SOAP) its endpoint names. A channel's transport is kept while what it is
  // built from (its carrier, its credential, its endpoint's version) stays the same, rather than
  // built again for every call of every search.
  const sandboxXmlPool = new Agent({ connections: 128, keepAliveTimeout: 30_000 });
  const sandboxXmlTransports = new Map<string, { key: string; transport: EndpointTransport }>();
  function sandboxXmlTransportOf(channel: ProviderChannel): EndpointTransport {
    const key = `${channel.carrier}\n${channel.credential}\n${channel.endpoint?.version ?? ''}`;
    const kept = sandboxXmlTransports.get(channel.id);
    if (kept?.key === key) return kept.transport;
    const transport = createSandboxXmlTransport(options.sandboxUrl, channel, {
      dispatcher: sandboxXmlPool,
      timeoutMs: options.timeoutMs,
      ...(options.sink ? { sink: options.sink } : {}),
    });
    sandboxXmlTransports.set(channel.id, { key, transport });
    return transport;
  }
  const sandboxXml = createNdcXmlAdapter({
    timeoutMs: options.timeoutMs,
    safeRetries: options.safeRetries,
    systemUrl: options.sandboxUrl,
    transportOf: sandboxXmlTransportOf,
  });

  /** A live channel's XML adapter over its configured transport (REST or SOAP, its auth, its hosts). */
  function liveXmlAdapter(channel: ProviderChannel, endpoint: ChannelEndpoint): AirlineProvider {
    const transport = createEndpointTransport(endpoint, {
      channelId: channel.id,
      carrier: channel.carrier,
      ...(options.guard ? { lookup: options.guard.lookup } : {}),
      ...(options.sink ? { sink: options.sink } : {}),
    });
    return createNdcXmlAdapter({
      timeoutMs: endpoint.timeoutMs,
      safeRetries: options.safeRetries,
      systemUrl: endpoint.baseUrl ?? '',
      transportOf: () => transport,
    });
  }

  function liveAdapter(channel: ProviderChannel, endpoint: ChannelEndpoint): AirlineProvider {
    const base = endpoint.baseUrl;
    if (!base) return refuse(channel, 'The channel has no airline endpoint configured.');
    const origins = [base, endpoint.paymentBaseUrl, endpoint.auth.tokenUrl].flatMap((u) => (u ? [originOf(u)] : []));
    if (sandboxOrigin && origins.includes(sandboxOrigin))
      return refuse(channel, 'A live channel may not reach the sandbox.');
    // An address written as an IP is dialled without a lookup, so the guard judges it here.
    const hosts = [base, endpoint.paymentBaseUrl, endpoint.auth.tokenUrl].flatMap((u) =>
      u ? [new URL(u).hostname.replace(/^\[|\]$/g, '')] : [],
    );
    if (options.guard && hosts.some((host) => isIP(host) && !options.guard!.allows(host)))
      return refuse(channel, 'The channel endpoint is an address this server does not contact.');
    const kept = live.get(channel.id);
    if (kept?.version === endpoint.version) return kept.adapter;
    const adapter =
      endpoint.adapter === 'ndc-xml'
        ? liveXmlAdapter(channel, endpoint)
        : createNdcAdapter({
            baseUrl: base,
            timeoutMs: endpoint.timeoutMs,
            safeRetries: options.safeRetries,
            ...(endpoint.messageTimeoutsMs.OrderChange
              ? { orderTimeoutMs: endpoint.messageTimeoutsMs.OrderChange }
              : {}),
            ...(options.guard ? { lookup: options.guard.lookup } : {}),
          });
    live.set(channel.id, { version: endpoint.version, adapter });
    return adapter;
  }

  function adapterFor(channel: ProviderChannel): AirlineProvider {
    if (sandbox.isSandboxCredential(channel.credential)) {
      const wire = channel.endpoint?.adapter ?? (options.sandboxWire === 'ndc-xml' ? 'ndc-xml' : 'sandbox-json');
      return wire === 'ndc-xml' ? sandboxXml : sandbox;
    }
    if (!channel.endpoint) return refuse(channel, 'The channel has no airline endpoint configured.');
    return liveAdapter(channel, channel.endpoint);
  }

  // Every call that names a channel (its first argument) goes to that channel's adapter; a refusal
  // is a rejected promise like any airline failure (orderOfNotice alone answers synchronously).
  const routed = {} as Record<string, unknown>;
  for (const [name, member] of Object.entries(sandbox)) {
    if (typeof member !== 'function') continue;
    if (channelFree.has(name)) {
      routed[name] = member;
      continue;
    }
    const call = (channel: ProviderChannel, rest: unknown[]) => {
      const adapter = adapterFor(channel) as unknown as Record<string, (...args: unknown[]) => unknown>;
      const reference = (rest[0] as { sellerReference?: unknown } | undefined)?.sellerReference;
      const context = { channelId: channel.id, bookingId: typeof reference === 'string' ? reference : null };
      return exchangeContext.run(context, () => adapter[name]!(channel, ...rest));
    };
    routed[name] = synchronous.has(name)
      ? (channel: ProviderChannel, ...rest: unknown[]) => call(channel, rest)
      : async (channel: ProviderChannel, ...rest: unknown[]) => call(channel, rest);
  }
  return {
    ...(routed as unknown as AirlineProvider),
    async close() {
      live.clear();
      sandboxXmlTransports.clear();
      await sandboxXmlPool.close();
    },
  };
}
