// How each person hears of each family of events: in the console's notification centre, by email,
// both, or not at all. A family nobody chose for has its default, picked by how much a missed
// event costs: a schedule change, a refused EMD, a low balance, a disabled webhook endpoint or a
// back-office connection failing for a day needs someone to act, so it is mailed as well; routine booking news stays in the app, and so
// does a finished sales report, whose file is mailed anyway.
import type { Db } from '../../db/database.js';
import { preferencesOf, savePreferences } from '../../db/notifications.repository.js';
import type { Clock } from '../clock.js';
import type { EventFamily } from '../events/event-types.js';

export type NotificationChannel = 'in_app' | 'email' | 'both' | 'none';

export const eventFamilies = [
  'booking',
  'emd',
  'schedule_change',
  'balance',
  'sales_report',
  'webhook_endpoint',
  'back_office_connection',
  'support_case',
] as const satisfies readonly EventFamily[];

export const defaultChannels: Record<EventFamily, NotificationChannel> = {
  booking: 'in_app',
  emd: 'both',
  schedule_change: 'both',
  balance: 'both',
  sales_report: 'in_app',
  webhook_endpoint: 'both',
  back_office_connection: 'both',
  // a support conversation is answered by a person waiting for it: mailed as well
  support_case: 'both',
};

export const showsInApp = (channel: NotificationChannel) => channel === 'in_app' || channel === 'both';
export const sendsEmail = (channel: NotificationChannel) => channel === 'email' || channel === 'both';

export interface FamilyPreference {
  family: EventFamily;
  channel: NotificationChannel;
  default_channel: NotificationChannel;
}

/** One person's channel per family, defaults filled in. */
export function channelsOf(chosen: ReadonlyMap<string, string>): Record<EventFamily, NotificationChannel> {
  const out = { ...defaultChannels };
  for (const family of eventFamilies) {
    const channel = chosen.get(family);
    if (channel) out[family] = channel as NotificationChannel;
  }
  return out;
}

export function createNotificationPreferences(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const view = (chosen: ReadonlyMap<string, string>): FamilyPreference[] => {
    const channels = channelsOf(chosen);
    return eventFamilies.map((family) => ({
      family,
      channel: channels[family],
      default_channel: defaultChannels[family],
    }));
  };
  return {
    async get(accountId: string): Promise<FamilyPreference[]> {
      return view((await preferencesOf(db, [accountId])).get(accountId) ?? new Map());
    },
    /** Sets the families given (the contract has checked names and channels); answers them all. */
    async update(
      accountId: string,
      changes: Partial<Record<EventFamily, NotificationChannel>>,
    ): Promise<FamilyPreference[]> {
      const rows = eventFamilies.flatMap((family): [EventFamily, NotificationChannel][] => {
        const channel = changes[family];
        return channel ? [[family, channel]] : [];
      });
      await savePreferences(db, accountId, rows, clock.now());
      return this.get(accountId);
    },
  };
}

export type NotificationPreferences = ReturnType<typeof createNotificationPreferences>;
