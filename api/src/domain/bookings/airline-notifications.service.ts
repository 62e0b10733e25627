// Airlines' order change notifications (NDC OrderChangeNotif). Each channel's airline is told once
// where to push them (a URL with a key only we can make); a push is kept once per NotifID (airlines
// resend until answered), recorded in the booking's history with the airline's words, and the
// booking is refreshed from the airline by a job — so the airline gets its answer at once. A
// notice about a change the airline asks a decision on becomes a schedule change first (before the
// refresh), from the order the notice carried (full) or the one retrieved (light). An NDC 21.3
// XML notice is read into the same notice first, and answered with an IATA_Acknowledgement.
import {
  channelExists,
  findNotification,
  insertNotification,
  markRefreshed,
  registeredUrlOf,
  saveRegisteredUrl,
} from '../../db/airline-notifications.repository.js';
import { findBookingByAirlineLocator, findBookingById, type BookingRow } from '../../db/bookings.repository.js';
import type { JobProducer } from '../job-producer.js';
import type { ProviderChannel } from '../../providers/airline-provider.js';
import type { NotificationKeys } from '../crypto/notification-keys.js';
import { DomainError, notFound } from '../errors.js';
import type { PublicLimits } from '../limits/public-limits.js';
import { recordHistory, type HistoryAction } from './booking-history.js';
import type { BookingDeps } from './booking-deps.js';
import { airlineOrderOf, takeOverOrder } from './booking-refresh.js';
import { orderRefOf } from './booking-order-ref.js';
import { ProviderError } from '../../providers/airline-provider.js';
import { detectScheduleChange } from '../schedule-changes/schedule-change-detect.js';
import {
  acknowledgementXml,
  NoticeReadError,
  readOrderChangeNotif,
} from '../../providers/ndc-xml/order-change-notif.xml.js';

export interface AirlineNotification {
  NotifID: string;
  OrderID: string;
  ChangeTypeCode: string;
  OwnerCode?: string;
  DescText?: string;
  OccurredDateTime?: string;
  NoticeTypeCode?: 'FULL' | 'LIGHT';
  /** A full notice's copy of the order (read through the provider port). */
  OrderViewRS?: unknown;
  /** A full NDC 21.3 XML notice's order, already read into the port's order. */
  CurrentOrder?: unknown;
}

const actions: Record<string, HistoryAction> = {
  SCHEDULE_CHANGE: 'schedule_change',
  AIRLINE_CANCELLATION: 'airline_cancellation',
  TIME_LIMIT_CHANGE: 'time_limit_change',
  HOLD_EXPIRED: 'hold_expired',
  EMD_ISSUED: 'emd_issued',
};

export interface AirlineNotifications {
  /** Tells the channel's airline where to push, unless it was told this URL already. Null: no URL. */
  ensureRegistered(channel: ProviderChannel): Promise<void>;
  receive(input: { channelId: string; key: string; ip: string; notification: AirlineNotification }): Promise<void>;
  /** An NDC 21.3 XML OrderChangeNotif, kept as `receive` keeps a notice; answers the acknowledgement. */
  receiveXml(input: { channelId: string; key: string; ip: string; xml: string }): Promise<string>;
  /** The job's work: refresh the booking a kept notification names. */
  refreshFor(channelId: string, notifId: string): Promise<void>;
}

