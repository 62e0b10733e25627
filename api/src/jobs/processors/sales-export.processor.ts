// Builds and mails one large sales report, reporting progress (percent of rows written) on the job.
// Safe to run twice: the export row is claimed, and the final write checks it under a lock.
import type { Job } from 'bullmq';
import Value from 'typebox/value';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../domain/clock.js';
import { markExportFailed, type SalesExports } from '../../domain/sales/sales-export.service.js';
import { SalesExportJob } from '../payloads.js';

export function salesExportProcessor(deps: { exports: SalesExports; db: Db; clock: Clock }) {
  return async (job: Job<SalesExportJob>): Promise<{ rows: number | null }> => {
    const { exportId } = Value.Parse(SalesExportJob, job.data);
    try {
      const result = await deps.exports.run(exportId, (percent) => job.updateProgress(percent));
      return { rows: result?.rows ?? null };
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        await markExportFailed(
          deps.db,
          exportId,
          error instanceof Error ? error.message : String(error),
          deps.clock.now(),
        );
      }
      throw error;
    }
  };
}
