// Sales as a capability: the list (with meta.total), one document, analytics and the report, each
// in the caller's scope. Deep pages start at their own day, found from the rollups' day counts, so
// page 1000 costs what page 1 costs; the total comes from the same counts. What is read from the
// rollups is kept under the scope's rollup version (rollup-cache.ts).
import { PassThrough, type Readable } from 'node:stream';
import type { Db } from '../../db/database.js';
import * as sales from '../../db/sales.repository.js';
import type { Clock } from '../clock.js';
import { negate } from '../accounting/accounting-document.js';
import { DomainError, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import { analyticsFor, analyticsRange, type Analytics } from './analytics.service.js';
import { createRollupCache, type RollupCache } from './rollup-cache.js';
import type { SalesExports } from './sales-export.service.js';
import { rollupScopeOf, type DayRange, type SalesDocument, type SalesScope } from './sales-document.js';
import { reportRows, writeSalesReport } from './sales-report.js';
import { salesScopeOf } from './sales-scope.js';

export interface SalesQuery extends DayRange {
  ticket?: string;
  page: number;
  perPage: number;
}

export interface SalesService {
  list(principal: Principal, query: SalesQuery): Promise<{ items: SalesDocument[]; total: number }>;
  get(principal: Principal, id: string): Promise<SalesDocument>;
  /** `agencyId` narrows staff's whole scope to one partner (a supervisor's scope is theirs already). */
  analytics(principal: Principal, range: DayRange, agencyId?: string): Promise<Analytics>;
  /** The report as a stream, or DomainError `no_sales_in_range` / `sales_report_emailed`. */
  report(principal: Principal, range: DayRange): Promise<Readable>;
}

export function createSalesService(deps: {
  db: Db;
  clock: Clock;
  exports: SalesExports;
  syncReportLimit: number;
  log?: (msg: string) => void;
  /** What rollup reads are kept in; the benchmark passes one that keeps nothing, to compare. */
  cache?: RollupCache;
}): SalesService {
  const { db } = deps;
  const cache = deps.cache ?? createRollupCache(db);

  /** The total and where page `offset` starts, from the scope's day counts. */
  async function count(rollupScope: string, range: DayRange, offset = 0) {
    const days = await cache.read(rollupScope, `days ${range.from ?? ''} ${range.to ?? ''}`, () =>
      sales.dayCounts(db, rollupScope, range),
    );
    return pageStart(days, offset);
  }

  /** Text searches and an agent's own documents are small sets: paged and counted in one scan. */
  async function listSet(scope: SalesScope, range: DayRange, query: SalesQuery, offset: number) {
    const { ids, total } = await sales.pageOfSet(db, {
      scope,
      range,
      ticket: query.ticket,
      skip: offset,
      limit: query.perPage,
    });
    if (total === null)
      return { items: [], total: await sales.countDocuments(db, { scope, range, ticket: query.ticket }) };
    return { items: (await sales.documentsByIds(db, ids)).map(toDocument), total };
  }

  return {
    async list(principal, query) {
      checkRange(query);
      const scope = await salesScopeOf(db, principal);
      const range = { from: query.from, to: query.to };
      const offset = (query.page - 1) * query.perPage;
      const rollupScope = rollupScopeOf(scope);
      if (!rollupScope || query.ticket) return listSet(scope, range, query, offset);
      const { total, start } = await count(rollupScope, range, offset);
      if (!start) return { items: [], total };
      const rows = await sales.listDocuments(db, {
        scope,
        range,
        before: start.before,
        skip: start.skip,
        limit: query.perPage,
      });
      return { items: rows.map(toDocument), total };
    },
    async get(principal, id) {
      const row = await sales.findDocument(db, await salesScopeOf(db, principal), id);
      if (!row) throw notFound('sales document');
      return toDocument(row);
    },
    async analytics(principal, range, agencyId) {
      const scope = await salesScopeOf(db, principal);
      const narrowed = agencyId && scope.kind === 'all' ? { kind: 'agency' as const, id: agencyId } : scope;
      return analyticsFor(db, cache, narrowed, analyticsRange(range, deps.clock));
    },
    async report(principal, range) {
      checkRange(range);
      const scope = await salesScopeOf(db, principal);
      const rollupScope = rollupScopeOf(scope);
      const total = rollupScope
        ? (await count(rollupScope, range)).total
        : await sales.countDocuments(db, { scope, range });
      if (total === 0) throw new DomainError('no_sales_in_range');
      if (total > deps.syncReportLimit) {
        await deps.exports.request(principal, scope, range);
        throw new DomainError('sales_report_emailed');
      }
      const stream = new PassThrough();
      writeSalesReport(reportRows(db, scope, range), stream).catch((error: unknown) => {
        deps.log?.(`sales report failed: ${String(error)}`);
        stream.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return stream;
    },
  };
}

/**
 * The total and where page `offset` starts: the day (newest first) whose documents hold it and how
 * many of that day's come before it. Walking day counts replaces skipping `offset` rows, so page
 * 1000 costs what page 1 does.
 */
function pageStart(days: readonly { day: string; n: number }[], offset: number) {
  const total = days.reduce((sum, d) => sum + d.n, 0);
  let seen = 0;
  for (const { day, n } of days) {
    if (offset < seen + n) return { total, start: { before: sales.nextDay(day), skip: offset - seen } };
    seen += n;
  }
  return { total, start: null };
}

function checkRange(range: DayRange): void {
  if (range.from && range.to && range.from > range.to)
    throw new DomainError('validation_failed', 'date_from must not be after date_to.', { parameter: 'date_from' });
}

export function toDocument(r: sales.SalesRow): SalesDocument {
  // Stored amounts are never negative; read out, money that went back to the customer (a refund, a
  // void) is, the same sign the report and the accounting feed give it.
  const signed = (amount: string) => (r.kind === 'refund' || r.kind === 'void' ? negate(amount) : amount);
  return {
    id: r.id,
    kind: r.kind,
    number: r.number,
    locator: r.locator,
    bookingId: r.booking_id,
    relatedDocumentId: r.related_document_id,
    passengerName: r.passenger_name,
    carrier: r.carrier,
    route: r.route,
    issuedAt: r.issued_at,
    fare: signed(r.fare),
    taxes: signed(r.taxes),
    fees: signed(r.fees),
    markup: signed(r.markup),
    commission: signed(r.commission),
    total: signed(r.total),
    currency: r.currency,
    formOfPayment: r.form_of_payment,
    paymentWords: r.payment_words,
    agent: { id: r.agent_id, name: r.agent_name },
    company: r.company_id ? { id: r.company_id, name: r.company_name ?? '' } : null,
    agency: { id: r.agency_id, name: r.agency_name },
  };
}
