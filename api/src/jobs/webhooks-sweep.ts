// The webhooks' part of the sweeper: pending deliveries due a while ago that nobody holds have
// lost their job (Redis restarted or lost its keys, a worker was killed mid-attempt and its claim
// ran out, an enqueue after a commit failed). They are enqueued again under a job id of the
// attempt and the sweep's time window: a job id left behind by a half-lost queue cannot swallow
// every repeat, and a delivery still waiting in a busy queue gets at most one extra job per
// window (the claim in PostgreSQL makes any extra job a no-op). Each worker's delivery loop
// (webhook-delivery-loop.ts) also claims every due delivery on its own short pass, so today this
// sweep is a second net behind it.
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
  const window = Math.floor(now.getTime() / (opts.graceMs * 10));
  for (const d of lost) await opts.jobs.enqueueWebhookDelivery(d.id, `a${d.attempts}-s${window}`);
  return lost.length;
}
