// Delivers one queued message. Safe to run twice: delivery claims the row, so a retried or
// duplicated job finds nothing left to do. The last failed attempt records the failure.
import type { Job } from 'bullmq';
import Value from 'typebox/value';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../domain/clock.js';
import { markMailFailed, type MailService } from '../../domain/mail/mail.service.js';
import type { MailTransport } from '../../mail/transport.js';
import { EmailJob } from '../payloads.js';

export function emailProcessor(deps: { mail: MailService; transport: MailTransport; db: Db; clock: Clock }) {
  return async (job: Job<EmailJob>): Promise<{ delivered: boolean }> => {
    const { messageId } = Value.Parse(EmailJob, job.data);
    try {
      return { delivered: await deps.mail.deliver(messageId, deps.transport) };
    } catch (error) {
      const attempts = job.opts.attempts ?? 1;
      if (job.attemptsMade + 1 >= attempts) {
        await markMailFailed(
          deps.db,
          messageId,
          error instanceof Error ? error.message : String(error),
          deps.clock.now(),
        );
      }
      throw error;
    }
  };
}
