// Source channels (one per connected airline) and sandbox agency channels, so a fresh `npm start`
// and a fresh test tenant can search at once. Sandbox credentials are `sbx_<carrier>_<agency>`:
// the sandbox binds such a credential to that airline, as a direct NDC connection is.
import { carrierRefs } from '../domain/reference/carriers.data.js';
import type { SecretBox } from '../domain/crypto/secret-box.js';
import type { Db } from '../db/database.js';

export const sourceChannelIdFor = (carrier: string): string => `src_${carrier.toLowerCase()}`;

export async function seedSourceChannels(db: Db): Promise<void> {
  await db
    .insertInto('source_channels')
    .values(carrierRefs.map((c) => ({ id: sourceChannelIdFor(c.code), carrier: c.code, title: `${c.name} NDC` })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** One sandbox channel per airline for an agency; an existing channel for the airline is left alone. */
export async function seedSandboxAgencyChannels(db: Db, agencyId: string, box: SecretBox): Promise<void> {
  await db
    .insertInto('agency_channels')
    .values(
      carrierRefs.map((c) => ({
        id: `ach_${agencyId}_${c.code.toLowerCase()}`,
        agency_id: agencyId,
        source_channel_id: sourceChannelIdFor(c.code),
        title: `${c.name} (sandbox)`,
        credential_ciphertext: box.seal(`sbx_${c.code}_${agencyId}`),
        credential_active: true,
      })),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
