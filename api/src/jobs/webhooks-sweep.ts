// The webhooks' part of the sweeper: pending deliveries due a while ago that nobody holds have
// lost their job (Redis restarted or lost its keys, a worker was killed mid-attempt and its claim
// ran out, an enqueue after a commit failed). They are enqueued again under the job id of their
// next attempt, so a job still waiting in the queue makes the repeat a no-op.
import type { Db } from '../db/database.js';
import { lostDeliveries } from '../db/webhooks.repository.js';
import type { Clock } from '../domain/clock.js';
import type { JobProducer } from '../domain/job-producer.js';

export async function sweepWebhooks(opts: {
  db: Db;
  clock: Clock;
  jobs: Pick<JobProducer, 'enqueueWebhookDelivery'>;
  /** A delivery due this long ago and not taken is taken to be lost. */
  graceMs: number;
  limit?: number;
}): Promise<number> {
  const now = opts.clock.now();
  const lost = await lostDeliveries(opts.db, {
    dueBefore: new Date(now.getTime() - opts.graceMs),
    now,
    limit: opts.limit ?? 1000,
  });
  for (const d of lost) await opts.jobs.enqueueWebhookDelivery(d.id, `a${d.attempts}`);
  return lost.length;
}
