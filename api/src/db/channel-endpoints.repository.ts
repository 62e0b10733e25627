// A channel's endpoint row: the non-secret settings as stored JSON and the secrets' sealed text. The
// repository never opens or reads inside either; the channel's own credential comes along sealed so
// the caller can tell a test channel from a live one.
import { sql } from 'kysely';
import type { Db } from './database.js';

export interface ChannelEndpointRow {
  agency_channel_id: string;
  adapter: 'sandbox-json' | 'ndc-xml';
  settings: unknown;
  secrets_ciphertext: string | null;
  updated_at: Date;
}

export interface EndpointChannelRow {
  id: string;
  agency_id: string;
  carrier: string;
  credential_ciphertext: string | null;
  endpoint: ChannelEndpointRow | null;
}

/** The channel with its endpoint row (null when none is saved); undefined when there is no channel. */
export async function findChannelWithEndpoint(db: Db, channelId: string): Promise<EndpointChannelRow | undefined> {
  const row = await db
    .selectFrom('agency_channels as ac')
    .innerJoin('source_channels as sc', 'sc.id', 'ac.source_channel_id')
    .leftJoin('channel_endpoints as ce', 'ce.agency_channel_id', 'ac.id')
    .select([
      'ac.id',
      'ac.agency_id',
      'sc.carrier',
      'ac.credential_ciphertext',
      'ce.adapter',
      'ce.settings',
      'ce.secrets_ciphertext',
      'ce.updated_at',
    ])
    .where('ac.id', '=', channelId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { adapter, settings, secrets_ciphertext, updated_at, ...channel } = row;
  return {
    ...channel,
    endpoint:
      adapter && updated_at
        ? { agency_channel_id: channel.id, adapter, settings, secrets_ciphertext, updated_at }
        : null,
  };
}

export async function saveChannelEndpoint(db: Db, row: ChannelEndpointRow): Promise<void> {
  await sql`
    INSERT INTO channel_endpoints (agency_channel_id, adapter, settings, secrets_ciphertext, updated_at)
    VALUES (${row.agency_channel_id}, ${row.adapter}, ${JSON.stringify(row.settings)}::jsonb,
            ${row.secrets_ciphertext}, ${row.updated_at})
    ON CONFLICT (agency_channel_id) DO UPDATE SET
      adapter = EXCLUDED.adapter, settings = EXCLUDED.settings,
      secrets_ciphertext = EXCLUDED.secrets_ciphertext, updated_at = EXCLUDED.updated_at`.execute(db);
}
