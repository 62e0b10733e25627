// A company's ledger for staff and the supervisors of its agency: pages newest first (a cursor on
// the order the balance moved in) and the same entries as a CSV file, streamed batch by batch so an
// export of any length holds one batch in memory. Out of reach is `not_found` (scope.ts).
import { Readable } from 'node:stream';
import { findCompanies, type LedgerKind } from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import { findLedgerBatch, findLedgerPage, type LedgerFilter, type LedgerRow } from '../../db/ledger.repository.js';
import { mustReach } from '../back-office/scope.js';
import { DomainError, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { transactionView } from './transaction-view.js';

export interface LedgerQuery {
  date_from?: string;
  date_to?: string;
  kind?: LedgerKind;
  locator?: string;
}

const dayMs = 24 * 3600 * 1000;
const exportBatch = 500;

/** The cursor is the last entry's `seq`, opaque to callers. */
const encodeCursor = (seq: string) => Buffer.from(`l${seq}`, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const match = /^l(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match)
    throw new DomainError('validation_failed', 'The cursor is not one this API gave.', { parameter: 'cursor' });
  return match[1]!;
}

function dayOf(value: string, name: string): Date {
  const at = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(at.getTime()))
    throw new DomainError('validation_failed', `${name} is not a day.`, { parameter: name });
  return at;
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
function csvField(value: string): string {
  // A leading =, +, - or @ would be a formula to a spreadsheet: prefixed with a quote (OWASP CSV injection),
  // except amounts, which are numbers.
  const safe = /^[=+@-]/.test(value) && !/^-?[0-9]+(\.[0-9]+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvHeader = [
  'id',
  'created_at',
  'kind',
  'amount',
  'currency',
  'balance_after',
  'reason',
  'booking_locator',
  'transfer_id',
  'actor_account_id',
];

function csvLine(row: LedgerRow): string {
  const v = transactionView(row);
  return (
    [
      v.id,
      v.created_at,
      v.kind,
      v.amount.amount,
      v.amount.currency,
      v.balance_after.amount,
      v.reason,
      v.booking_locator ?? '',
      v.transfer_id ?? '',
      v.actor_account_id,
    ]
      .map(csvField)
      .join(',') + '\r\n'
  );
}

export function createCompanyLedgerService(deps: { db: Db }) {
  const { db } = deps;

  async function filterFor(principal: Principal, companyId: string, q: LedgerQuery): Promise<LedgerFilter> {
    const company = (await findCompanies(db, { id: companyId })).rows[0];
    if (!company) throw notFound('company');
    mustReach(principal, company.agency_id, 'company');
    const from = q.date_from ? dayOf(q.date_from, 'date_from') : undefined;
    const before = q.date_to ? new Date(dayOf(q.date_to, 'date_to').getTime() + dayMs) : undefined;
    if (from && before && from >= before)
      throw new DomainError('validation_failed', 'date_from is after date_to.', { parameter: 'date_from' });
    return { companyId, from, before, kind: q.kind, bookingLocator: q.locator };
  }

  return {
    async page(principal: Principal, companyId: string, q: LedgerQuery & { cursor?: string; limit?: number }) {
      const filter = await filterFor(principal, companyId, q);
      const limit = q.limit ?? 50;
      const beforeSeq = q.cursor ? decodeCursor(q.cursor) : undefined;
      const rows = await findLedgerPage(db, filter, { limit: limit + 1, beforeSeq });
      const more = rows.length > limit;
      const shown = rows.slice(0, limit);
      return {
        data: shown.map(transactionView),
        meta: { limit, next_cursor: more ? encodeCursor(shown.at(-1)!.seq) : null },
      };
    },

    /** Checks reach and filters before the first byte, then streams the CSV oldest first. */
    async exportCsv(principal: Principal, companyId: string, q: LedgerQuery): Promise<Readable> {
      const filter = await filterFor(principal, companyId, q);
      async function* lines() {
        yield csvHeader.join(',') + '\r\n';
        let afterSeq = '0';
        for (;;) {
          const rows = await findLedgerBatch(db, filter, { limit: exportBatch, afterSeq });
          if (rows.length > 0) yield rows.map(csvLine).join('');
          if (rows.length < exportBatch) return;
          afterSeq = rows.at(-1)!.seq;
        }
      }
      return Readable.from(lines());
    },
  };
}

export type CompanyLedgerService = ReturnType<typeof createCompanyLedgerService>;
