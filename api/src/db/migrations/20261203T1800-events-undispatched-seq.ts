// The undispatched events' index by seq (the dispatcher's claim) is narrowed by `seq > 0`, which
// every row meets (seq counts from 1) and which only the statements that walk it in seq order
// state. The delivery claim's check "no earlier event of this booking waits for dispatch" says
// only `dispatched_at IS NULL`, so this index was open to it as well; planned on statistics taken
// when nothing waited (the usual case, and a burst arrives faster than ANALYZE follows), a walk of
// it looked as cheap as a probe of the booking's own index, and was chosen: each check then read
// every undispatched event before the delivery's, thousands per claim in a burst. The check can
// no longer prove this index's condition, and probes the booking index, a few entries each.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX events_undispatched_idx`.execute(db);
  await sql`CREATE INDEX events_undispatched_idx ON events (seq) WHERE dispatched_at IS NULL AND seq > 0`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX events_undispatched_idx`.execute(db);
  await sql`CREATE INDEX events_undispatched_idx ON events (seq) WHERE dispatched_at IS NULL`.execute(db);
}
