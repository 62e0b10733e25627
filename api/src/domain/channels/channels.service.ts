// Which airline channels a caller may use, decided by channel-state.ts and handed to the provider
// with the credential opened. The credential never leaves this service in plain text except
// toward the airline.
import { accountSuspended } from '../../db/agency-users.repository.js';
import { listAgencyChannels, listSearchChannels, type AgencyChannelRow } from '../../db/channels.repository.js';
import type { Db } from '../../db/database.js';
import type { ProviderChannel } from '../../providers/airline-provider.js';
import type { ChannelEndpoint } from '../../providers/channel-endpoint.js';
import { suspendableAccount, suspendedRefusal } from '../auth/suspension.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { openEndpoint } from './channel-endpoint-codec.js';
import { assertReachesMode, channelModeOf, reachesMode } from './channel-mode.js';
import { searchable, type ChannelFacts, type Surface } from './channel-state.js';

export interface ChannelsService {
  /**
   * The channels a search from this surface goes to (only those airlines', when carriers are named).
   * A search is a write, and this read is its suspension check (`checksSuspension`): a suspended
   * caller is refused here, before any other refusal of the channels and before any airline is called.
   */
  forSearch(principal: Principal, surface: Surface, carriers?: readonly string[]): Promise<ProviderChannel[]>;
  /** One of the caller's agency's channels, for going back to the airline that shopped a fare. */
  byId(principal: Principal, channelId: string): Promise<ProviderChannel>;
  /** The channel a booking was made on, opened for its agency and company (issue, cancel, void). */
  forBooking(booking: { agency_id: string; company_id: string | null; channel_id: string }): Promise<{
    channel: ProviderChannel;
    facts: ChannelFacts;
  }>;
  /** Every sandbox channel of the agency with a credential, switched on or not (its test orders live there). */
  sandboxChannels(agencyId: string): Promise<ProviderChannel[]>;
  /** forBooking from the channel's row when it was read beside the booking (undefined: none). */
  openForBooking(row: AgencyChannelRow | null | undefined): { channel: ProviderChannel; facts: ChannelFacts };
}

export function factsOf(row: AgencyChannelRow): ChannelFacts {
  return {
    onByAdmin: row.on_by_admin,
    activeBySupervisor: row.active_by_supervisor,
    activeForCompany: row.company_active ?? undefined,
    credentialActive: row.credential_active && row.credential_ciphertext !== null,
    surfaces: { api: row.api, web: row.web, extension: row.extension },
  };
}

/** How many opened channel credentials a process keeps; past it, the memo starts again. */
const openedCredentialsKept = 1024;

export function createChannelsService(deps: {
  db: Db;
  credentials: SecretBox;
  /** Opens the secrets of a channel's endpoint (channel-endpoint-codec.ts). */
  endpointSecrets: SecretBox;
}): ChannelsService {
  // Every search opens each of the agency's credentials; a sealed text always opens to the same
  // credential (a changed one is sealed afresh), so each is opened once per process.
  const opened = new Map<string, string>();
  const open = (sealed: string) => {
    let plain = opened.get(sealed);
    if (plain === undefined) {
      plain = deps.credentials.open(sealed);
      if (opened.size >= openedCredentialsKept) opened.clear();
      opened.set(sealed, plain);
    }
    return plain;
  };
  // Endpoints likewise, once per saved version of each.
  const endpoints = new Map<string, ChannelEndpoint | undefined>();
  const endpointOf = (row: AgencyChannelRow) => {
    if (row.endpoint_version === null) return undefined;
    const key = `${row.id}:${row.endpoint_version}`;
    if (!endpoints.has(key)) {
      if (endpoints.size >= openedCredentialsKept) endpoints.clear();
      endpoints.set(
        key,
        openEndpoint(deps.endpointSecrets, {
          adapter: row.endpoint_adapter,
          settings: row.endpoint_settings,
          secrets: row.endpoint_secrets,
          version: row.endpoint_version,
        }),
      );
    }
    return endpoints.get(key);
  };
  const toProvider = (row: AgencyChannelRow): ProviderChannel => {
    const endpoint = endpointOf(row);
    return {
      id: row.id,
      carrier: row.carrier,
      credential: open(row.credential_ciphertext!),
      negoCode: row.nego_code,
      residentCode: row.resident_fares_code,
      ...(endpoint ? { endpoint } : {}),
    };
  };
  const openForBooking = (row: AgencyChannelRow | null | undefined) => {
    if (!row || row.credential_ciphertext === null) throw notFound('booking channel');
    return { channel: toProvider(row), facts: factsOf(row) };
  };
  return {
    async forSearch(principal, surface, carriers) {
      if (!principal.agencyId) return [];
      const caller = suspendableAccount(principal);
      const rows = await listSearchChannels(deps.db, principal.agencyId, principal.companyId, caller);
      // No channel row to answer the suspension beside: read it alone (no hot path).
      if (caller && (rows[0] ? rows[0].caller_suspended : await accountSuspended(deps.db, caller)))
        throw suspendedRefusal();
      const usable = rows
        .filter((row) => searchable(factsOf(row), surface) && (!carriers?.length || carriers.includes(row.carrier)))
        .map(toProvider);
      const reached = usable.filter((channel) => reachesMode(principal, channelModeOf(channel.credential)));
      // Channels there are, but none of this token's mode: say which rule, not "no channels".
      const [first] = usable;
      if (reached.length === 0 && first) assertReachesMode(principal, channelModeOf(first.credential));
      return reached;
    },
    async byId(principal, channelId) {
      if (!principal.agencyId) throw notFound('fare');
      const [row] = await listAgencyChannels(deps.db, principal.agencyId, principal.companyId, channelId);
      if (!row || row.credential_ciphertext === null) throw notFound('fare');
      const channel = toProvider(row);
      assertReachesMode(principal, channelModeOf(channel.credential));
      return channel;
    },
    async sandboxChannels(agencyId) {
      const rows = await listAgencyChannels(deps.db, agencyId, null);
      return rows
        .filter((row) => row.credential_ciphertext !== null)
        .map(toProvider)
        .filter((channel) => channelModeOf(channel.credential) === 'sandbox');
    },
    async forBooking(booking) {
      const [row] = await listAgencyChannels(deps.db, booking.agency_id, booking.company_id, booking.channel_id);
      return openForBooking(row);
    },
    openForBooking,
  };
}
