// A channel's endpoint as staff configure it: read (secrets only as `…_set`), replaced whole (a
// secret left out keeps its saved value, null clears it), and tried with one AirShopping. Every
// change is audited without its secrets. A live channel must name an https endpoint its auth can
// reach; a test channel reaches the sandbox whatever it names (routing in airline-routing.ts).
import {
  findChannelWithEndpoint,
  saveChannelEndpoint,
  type EndpointChannelRow,
} from '../../db/channel-endpoints.repository.js';
import type { Db } from '../../db/database.js';
import type { OutboundGuard } from '../../outbound/outbound-guard.js';
import { ProviderError, type AirlineProvider } from '../../providers/airline-provider.js';
import {
  ndcXmlMessages,
  wireFormatOf,
  type EndpointSecrets,
  type EndpointSettings,
  type PerMessage,
  type TokenStyle,
} from '../../providers/channel-endpoint.js';
import type { RecordChange } from '../back-office/audit.js';
import { mustReach } from '../back-office/scope.js';
import type { Clock } from '../clock.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { invalidField, notFound, throwAll, type DomainError } from '../errors.js';
import type { Principal } from '../principal.js';
import { channelModeOf, type ChannelMode } from './channel-mode.js';
import { openEndpoint, openSecrets, sealSecrets, settingsOf } from './channel-endpoint-codec.js';

type Messages<T> = PerMessage<T>;

export interface EndpointInput {
  adapter: EndpointSettings['adapter'];
  schema_version?: EndpointSettings['schemaVersion'];
  transport: EndpointSettings['transport'];
  base_url?: string | null;
  payment_base_url?: string | null;
  message_paths?: Messages<string>;
  soap_actions?: Messages<string>;
  timeout_ms?: number;
  message_timeouts_ms?: Messages<number>;
  auth?: {
    api_key_header?: string | null;
    api_key?: string | null;
    token?: TokenStyle;
    token_url?: string | null;
    client_id?: string | null;
    scope?: string | null;
    client_secret?: string | null;
    username?: string | null;
    password?: string | null;
    mutual_tls?: boolean;
    client_certificate?: string | null;
    client_key?: string | null;
  };
}

/** The fixed journey a connection test shops: a month ahead, one adult. */
export const connectionTestRoute = { origin: 'FRA', destination: 'LHR', daysAhead: 30 } as const;

export function endpointView(
  channelId: string,
  mode: ChannelMode,
  s: EndpointSettings,
  secrets: EndpointSecrets,
  updatedAt: Date | null,
) {
  return {
    channel_id: channelId,
    mode,
    adapter: s.adapter,
    wire_format: wireFormatOf(s),
    schema_version: s.schemaVersion,
    transport: s.transport,
    base_url: s.baseUrl,
    payment_base_url: s.paymentBaseUrl,
    message_paths: s.messagePaths,
    soap_actions: s.soapActions,
    timeout_ms: s.timeoutMs,
    message_timeouts_ms: s.messageTimeoutsMs,
    auth: {
      api_key_header: s.auth.apiKeyHeader,
      api_key_set: secrets.apiKey !== undefined,
      token: s.auth.token,
      token_url: s.auth.tokenUrl,
      client_id: s.auth.clientId,
      scope: s.auth.scope,
      client_secret_set: secrets.clientSecret !== undefined,
      username: s.auth.username,
      password_set: secrets.password !== undefined,
      mutual_tls: s.auth.mutualTls,
      client_certificate_set: secrets.clientCertificate !== undefined,
      client_key_set: secrets.clientKey !== undefined,
    },
    updated_at: updatedAt?.toISOString() ?? null,
  };
}

/** A secret left out keeps its value, null clears it, a string replaces it. */
function merged(saved: EndpointSecrets, auth: EndpointInput['auth'] = {}): EndpointSecrets {
  const pick = (key: keyof EndpointSecrets, given: string | null | undefined) =>
    given === undefined ? saved[key] : (given ?? undefined);
  const all: Record<keyof EndpointSecrets, string | undefined> = {
    apiKey: pick('apiKey', auth.api_key),
    clientSecret: pick('clientSecret', auth.client_secret),
    password: pick('password', auth.password),
    clientCertificate: pick('clientCertificate', auth.client_certificate),
    clientKey: pick('clientKey', auth.client_key),
  };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined));
}

function settingsFrom(input: EndpointInput): EndpointSettings {
  const auth = input.auth ?? {};
  return settingsOf(
    {
      schemaVersion: input.schema_version ?? '21.3',
      transport: input.transport,
      baseUrl: input.base_url ?? null,
      paymentBaseUrl: input.payment_base_url ?? null,
      messagePaths: input.message_paths ?? {},
      soapActions: input.soap_actions ?? {},
      ...(input.timeout_ms !== undefined ? { timeoutMs: input.timeout_ms } : {}),
      messageTimeoutsMs: input.message_timeouts_ms ?? {},
      auth: {
        apiKeyHeader: auth.api_key_header ?? null,
        token: auth.token ?? 'none',
        tokenUrl: auth.token_url ?? null,
        clientId: auth.client_id ?? null,
        scope: auth.scope ?? null,
        username: auth.username ?? null,
        mutualTls: auth.mutual_tls ?? false,
      },
    },
    input.adapter,
  );
}