export function createAirlineNotifications(
  deps: BookingDeps & {
    keys: NotificationKeys;
    limits: PublicLimits;
    jobs: Pick<JobProducer, 'enqueueNotificationRefresh'>;
    /** Where the channel's airline pushes, given its key; null when airlines cannot reach this API. */
    receiverUrl: ((channelId: string, key: string) => string) | null;
  },
): AirlineNotifications {
  const { db, clock } = deps;

  // Channels this process knows to be registered at their current URL: a booking on one of them
  // costs no read at all; the table answers for the first booking after a start.
  const registered = new Map<string, string>();

  const service: AirlineNotifications = {
    async ensureRegistered(channel) {
      if (!deps.receiverUrl) return;
      const url = deps.receiverUrl(channel.id, deps.keys.keyFor(channel.id));
      if (registered.get(channel.id) === url) return;
      if ((await registeredUrlOf(db, channel.id)) !== url) {
        await deps.provider.registerNotifications(channel, url);
        await saveRegisteredUrl(db, channel.id, url, clock.now());
      }
      registered.set(channel.id, url);
    },

    async receive({ channelId, key, ip, notification: n }) {
      await deps.limits.count('airline_notification', ip);
      // A wrong key and an unknown channel look the same, and nothing is kept.
      if (!deps.keys.matches(channelId, key) || !(await channelExists(db, channelId))) throw notFound('channel');
      const booking = await findBookingByAirlineLocator(db, channelId, n.OrderID);
      const at = clock.now();
      const fresh = await db.transaction().execute(async (trx) => {
        const inserted = await insertNotification(trx, {
          channel_id: channelId,
          notif_id: n.NotifID,
          airline_locator: n.OrderID,
          booking_id: booking?.id ?? null,
          change_type: n.ChangeTypeCode,
          description: n.DescText ?? null,
          occurred_at: n.OccurredDateTime ?? null,
          received_at: at,
          refreshed_at: null,
          notice: n,
        });
        if (inserted && booking)
          await recordHistory(trx, {
            bookingId: booking.id,
            action: actions[n.ChangeTypeCode] ?? 'airline_notification',
            actorAccountId: null,
            at,
            detail: `${n.OwnerCode ?? booking.carrier} notified ${n.ChangeTypeCode} (${n.NotifID}).`,
            airlineAnswer: n.DescText ?? null,
          });
        return inserted;
      });
      // The row is kept: if Redis is away, the sweeper enqueues the refresh later.
      if (fresh && booking) await deps.jobs.enqueueNotificationRefresh(channelId, n.NotifID).catch(() => undefined);
    },

    async receiveXml({ channelId, key, ip, xml }) {
      let notification: AirlineNotification;
      try {
        notification = await readOrderChangeNotif(xml);
      } catch (error) {
        if (error instanceof NoticeReadError)
          throw new DomainError('validation_failed', error.message, { pointer: '/' });
        throw error;
      }
      await service.receive({ channelId, key, ip, notification });
      return acknowledgementXml('OK');
    },

    async refreshFor(channelId, notifId) {
      const kept = await findNotification(db, channelId, notifId);
      if (!kept?.booking_id || kept.refreshed_at) return;
      const booking = await findBookingById(db, kept.booking_id);
      if (booking) {
        try {
          const order = (await carriedOrder(deps, booking, kept.notice)) ?? (await airlineOrderOf(deps, booking));
          // Not refreshed while the airline is away: the job tries again.
          if (!order) throw new Error(`The airline of ${booking.locator} could not be reached.`);
          await detectScheduleChange(deps, { channelId, notifId, booking, order });
          await takeOverOrder(deps, (await findBookingById(db, booking.id)) ?? booking, order);
        } catch (error) {
          // booking_gone: the airline dropped the order; the refresh recorded it.
          if (!(error instanceof DomainError)) throw error;
        }
      }
      await markRefreshed(db, channelId, notifId, clock.now());
    },
  };
  return service;
}

/** The order a full notice carried, if it is this booking's; null for a light notice (or a wrong order). */
async function carriedOrder(deps: BookingDeps, booking: BookingRow, notice: unknown) {
  if (!notice) return null;
  try {
    const { channel } = await deps.channels.forBooking(booking);
    return deps.provider.orderOfNotice(channel, orderRefOf(booking), notice);
  } catch (error) {
    // An order that is not this booking's is not taken from the notice: the airline is asked.
    if (error instanceof ProviderError) return null;
    throw error;
  }
}
