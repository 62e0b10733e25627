// Notifications for people: the rows the event consumer writes (one per person and event; the
// unique (recipient_id, event_id) turns a repeat into nothing), what it reads to decide who is told
// and how, each person's list and unread count, and their channel per event family.
import { sql, type Insertable, type Selectable } from 'kysely';
import { isoTime, type Db } from './database.js';
import type { NotificationsTable } from './schema.js';

export type NotificationRow = Selectable<NotificationsTable>;
export type NotificationInsert = Insertable<NotificationsTable>;

/** Each person's chosen channel per family (families they never chose are absent). */
export async function preferencesOf(db: Db, accountIds: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  if (accountIds.length === 0) return out;
  const rows = await db
    .selectFrom('notification_preferences')
    .select(['account_id', 'family', 'channel'])
    .where('account_id', 'in', accountIds)
    .execute();
  for (const row of rows) {
    let mine = out.get(row.account_id);
    if (!mine) out.set(row.account_id, (mine = new Map()));
    mine.set(row.family, row.channel);
  }
  return out;
}

export async function savePreferences(
  db: Db,
  accountId: string,
  rows: readonly [string, 'in_app' | 'email' | 'both' | 'none'][],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('notification_preferences')
    .values(rows.map(([family, channel]) => ({ account_id: accountId, family, channel, updated_at: at })))
    .onConflict((oc) =>
      oc.columns(['account_id', 'family']).doUpdateSet((eb) => ({
        channel: eb.ref('excluded.channel'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** The supervisors of each agency. */
export async function supervisorsOf(db: Db, agencyIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (agencyIds.length === 0) return out;
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'agency_id'])
    .where('user_type', '=', 'Supervisor')
    .where('agency_id', 'in', agencyIds)
    .orderBy('id')
    .execute();
  for (const row of rows) out.set(row.agency_id!, [...(out.get(row.agency_id!) ?? []), row.id]);
  return out;
}

/** Platform staff (Admin and Support). */
export async function staffAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('user_type', 'in', ['Admin', 'Support'])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Who asked for each sales export. */
export async function exportOwners(db: Db, exportIds: readonly string[]): Promise<Map<string, string>> {
  if (exportIds.length === 0) return new Map();
  const rows = await db.selectFrom('sales_exports').select(['id', 'account_id']).where('id', 'in', exportIds).execute();
  return new Map(rows.map((r) => [r.id, r.account_id]));
}

/** The locator and flights of each booking the events name. */
export async function bookingsNamed(db: Db, bookingIds: readonly string[]) {
  if (bookingIds.length === 0) return new Map<string, { locator: string; segments: unknown }>();
  const rows = await db
    .selectFrom('bookings')
    .select(['id', 'locator', 'segments'])
    .where(sql<boolean>`id = ANY(${bookingIds}::text[])`)
    .execute();
  return new Map(rows.map((r) => [r.id, { locator: r.locator, segments: r.segments }]));
}

/** Where and in which language each person is written to. */
export async function peopleToTell(db: Db, accountIds: readonly string[]) {
  if (accountIds.length === 0)
    return new Map<string, { email: string; language: string; first_name: string; user_type: string }>();
  const rows = await db
    .selectFrom('accounts')
    .select(['id', 'email', 'language', 'first_name', 'user_type'])
    .where('id', 'in', accountIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Inserts the notifications; answers those that were new (a repeat of a recipient and event is
 * skipped). One array a column (`unnest`), not a list of rows: a dispatch batch writes hundreds, and
 * its statement is then one shape with eleven parameters, whatever the batch's size.
 * Lock order: the (recipient, event) keys in their sorted order, so two dispatchers handing over the
 * same events (a batch and a repeat of part of it) wait for each other instead of deadlocking.
 */
export async function insertNotifications(
  trx: Db,
  unordered: readonly NotificationInsert[],
): Promise<Pick<NotificationRow, 'id' | 'recipient_id' | 'event_id'>[]> {
  if (unordered.length === 0) return [];
  // By recipient, then event: compared field by field, not as a key string built on every comparison
  // (a dispatch batch sorts hundreds of rows).
  const rows = [...unordered].sort(
    (a, b) => compare(a.recipient_id, b.recipient_id) || compare(a.event_id, b.event_id),
  );
  const col = <T>(pick: (r: NotificationInsert) => T) => rows.map(pick);
  const result = await sql<Pick<NotificationRow, 'id' | 'recipient_id' | 'event_id'>>`
    INSERT INTO notifications (id, recipient_id, event_id, event_type, live_mode, in_app, params, link,
      mail_message_id, read_at, created_at)
    SELECT id, recipient_id, event_id, event_type, live_mode, in_app, params, link, mail_message_id, read_at,
      created_at
    FROM unnest(
      ${col((r) => r.id)}::text[], ${col((r) => r.recipient_id)}::text[], ${col((r) => r.event_id)}::text[],
      ${col((r) => r.event_type)}::text[], ${col((r) => r.live_mode)}::boolean[], ${col((r) => r.in_app)}::boolean[],
      ${col((r) => r.params)}::jsonb[], ${col((r) => r.link ?? null)}::text[],
      ${col((r) => r.mail_message_id ?? null)}::text[], ${col((r) => isoTime(r.read_at))}::timestamptz[],
      ${col((r) => isoTime(r.created_at))}::timestamptz[])
    WITH ORDINALITY AS t(id, recipient_id, event_id, event_type, live_mode, in_app, params, link,
      mail_message_id, read_at, created_at, n)
    ORDER BY n
    ON CONFLICT (recipient_id, event_id) DO NOTHING
    RETURNING id, recipient_id, event_id`.execute(trx);
  return result.rows;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function setNotificationMail(trx: Db, id: string, messageId: string): Promise<void> {
  await trx.updateTable('notifications').set({ mail_message_id: messageId }).where('id', '=', id).execute();
}

export interface NotificationWall {
  recipientId: string;
  /** A token sees only its own mode's notifications; a console session sees both. */
  liveMode?: boolean;
}

function walled(db: Db, wall: NotificationWall) {
  let q = db.selectFrom('notifications').where('recipient_id', '=', wall.recipientId).where('in_app', '=', true);
  if (wall.liveMode !== undefined) q = q.where('live_mode', '=', wall.liveMode);
  return q;
}

/** A person's notifications: unread first, then newest first. */
export async function listNotifications(
  db: Db,
  wall: NotificationWall,
  page: { page: number; perPage: number },
): Promise<NotificationRow[]> {
  return walled(db, wall)
    .selectAll()
    .orderBy(sql`read_at IS NULL`, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.perPage)
    .offset((page.page - 1) * page.perPage)
    .execute();
}

export async function countNotifications(db: Db, wall: NotificationWall): Promise<{ total: number; unread: number }> {
  const row = await walled(db, wall)
    .select((eb) => [
      eb.fn.countAll<string>().as('total'),
      eb.fn.count<string>('id').filterWhere('read_at', 'is', null).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

/** Marks one read (a second read keeps the first time); undefined when it is not the person's. */
export async function markNotificationRead(
  db: Db,
  wall: NotificationWall,
  id: string,
  at: Date,
): Promise<NotificationRow | undefined> {
  let q = db
    .updateTable('notifications')
    .set((eb) => ({ read_at: eb.fn.coalesce('read_at', sql<Date>`${at}`) }))
    .where('id', '=', id)
    .where('recipient_id', '=', wall.recipientId)
    .where('in_app', '=', true);
  if (wall.liveMode !== undefined) q = q.where('live_mode', '=', wall.liveMode);
  return q.returningAll().executeTakeFirst();
}

export async function markAllNotificationsRead(db: Db, wall: NotificationWall, at: Date): Promise<number> {
  let q = db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('recipient_id', '=', wall.recipientId)
    .where('in_app', '=', true)
    .where('read_at', 'is', null);
  if (wall.liveMode !== undefined) q = q.where('live_mode', '=', wall.liveMode);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
