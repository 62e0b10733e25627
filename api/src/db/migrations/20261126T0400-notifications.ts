// Notifications for people (DESIGN §7): the event log's consumer writes one row per person an event
// concerns, in the dispatch transaction.
// - notifications: unique (recipient_id, event_id), so an event dispatched again (or by two workers
//   at once) never tells a person twice; `in_app` false when the person asked for email only (the
//   row is still the record that they were told). `params` holds what the title and body are
//   rendered from, in the reader's language, when they are read. `link` is the console's path.
// - notification_preferences: a person's channel per event family; a missing row means the default
//   (domain/notifications/notification-preferences.ts).
// - mail_messages.language: the language a message is written in, sent as Content-Language.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE notifications (
      id text PRIMARY KEY,
      recipient_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      event_id text NOT NULL REFERENCES events(id),
      event_type text NOT NULL,
      live_mode boolean NOT NULL,
      in_app boolean NOT NULL,
      params jsonb NOT NULL,
      link text,
      mail_message_id text,
      read_at timestamptz,
      created_at timestamptz NOT NULL,
      UNIQUE (recipient_id, event_id)
    )`.execute(db);
  // A person's list: unread first, then newest; and their unread count.
  await sql`CREATE INDEX notifications_recipient_idx ON notifications (recipient_id, created_at DESC, id DESC) WHERE in_app`.execute(
    db,
  );
  await sql`CREATE INDEX notifications_unread_idx ON notifications (recipient_id) WHERE in_app AND read_at IS NULL`.execute(
    db,
  );

  await sql`
    CREATE TABLE notification_preferences (
      account_id text NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
      family text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('in_app', 'email', 'both', 'none')),
      updated_at timestamptz NOT NULL,
      PRIMARY KEY (account_id, family)
    )`.execute(db);

  await sql`ALTER TABLE mail_messages ADD COLUMN language text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE mail_messages DROP COLUMN language`.execute(db);
  await sql`DROP TABLE notification_preferences`.execute(db);
  await sql`DROP TABLE notifications`.execute(db);
}
