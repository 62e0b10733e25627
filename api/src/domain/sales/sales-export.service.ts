// Reports too large to answer at once (more than SALES_EXPORT_SYNC_LIMIT documents): the request
// writes an export row (the outbox) and triggers a job; the worker claims the row, builds the file
// with the streaming writer into a temporary file, then in one transaction puts a mail message
// with the file attached into the mail outbox and marks the export done. The email job delivers
// it (SMTP with the attachment, or the outbox). Claiming and the final locked check make a
// retried or duplicated job harmless.
import { createWriteStream } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { findAccountDetails, findMailAddress } from '../../db/accounts.repository.js';
import type { Db } from '../../db/database.js';
import { countDocuments } from '../../db/sales.repository.js';
import * as exportsRepo from '../../db/sales-exports.repository.js';
import type { JobProducer } from '../job-producer.js';
import type { Clock } from '../clock.js';
import type { MailService } from '../mail/mail.service.js';
import { recordEvent } from '../events/record-event.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import type { DayRange, SalesScope } from './sales-document.js';
import { reportContentType, reportFileName, reportRows, writeSalesReport } from './sales-report.js';

export interface SalesExports {
  /** Writes the export row and triggers its job; answers the export's id. */
  request(principal: Principal, scope: SalesScope, range: DayRange): Promise<string>;
  /** Builds and mails one export; null when there was nothing to do (done already). */
  run(id: string, progress?: (percent: number) => Promise<void> | void): Promise<{ rows: number } | null>;
  staleQueued(olderThanMs: number, limit: number): Promise<string[]>;
}

const subjects: Record<string, string> = { en: 'Sales report', ua: 'Звіт про продажі', pl: 'Raport sprzedaży' };

export function createSalesExports(deps: {
  db: Db;
  jobs: Pick<JobProducer, 'enqueueSalesExport'>;
  /** The mail outbox: the report's message commits with the export's `done`, then is triggered. */
  mail: Pick<MailService, 'queueIn' | 'trigger'>;
  clock: Clock;
  log?: (msg: string) => void;
}): SalesExports {
  const { db, jobs, clock } = deps;
  return {
    async request(principal, scope, range) {
      const account = await findMailAddress(db, principal.accountId);
      const id = newId('sxp');
      await exportsRepo.insertExport(db, {
        id,
        account_id: principal.accountId,
        email: account.email,
        language: account.language,
        scope_kind: scope.kind,
        scope_id: scope.kind === 'all' ? null : scope.id,
        date_from: range.from ?? null,
        date_to: range.to ?? null,
      });
      // The row is the truth; a lost trigger is re-sent by the worker's sweeper.
      await jobs
        .enqueueSalesExport(id)
        .catch((error: unknown) => deps.log?.(`export ${id} not enqueued: ${String(error)}`));
      return id;
    },

    async run(id, progress) {
      const job = await exportsRepo.claimExport(db, id);
      if (!job) return null;
      const scope = (
        job.scope_kind === 'all' ? { kind: 'all' } : { kind: job.scope_kind, id: job.scope_id }
      ) as SalesScope;
      const range = { from: job.date_from ?? undefined, to: job.date_to ?? undefined };
      // Counted only for progress: alongside the first batch, not before it.
      const counted = countDocuments(db, { scope, range });
      counted.catch(() => undefined); // awaited at the first progress report
      const file = path.join(tmpdir(), `contrail-${id}.xlsx`);
      try {
        const out = createWriteStream(file);
        const rows = await writeSalesReport(reportRows(db, scope, range), out, async (written) => {
          const expected = Math.max(1, await counted);
          await progress?.(Math.min(99, Math.floor((written / expected) * 100)));
        });
        await finished(out);
        const content = await readFile(file);
        const messageId = await db.transaction().execute(async (trx) => {
          if (!(await exportsRepo.lockUnfinished(trx, id))) return null;
          const message = await deps.mail.queueIn(
            trx,
            {
              channel: 'email',
              to: job.email,
              subject: subjects[job.language] ?? subjects.en!,
              language: job.language,
              body: `${subjects[job.language] ?? subjects.en}: ${range.from ?? '…'} – ${range.to ?? '…'}, ${rows} documents. The file is attached.`,
            },
            [{ filename: reportFileName, contentType: reportContentType, content }],
          );
          const at = clock.now();
          await exportsRepo.finishExport(trx, id, { status: 'done', rows, mailMessageId: message.id, at });
          // Announced with the commit that finishes it: the event and the mail go together or not at all.
          const owner = await findAccountDetails(trx, job.account_id);
          await recordEvent(trx, {
            type: 'sales_report.ready',
            agencyId: owner?.agency_id ?? null,
            companyId: owner?.company_id ?? null,
            // Sales documents are the agency's real sales: the report is live whichever token asked.
            liveMode: true,
            object: {
              id,
              status: 'done',
              date_from: job.date_from,
              date_to: job.date_to,
              rows,
              created_at: job.created_at.toISOString(),
              finished_at: at.toISOString(),
            },
            at,
          });
          return message.id;
        });
        if (messageId === null) return null;
        await deps.mail.trigger(messageId);
        await progress?.(100);
        return { rows };
      } finally {
        await rm(file, { force: true });
      }
    },

    staleQueued(olderThanMs, limit) {
      return exportsRepo.findStaleExports(db, new Date(clock.now().getTime() - olderThanMs), limit);
    },
  };
}

/** Records an export whose every attempt failed. */
export async function markExportFailed(db: Db, id: string, error: string, at: Date): Promise<void> {
  await exportsRepo.finishExport(db, id, { status: 'failed', error, at });
}
