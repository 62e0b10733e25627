// The request log keeps 30 days (requestLogRetentionDays): a day's partition is dropped once the
// whole day is older than that, and the next days' partitions exist before their first call, so
// the recorder rarely has to make one on its write path.
import type { Db } from '../../db/database.js';
import { dropRequestLogDaysBefore, ensureRequestLogDays } from '../../db/request-logs.repository.js';
import { requestLogRetentionDays } from './request-logs.service.js';

/** How many days ahead (today included) the partitions are made. */
const daysAhead = 3;

/** Makes the coming days, drops the expired ones; answers the dropped days' partition names. */
export async function keepRequestLogDays(db: Db, now: Date): Promise<string[]> {
  await ensureRequestLogDays(db, now, daysAhead);
  return dropRequestLogDaysBefore(db, new Date(now.getTime() - requestLogRetentionDays * 24 * 3600 * 1000));
}
