// The bookings' part of the sweeper's round: EMD requests and notification refreshes whose job was
// lost (Redis keeps nothing on disk here) or failed for good are enqueued again from their rows,
// and held bookings past their time limit get one hold-expiry pass (the periodic job, on the
// sweeper's interval).
import { takeUnrefreshedNotifications } from '../db/airline-notifications.repository.js';
import type { Db } from '../db/database.js';
import { takeStaleEmdRequests } from '../db/emd-requests.repository.js';
import type { Clock } from '../domain/clock.js';
import type { JobProducer } from '../domain/job-producer.js';

export interface BookingsSweepOptions {
  db: Db;
  clock: Clock;
  jobs: Pick<JobProducer, 'enqueueEmdIssue' | 'enqueueNotificationRefresh'>;
  expireHolds: () => Promise<{ checked: number; expired: number }>;
  /** A job due this long ago and not run is taken to be lost. */
  staleAfterMs: number;
  /** An EMD claim older than this belongs to a dead worker. */
  emdLeaseMs: number;
}

export async function sweepBookings(opts: BookingsSweepOptions) {
  const now = opts.clock.now();
  const stale = await takeStaleEmdRequests(opts.db, {
    queuedBefore: new Date(now.getTime() - opts.staleAfterMs),
    runningBefore: new Date(now.getTime() - opts.emdLeaseMs),
    at: now,
    limit: 100,
  });
  for (const { id, checks } of stale) await opts.jobs.enqueueEmdIssue(id, checks);
  const notifications = await takeUnrefreshedNotifications(opts.db, {
    enqueuedBefore: new Date(now.getTime() - opts.staleAfterMs),
    at: now,
    limit: 100,
  });
  for (const n of notifications) await opts.jobs.enqueueNotificationRefresh(n.channel_id, n.notif_id, n.refresh_tries);
  const holds = await opts.expireHolds();
  return { emdRequeued: stale.length, refreshesRequeued: notifications.length, ...holds };
}