async function problemsOf(
  s: EndpointSettings,
  secrets: EndpointSecrets,
  mode: ChannelMode,
  guard: OutboundGuard,
): Promise<DomainError[]> {
  const problems: DomainError[] = [];
  const urls: [string, string | null][] = [
    ['/base_url', s.baseUrl],
    ['/payment_base_url', s.paymentBaseUrl],
    ['/auth/token_url', s.auth.tokenUrl],
  ];
  for (const [pointer, url] of urls) {
    if (url === null) continue;
    try {
      await guard.checkUrl(url, { requireHttps: mode === 'production' });
    } catch (error) {
      problems.push(invalidField(pointer, error instanceof Error ? error.message : 'The URL is not valid.'));
    }
  }
  if (mode === 'production' && s.baseUrl === null)
    problems.push(invalidField('/base_url', 'A live channel needs the airline endpoint it sends to.'));
  for (const message of ndcXmlMessages) {
    const path = s.messagePaths[message];
    if (path !== undefined && !path.startsWith('/'))
      problems.push(invalidField(`/message_paths/${message}`, 'A path starts with /.'));
  }
  const need = (ok: unknown, pointer: string, what: string) => {
    if (!ok) problems.push(invalidField(pointer, `${what} is needed for this kind of sign-in.`));
  };
  if (s.auth.apiKeyHeader !== null) need(secrets.apiKey, '/auth/api_key', 'The API key');
  if (s.auth.token !== 'none') need(s.auth.tokenUrl, '/auth/token_url', 'The token URL');
  if (s.auth.token === 'oauth2_client_credentials') {
    need(s.auth.clientId, '/auth/client_id', 'The client id');
    need(secrets.clientSecret, '/auth/client_secret', 'The client secret');
  }
  if (s.auth.token === 'login') {
    need(s.auth.username, '/auth/username', 'The user name');
    need(secrets.password, '/auth/password', 'The password');
  }
  if (s.auth.mutualTls) {
    need(secrets.clientCertificate, '/auth/client_certificate', 'The client certificate');
    need(secrets.clientKey, '/auth/client_key', 'The client key');
  }
  return problems;
}

export function createChannelEndpointsService(deps: {
  db: Db;
  clock: Clock;
  audit: RecordChange;
  /** Seals the endpoint's secrets. */
  box: SecretBox;
  /** Opens the channel's own credential (to tell a test channel from a live one). */
  credentials: SecretBox;
  guard: OutboundGuard;
  provider: AirlineProvider;
}) {
  const { db, clock, audit, box, credentials, guard, provider } = deps;

  async function found(trx: Db, principal: Principal, id: string) {
    const row = await findChannelWithEndpoint(trx, id);
    if (!row) throw notFound('channel');
    mustReach(principal, row.agency_id, 'channel');
    return row;
  }
  const modeOf = (row: EndpointChannelRow): ChannelMode =>
    row.credential_ciphertext === null ? 'production' : channelModeOf(credentials.open(row.credential_ciphertext));
  const viewOf = (row: EndpointChannelRow) =>
    endpointView(
      row.id,
      modeOf(row),
      settingsOf(row.endpoint?.settings, row.endpoint?.adapter ?? null),
      openSecrets(box, row.endpoint?.secrets_ciphertext ?? null),
      row.endpoint?.updated_at ?? null,
    );

  return {
    async get(principal: Principal, id: string) {
      return viewOf(await found(db, principal, id));
    },

    async set(principal: Principal, id: string, input: EndpointInput) {
      return db.transaction().execute(async (trx) => {
        const row = await found(trx, principal, id);
        const before = row.endpoint ? viewOf(row) : null;
        const settings = settingsFrom(input);
        const secrets = merged(openSecrets(box, row.endpoint?.secrets_ciphertext ?? null), input.auth);
        throwAll(await problemsOf(settings, secrets, modeOf(row), guard));
        const { adapter, ...rest } = settings;
        await saveChannelEndpoint(trx, {
          agency_channel_id: id,
          adapter,
          settings: rest,
          secrets_ciphertext: sealSecrets(box, secrets),
          updated_at: clock.now(),
        });
        const after = viewOf((await findChannelWithEndpoint(trx, id))!);
        await audit(trx, principal, {
          action: 'setAgencyChannelEndpoint',
          entityType: 'agency_channel',
          entityId: id,
          agencyId: row.agency_id,
          before,
          after,
        });
        return after;
      });
    },

    /** One AirShopping on the fixed route through the channel's route; its time and any error. */
    async test(principal: Principal, id: string) {
      const row = await found(db, principal, id);
      if (row.credential_ciphertext === null) throw invalidField('/credential', 'The channel has no credential.');
      const view = viewOf(row);
      const endpoint = row.endpoint
        ? openEndpoint(box, {
            adapter: row.endpoint.adapter,
            settings: row.endpoint.settings,
            secrets: row.endpoint.secrets_ciphertext,
            version: String(row.endpoint.updated_at.getTime()),
          })
        : undefined;
      const channel = {
        id: row.id,
        carrier: row.carrier,
        credential: credentials.open(row.credential_ciphertext),
        negoCode: null,
        residentCode: null,
        ...(endpoint ? { endpoint } : {}),
      };
      const day = new Date(clock.now().getTime() + connectionTestRoute.daysAhead * 86_400_000);
      const started = performance.now();
      const result = {
        wire_format: view.wire_format,
        route: `${connectionTestRoute.origin}-${connectionTestRoute.destination}`,
      };
      try {
        const { origin, destination } = connectionTestRoute;
        const offers = await provider.shop(channel, {
          legs: [{ origin, destination, date: day.toISOString().slice(0, 10) }],
          passengers: [{ type: 'ADT', count: 1 }],
          cabin: 'Y',
        });
        return {
          ...result,
          ok: true,
          duration_ms: Math.round(performance.now() - started),
          offers: offers.length,
          error: null,
        };
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        return {
          ...result,
          ok: false,
          duration_ms: Math.round(performance.now() - started),
          offers: 0,
          error: { kind: error.kind, message: error.airlineMessage },
        };
      }
    },
  };
}

export type ChannelEndpointsService = ReturnType<typeof createChannelEndpointsService>;
