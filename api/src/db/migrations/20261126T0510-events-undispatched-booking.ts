// A webhook delivery is claimed only when no earlier event of its booking waits to be dispatched
// (webhooks.repository.ts, claimDeliveries). Without this index that check walked every
// undispatched event before the delivery's, so a burst of events made each claim slower the more
// were still waiting; with it, the check is one probe per delivery.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX events_undispatched_booking_idx ON events (booking_id, seq) WHERE dispatched_at IS NULL AND booking_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX events_undispatched_booking_idx`.execute(db);
}
