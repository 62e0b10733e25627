// Reading the feed: an agency's documents after a cursor, in sequence order. A supervisor reads
// their own agency's; staff name the agency. Another agency's feed is simply empty to nobody: a
// supervisor cannot name one, and staff reach all.
import { agencyTimeZone, listAccountingDocuments } from '../../db/accounting-documents.repository.js';
import type { Db } from '../../db/database.js';
import { DomainError, notFound } from '../errors.js';
import { isStaff, type Principal } from '../principal.js';
import type { AccountingRow, TransactionCode } from './accounting-document.js';

export interface FeedQuery {
  agencyId?: string;
  afterSequence: number;
  limit: number;
  types?: readonly TransactionCode[];
  from?: string;
  to?: string;
}

export function createAccountingDocumentsService(deps: { db: Db }) {
  const { db } = deps;

  /** The agency whose feed the caller reads. */
  async function agencyOf(principal: Principal, named: string | undefined): Promise<string> {
    if (isStaff(principal)) {
      if (!named)
        throw new DomainError('validation_failed', 'Name the agency whose documents to read.', {
          parameter: 'agency_id',
        });
      if ((await agencyTimeZone(db, named)) === undefined) throw notFound('agency');
      return named;
    }
    if (!principal.agencyId) throw new DomainError('forbidden');
    if (named && named !== principal.agencyId) throw notFound('agency');
    return principal.agencyId;
  }

  return {
    agencyOf,
    async list(principal: Principal, q: FeedQuery): Promise<AccountingRow[]> {
      if (q.from && q.to && q.from > q.to)
        throw new DomainError('validation_failed', 'date_from must not be after date_to.', { parameter: 'date_from' });
      const agencyId = await agencyOf(principal, q.agencyId);
      return listAccountingDocuments(
        db,
        { agencyId, afterSequence: q.afterSequence, types: q.types, from: q.from, to: q.to },
        q.limit,
      );
    },
  };
}

export type AccountingDocumentsService = ReturnType<typeof createAccountingDocumentsService>;
