// The delivery claim's two walks, each along an index that holds only what it may take: pending
// deliveries nobody holds, oldest due first; and held ones by when their claim runs out (a dead
// worker's), the run-out ones first. The one pending index made each claim step over every row
// claimed and not yet settled (a burst's line, thousands), reading each from the heap.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX webhook_deliveries_unclaimed_idx ON webhook_deliveries (next_attempt_at)
    WHERE status = 'pending' AND claim_token IS NULL`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_claimed_idx ON webhook_deliveries (claimed_until)
    WHERE status = 'pending' AND claim_token IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX webhook_deliveries_claimed_idx`.execute(db);
  await sql`DROP INDEX webhook_deliveries_unclaimed_idx`.execute(db);
}
