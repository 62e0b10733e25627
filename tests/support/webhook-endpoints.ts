// A test mode endpoint of the demo agency that takes `booking.created`, written straight into the
// database, for the tests and benchmarks that drive the dispatcher and the delivery loop without
// the API in front of them.
import type { Db } from '../../api/src/db/database.js';
import { insertEndpoint } from '../../api/src/db/webhooks.repository.js';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { newId } from '../../api/src/domain/ids.js';
import { demoAgency } from '../../api/src/scripts/seed.js';

/** Inserts the endpoint, its secret sealed with `secretKey` as the API seals it; answers its id. */
export async function insertDemoEndpoint(
  db: Db,
  endpoint: { url: string; secret: string; secretKey: string; by: string },
): Promise<string> {
  const now = new Date();
  const row = await insertEndpoint(db, {
    id: newId('we'),
    agency_id: demoAgency.id,
    live_mode: false,
    url: endpoint.url,
    description: endpoint.by,
    events: ['booking.created'],
    secret_sealed: createSecretBox(endpoint.secretKey, 'webhook-secret').seal(endpoint.secret),
    created_by: endpoint.by,
    created_at: now,
    updated_at: now,
  });
  return row.id;
}
