// Redis may lose a job (it keeps nothing on disk here); PostgreSQL does not. Every so often the
// sweeper enqueues again what is still queued in PostgreSQL, drops idempotency keys past 24 h, and
// keeps the request log's days: the next few made ahead of the calls that will fill them, those
// past the retention dropped whole.
import type { Db } from '../db/database.js';
import { deleteKeysOlderThan } from '../db/idempotency.repository.js';
import type { Clock } from '../domain/clock.js';
import type { MailService } from '../domain/mail/mail.service.js';
import type { JobProducer } from '../domain/job-producer.js';
import { sweepAirlineMessages } from '../domain/airline-messages/airline-message-retention.js';
import { keepRequestLogDays } from '../domain/request-log/request-log-retention.js';

export interface SweeperOptions {
  db: Db;
  clock: Clock;
  mail: MailService;
  jobs: JobProducer;
  /** A queued message older than this is considered lost. */
  staleAfterMs: number;
}

export async function sweepOnce(opts: SweeperOptions): Promise<{
  requeued: number;
  keysDeleted: number;
  requestLogDaysDropped: string[];
  airlineMessagesDeleted: number;
}> {
  const stale = await opts.mail.staleQueued(opts.staleAfterMs, 500);
  for (const id of stale) await opts.jobs.enqueueEmail(id);
  const keysDeleted = await deleteKeysOlderThan(opts.db, new Date(opts.clock.now().getTime() - 24 * 3600 * 1000));
  const requestLogDaysDropped = await keepRequestLogDays(opts.db, opts.clock.now());
  const airlineMessagesDeleted = await sweepAirlineMessages(opts.db, opts.clock.now());
  return { requeued: stale.length, keysDeleted, requestLogDaysDropped, airlineMessagesDeleted };
}
