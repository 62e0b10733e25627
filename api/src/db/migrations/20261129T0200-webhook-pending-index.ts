// The pending deliveries' index by when due is the union of the claim's two (unclaimed by when due,
// claimed by when the claim runs out), and nothing walks it any more: the claim and the sweeper walk
// those two, a job's claim and an outcome reach their row by key. Each delivery row is written
// pending twice (at fan-out, and again by a claim), and each write fed this index for nothing.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX webhook_deliveries_pending_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (next_attempt_at)
    WHERE status = 'pending'`.execute(db);
}
