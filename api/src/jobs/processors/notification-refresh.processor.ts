// Refreshes the booking an airline notification named. Safe to run twice: a refreshed
// notification is marked, and refreshing only writes what the airline changed.
import type { Job } from 'bullmq';
import Value from 'typebox/value';
import type { AirlineNotifications } from '../../domain/bookings/airline-notifications.service.js';
import { NotificationRefreshJob } from '../payloads.js';

export function notificationRefreshProcessor(notifications: Pick<AirlineNotifications, 'refreshFor'>) {
  return async (job: Job<NotificationRefreshJob>): Promise<void> => {
    const { channelId, notifId } = Value.Parse(NotificationRefreshJob, job.data);
    await notifications.refreshFor(channelId, notifId);
  };
}
