// Redis may lose a job (it keeps nothing on disk here); PostgreSQL does not. Every so often the
// sweeper enqueues again what is still queued in PostgreSQL, and drops idempotency keys past 24 h.
import type { Db } from '../db/database.js';
import { deleteKeysOlderThan } from '../db/idempotency.repository.js';
import type { Clock } from '../domain/clock.js';
import type { MailService } from '../domain/mail/mail.service.js';
import type { JobProducer } from '../domain/job-producer.js';

export interface SweeperOptions {
  db: Db;
  clock: Clock;
  mail: MailService;
  jobs: JobProducer;
  /** A queued message older than this is considered lost. */
  staleAfterMs: number;
}

export async function sweepOnce(opts: SweeperOptions): Promise<{ requeued: number; keysDeleted: number }> {
  const stale = await opts.mail.staleQueued(opts.staleAfterMs, 500);
  for (const id of stale) await opts.jobs.enqueueEmail(id);
  const keysDeleted = await deleteKeysOlderThan(opts.db, new Date(opts.clock.now().getTime() - 24 * 3600 * 1000));
  return { requeued: stale.length, keysDeleted };
}
