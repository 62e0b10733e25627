// What waits for dispatch is its own narrow table, not a column of the event log. Marking an
// event dispatched used to be `UPDATE events SET dispatched_at`: the row (its data, about 2 KB)
// was written a second time, and since two partial indexes were conditioned on that column the
// update could never be HOT, so every index of events took a second entry, and vacuum cleaned up
// after each. Now an event's insert also writes `(seq, booking_id)` to `event_dispatch_queue`
// (the trigger below, in the same statement, so in the same transaction: never an event without
// its queue row, and none that is never dispatched), and the dispatcher deletes the rows it
// dispatched. The event row is written once and never touched again.
// - The trigger is the one writer of the queue, for every statement that appends an event (an
//   event alone, a sale's statement, a booking's insert, and any later one): none can forget it.
// - event_dispatch_queue_booking_idx: the delivery claim's ordering check, "no earlier event of
//   this booking waits for dispatch", one probe per delivery (as events_undispatched_booking_idx
//   was).
// - The foreign key to events(seq): kept, ON DELETE CASCADE. The dispatcher's claim joins the
//   queue to the events, so a queue row whose event is gone would never be claimed nor deleted,
//   and would count as waiting forever (readiness). Its price is the insert's check (a probe of
//   events' seq index and a KEY SHARE lock on the event row just written, which no one else holds)
//   and nothing on the dispatcher's delete (a referencing row's delete checks nothing); deleting an
//   event (tests, hand repairs; the product never does) removes its queue row.
// Existing undispatched events move into the queue; the column and its two partial indexes go.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // No event is appended between the copy and the trigger.
  await sql`LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`
    CREATE TABLE event_dispatch_queue (
      seq bigint PRIMARY KEY REFERENCES events (seq) ON DELETE CASCADE,
      booking_id text
    )`.execute(db);
  await sql`CREATE INDEX event_dispatch_queue_booking_idx ON event_dispatch_queue (booking_id, seq) WHERE booking_id IS NOT NULL`.execute(
    db,
  );
  await sql`
    INSERT INTO event_dispatch_queue (seq, booking_id)
    SELECT seq, booking_id FROM events WHERE dispatched_at IS NULL`.execute(db);
  await sql`
    CREATE FUNCTION queue_event_for_dispatch() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO event_dispatch_queue (seq, booking_id) VALUES (NEW.seq, NEW.booking_id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER events_queue_for_dispatch AFTER INSERT ON events
    FOR EACH ROW EXECUTE FUNCTION queue_event_for_dispatch()`.execute(db);
  await sql`DROP INDEX events_undispatched_idx`.execute(db);
  await sql`DROP INDEX events_undispatched_booking_idx`.execute(db);
  await sql`ALTER TABLE events DROP COLUMN dispatched_at`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`LOCK TABLE events IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await sql`ALTER TABLE events ADD COLUMN dispatched_at timestamptz`.execute(db);
  await sql`
    UPDATE events SET dispatched_at = now()
    WHERE NOT EXISTS (SELECT 1 FROM event_dispatch_queue q WHERE q.seq = events.seq)`.execute(db);
  await sql`CREATE INDEX events_undispatched_idx ON events (seq) WHERE dispatched_at IS NULL AND seq > 0`.execute(db);
  await sql`CREATE INDEX events_undispatched_booking_idx ON events (booking_id, seq) WHERE dispatched_at IS NULL AND booking_id IS NOT NULL`.execute(
    db,
  );
  await sql`DROP TRIGGER events_queue_for_dispatch ON events`.execute(db);
  await sql`DROP FUNCTION queue_event_for_dispatch()`.execute(db);
  await sql`DROP TABLE event_dispatch_queue`.execute(db);
}
