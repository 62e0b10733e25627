// An attempt's endpoint is its delivery's: the attempt row is written from the delivery row it
// settles (webhooks.repository.ts, `settleAttempts`), and the delivery's own foreign key holds the
// endpoint. A second key on the attempt checked the same endpoint again for every attempt, a lookup
// and a key-share lock on the endpoint's row that every concurrent fan-out and outcome of that
// endpoint also takes.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_endpoint_id_fkey`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_endpoint_id_fkey
    FOREIGN KEY (endpoint_id) REFERENCES webhook_endpoints(id)`.execute(db);
}
