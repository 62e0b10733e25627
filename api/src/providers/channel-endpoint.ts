// How one channel reaches its airline, as the providers read it: which adapter speaks for it, the
// transport and its addresses, the schema version, the auth style with its secrets opened, and the
// deadlines. The domain stores it (secrets sealed) and hands it over on ProviderChannel.endpoint;
// a channel without one speaks the NDC-shaped JSON of the sandbox airlines.
import type { NdcXmlMessage } from './ndc-xml/ndc-xml-transport.js';

export const ndcAdapters = ['sandbox-json', 'ndc-xml'] as const;
export type NdcAdapterKind = (typeof ndcAdapters)[number];

/** The NDC schema versions a channel may speak; 18.1 and 17.2 join this list with their mappers. */
export const ndcSchemaVersions = ['21.3'] as const;
export type NdcSchemaVersion = (typeof ndcSchemaVersions)[number];

export const ndcXmlMessages = [
  'AirShopping',
  'OfferPrice',
  'ServiceList',
  'SeatAvailability',
  'OrderCreate',
  'OrderRetrieve',
  'OrderReshop',
  'OrderChange',
] as const satisfies readonly NdcXmlMessage[];

export type NdcTransportKind = 'rest' | 'soap';
export type TokenStyle = 'none' | 'oauth2_client_credentials' | 'login';

export type PerMessage<T> = Partial<Record<NdcXmlMessage, T>>;

export interface EndpointAuthSettings {
  /** Header carrying the API key (`Ocp-Apim-Subscription-Key`, `Client-Key`, `apikey`…); null: none. */
  readonly apiKeyHeader: string | null;
  readonly token: TokenStyle;
  /** The OAuth2 token endpoint, or the login call's URL. */
  readonly tokenUrl: string | null;
  readonly clientId: string | null;
  readonly scope: string | null;
  readonly username: string | null;
  readonly mutualTls: boolean;
}

/** Everything about an endpoint that is not secret (stored as it is). */
export interface EndpointSettings {
  readonly adapter: NdcAdapterKind;
  readonly schemaVersion: NdcSchemaVersion;
  readonly transport: NdcTransportKind;
  /** Null on a test channel: it reaches the sandbox whatever is configured. */
  readonly baseUrl: string | null;
  /** A separate host (a PCI tokenising proxy) for the messages that carry card data. */
  readonly paymentBaseUrl: string | null;
  /** Path after the base URL per message; default `/{Message}`. */
  readonly messagePaths: PerMessage<string>;
  /** SOAPAction per message; default the message name. */
  readonly soapActions: PerMessage<string>;
  readonly timeoutMs: number;
  readonly messageTimeoutsMs: PerMessage<number>;
  readonly auth: EndpointAuthSettings;
}

/** The secrets, sealed together at rest; opened only on their way to the airline. */
export interface EndpointSecrets {
  readonly apiKey?: string;
  readonly clientSecret?: string;
  readonly password?: string;
  /** PEM; kept with the secrets because it travels with its key. */
  readonly clientCertificate?: string;
  readonly clientKey?: string;
}

export interface ChannelEndpoint extends EndpointSettings {
  readonly secrets: EndpointSecrets;
  /** Changes whenever the configuration does (connection pools and tokens are kept per version). */
  readonly version: string;
}

export const defaultEndpointSettings: EndpointSettings = {
  adapter: 'sandbox-json',
  schemaVersion: '21.3',
  transport: 'rest',
  baseUrl: null,
  paymentBaseUrl: null,
  messagePaths: {},
  soapActions: {},
  timeoutMs: 10_000,
  messageTimeoutsMs: {},
  auth: {
    apiKeyHeader: null,
    token: 'none',
    tokenUrl: null,
    clientId: null,
    scope: null,
    username: null,
    mutualTls: false,
  },
};

/** What goes on the wire, in words a support agent reads on the channel screen. */
export function wireFormatOf(settings: Pick<EndpointSettings, 'adapter' | 'schemaVersion' | 'transport'>): string {
  if (settings.adapter === 'sandbox-json') return 'NDC-shaped JSON over REST';
  return `NDC ${settings.schemaVersion} XML over ${settings.transport === 'soap' ? 'SOAP 1.1' : 'REST'}`;
}
