// Reads of the ticketing model that shopping and booking need: an agency's channels with what
// decides whether a caller may use them, and the platform gates.
import { sql, type Expression } from 'kysely';
import { callerSuspended } from './agency-users.repository.js';
import { compiledOnce } from './compiled-once.js';
import type { Db } from './database.js';

export interface AgencyChannelRow {
  id: string;
  carrier: string;
  on_by_admin: boolean;
  active_by_supervisor: boolean;
  /** The company's switch; null when the company has no row for the channel (or no company). */
  company_active: boolean | null;
  credential_ciphertext: string | null;
  credential_active: boolean;
  nego_code: string | null;
  resident_fares_code: string | null;
  api: boolean;
  web: boolean;
  extension: boolean;
  /** The channel's endpoint (channel_endpoints), all null when none is saved. */
  endpoint_adapter: 'sandbox-json' | 'ndc-xml' | null;
  endpoint_settings: unknown;
  endpoint_secrets: string | null;
  /** Milliseconds of its last change, as text: the same in a row and in a JSON subquery. */
  endpoint_version: string | null;
}

/** Read on every search and booking's create: its query compiled once per shape (no company, one channel). */
const agencyChannels = compiledOnce((db: Db, agencyId: string, companyId: string | null, channelId?: string) =>
  agencyChannelsQuery(db, agencyId, companyId, channelId),
);

export function listAgencyChannels(
  db: Db,
  agencyId: string,
  companyId: string | null,
  channelId?: string,
): Promise<AgencyChannelRow[]> {
  return agencyChannels(db, agencyId, companyId, channelId);
}

/** Read on every search: listAgencyChannels with the caller's suspension beside, compiled once. */
const searchChannels = compiledOnce((db: Db, agencyId: string, companyId: string | null, callerId: string | null) =>
  agencyChannelsQuery(db, agencyId, companyId).select(callerSuspended(callerId).as('caller_suspended')),
);

/**
 * The agency's channels for a search, each row also answering whether the caller is suspended
 * (`callerSuspended`): a search is a write whose suspension check rides on this, its first read.
 */
export function listSearchChannels(
  db: Db,
  agencyId: string,
  companyId: string | null,
  callerId: string | null,
): Promise<(AgencyChannelRow & { caller_suspended: boolean })[]> {
  return searchChannels(db, agencyId, companyId, callerId);
}

/**
 * The query of listAgencyChannels; its keys are values, or columns of an outer query when it is a
 * subquery (a booking's channel read beside the booking, findBookingForTicketing).
 */
export function agencyChannelsQuery(
  db: Db,
  agencyId: string | Expression<string>,
  companyId: string | null | Expression<string | null>,
  channelId?: string | Expression<string>,
) {
  let query = db
    .selectFrom('agency_channels as ac')
    .innerJoin('source_channels as sc', 'sc.id', 'ac.source_channel_id')
    .leftJoin('channel_endpoints as ce', 'ce.agency_channel_id', 'ac.id')
    .leftJoin('company_channels as cc', (join) =>
      join.onRef('cc.agency_channel_id', '=', 'ac.id').on('cc.company_id', '=', companyId ?? sql<string>`NULL`),
    )
    .select([
      'ac.id',
      'sc.carrier',
      'ac.on_by_admin',
      'ac.active_by_supervisor',
      'cc.active as company_active',
      'ac.credential_ciphertext',
      'ac.credential_active',
      'ac.nego_code',
      'ac.resident_fares_code',
      'sc.api',
      'sc.web',
      'sc.extension',
      'ce.adapter as endpoint_adapter',
      'ce.settings as endpoint_settings',
      'ce.secrets_ciphertext as endpoint_secrets',
      sql<string | null>`(extract(epoch FROM ce.updated_at) * 1000)::bigint::text`.as('endpoint_version'),
    ])
    .where('ac.agency_id', '=', agencyId);
  if (channelId !== undefined) query = query.where('ac.id', '=', channelId);
  return query.orderBy('sc.carrier');
}

export async function gateStates(db: Db): Promise<{ main: boolean; agency: boolean; channel: boolean }> {
  const rows = await db.selectFrom('ticketing_gates').select(['gate', 'active']).execute();
  const state = { main: true, agency: true, channel: true };
  for (const row of rows) state[row.gate] = row.active;
  return state;
}
