// The notification centre as its reader sees it: their own notifications only (the wall is the
// recipient; a token sees only its mode's, as with GET /events), unread first and then newest, each
// rendered in the reader's language; marking one or all read.
import { findMailAddress } from '../../db/accounts.repository.js';
import type { Db } from '../../db/database.js';
import {
  countNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  type NotificationRow,
  type NotificationWall,
} from '../../db/notifications.repository.js';
import type { Clock } from '../clock.js';
import { notFound } from '../errors.js';
import { familyOf, type EventFamily, type EventType } from '../events/event-types.js';
import type { Principal } from '../principal.js';
import { severityOf } from './notification-content.js';
import { isLanguage, renderNotification, type Language, type NotificationParams } from './notification-texts.js';

export interface NotificationView {
  id: string;
  event_id: string;
  type: EventType;
  family: EventFamily;
  severity: 'info' | 'alert';
  title: string;
  body: string;
  link: string | null;
  booking_locator: string | null;
  live_mode: boolean;
  read_at: string | null;
  created_at: string;
}

export function notificationView(row: NotificationRow, language: Language): NotificationView {
  const type = row.event_type as EventType;
  const params = row.params as NotificationParams;
  return {
    id: row.id,
    event_id: row.event_id,
    type,
    family: familyOf(type),
    severity: severityOf(type),
    ...renderNotification(type, params, language),
    link: row.link,
    booking_locator: params.locator ?? null,
    live_mode: row.live_mode,
    read_at: row.read_at ? row.read_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

const wallOf = (principal: Principal): NotificationWall => ({
  recipientId: principal.accountId,
  ...(principal.via.kind === 'token' ? { liveMode: principal.via.mode === 'live' } : {}),
});

export async function languageOf(db: Db, accountId: string): Promise<Language> {
  const { language } = await findMailAddress(db, accountId);
  return isLanguage(language) ? language : 'en';
}

export function createNotificationsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async list(principal: Principal, page: { page: number; perPage: number }) {
      const wall = wallOf(principal);
      const [rows, counts, language] = await Promise.all([
        listNotifications(db, wall, page),
        countNotifications(db, wall),
        languageOf(db, principal.accountId),
      ]);
      return { items: rows.map((r) => notificationView(r, language)), ...counts };
    },

    async markRead(principal: Principal, id: string): Promise<NotificationView> {
      const row = await markNotificationRead(db, wallOf(principal), id, clock.now());
      if (!row) throw notFound('notification');
      return notificationView(row, await languageOf(db, principal.accountId));
    },

    async markAllRead(principal: Principal): Promise<{ read: number; unread: number }> {
      const wall = wallOf(principal);
      const read = await markAllNotificationsRead(db, wall, clock.now());
      const { unread } = await countNotifications(db, wall);
      return { read, unread };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
