// Issues the EMDs of one request (booking-emd-issue.ts holds the rules). Safe to run twice or
// concurrently: the request row is claimed. Not yet (EMDs pending, the airline away, another attempt
// busy) throws, so BullMQ tries again with exponential backoff; past the last attempt the row stays
// queued and the sweeper enqueues it again.
import type { Job } from 'bullmq';
import Value from 'typebox/value';
import { runEmdRequest, type EmdRunOutcome } from '../../domain/bookings/booking-emd-issue.js';
import type { BookingDeps } from '../../domain/bookings/booking-deps.js';
import { EmdIssueJob } from '../payloads.js';
import { emdRetry } from '../queues.js';

export function emdIssueProcessor(deps: BookingDeps, options: { leaseMs: number; testDelayMs: number }) {
  return async (job: Job<EmdIssueJob>): Promise<{ outcome: EmdRunOutcome }> => {
    const { requestId } = Value.Parse(EmdIssueJob, job.data);
    const attempts = job.opts.attempts ?? 1;
    // BullMQ waits delay × 2^(attempts made) before the next try; the last try leaves it to the sweeper.
    const nextCheckInMs = job.attemptsMade + 1 < attempts ? emdRetry.delayMs * 2 ** job.attemptsMade : 0;
    const outcome = await runEmdRequest(deps, requestId, { ...options, nextCheckInMs });
    return { outcome };
  };
}
