// Airline notifications, kept once per channel and NotifID, and where each channel's airline was
// told to send them.
import { sql, type Selectable } from 'kysely';
import type { Db } from './database.js';
import type { AirlineNotificationsTable } from './schema.js';

export type AirlineNotificationRow = Selectable<AirlineNotificationsTable>;

/** Keeps a notification; false when this channel already had this NotifID (an airline's resend). */
export async function insertNotification(
  db: Db,
  row: Omit<AirlineNotificationRow, 'refresh_tries' | 'next_refresh_at' | 'notice'> & { notice?: unknown },
): Promise<boolean> {
  const { notice, ...rest } = row;
  const inserted = await db
    .insertInto('airline_notifications')
    .values({
      ...rest,
      notice: notice === undefined || notice === null ? null : JSON.stringify(notice),
      refresh_tries: 0,
      next_refresh_at: row.received_at,
    })
    .onConflict((oc) => oc.columns(['channel_id', 'notif_id']).doNothing())
    .returning('notif_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function markRefreshed(db: Db, channelId: string, notifId: string, at: Date): Promise<void> {
  await db
    .updateTable('airline_notifications')
    .set({ refreshed_at: at })
    .where('channel_id', '=', channelId)
    .where('notif_id', '=', notifId)
    .execute();
}

export async function findNotification(db: Db, channelId: string, notifId: string) {
  return db
    .selectFrom('airline_notifications')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('notif_id', '=', notifId)
    .executeTakeFirst();
}

/**
 * Notifications of a booking whose refresh did not happen by `enqueuedBefore` (its job was lost or
 * failed for good): each is taken for one more try, counted, and not taken again until stale anew.
 */
export async function takeUnrefreshedNotifications(
  db: Db,
  input: { enqueuedBefore: Date; at: Date; limit: number },
): Promise<{ channel_id: string; notif_id: string; refresh_tries: number }[]> {
  const stale = db
    .selectFrom('airline_notifications')
    .select(['channel_id', 'notif_id'])
    .where('refreshed_at', 'is', null)
    .where('booking_id', 'is not', null)
    .where('next_refresh_at', '<', input.enqueuedBefore)
    .orderBy('next_refresh_at')
    .limit(input.limit)
    .forUpdate()
    .skipLocked();
  return db
    .updateTable('airline_notifications')
    .set((eb) => ({ refresh_tries: eb('refresh_tries', '+', 1), next_refresh_at: input.at }))
    .where(sql<boolean>`(channel_id, notif_id) IN (${stale})`)
    .returning(['channel_id', 'notif_id', 'refresh_tries'])
    .execute();
}

export async function registeredUrlOf(db: Db, channelId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('airline_notification_channels')
    .select('url')
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  return row?.url;
}

export async function saveRegisteredUrl(db: Db, channelId: string, url: string, at: Date): Promise<void> {
  await db
    .insertInto('airline_notification_channels')
    .values({ channel_id: channelId, url, registered_at: at })
    .onConflict((oc) => oc.column('channel_id').doUpdateSet({ url, registered_at: at }))
    .execute();
}

export async function channelExists(db: Db, channelId: string): Promise<boolean> {
  const row = await db.selectFrom('agency_channels').select('id').where('id', '=', channelId).executeTakeFirst();
  return row !== undefined;
}
