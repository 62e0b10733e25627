// Analytics over a range in the caller's scope: totals and series by day, carrier and agent, money
// per currency. Rollups answer for every scope but an agent's own (see sales-analytics.repository),
// and what they answer is kept under the scope's rollup version (rollup-cache.ts).
import type { Db } from '../../db/database.js';
import { agentNames, directFigures, rollupFigures, type FigureRow } from '../../db/sales-analytics.repository.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import { fromMinor, toMinor } from '../../money.js';
import type { RollupCache } from './rollup-cache.js';
import { rollupScopeOf, type NamedRef, type SalesScope } from './sales-document.js';

export interface Figures {
  currency: string;
  revenue: string;
  fees: string;
  markups: string;
  refunds: string;
}

export interface Bucket {
  documents: number;
  passengers: number;
  amounts: Figures[];
}

export interface Analytics {
  from: string;
  to: string;
  totals: Bucket;
  byDay: (Bucket & { date: string })[];
  byCarrier: (Bucket & { carrier: string })[];
  byAgent: (Bucket & { agent: NamedRef })[];
}

const dayMs = 86_400_000;
const maxDays = 731;
const topAgents = 20;

export function analyticsRange(range: { from?: string; to?: string }, clock: Clock): { from: string; to: string } {
  const to = range.to ?? clock.now().toISOString().slice(0, 10);
  const from = range.from ?? new Date(Date.parse(`${to}T00:00:00Z`) - 29 * dayMs).toISOString().slice(0, 10);
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs + 1;
  if (days < 1)
    throw new DomainError('validation_failed', 'date_from must not be after date_to.', { parameter: 'date_from' });
  if (days > maxDays)
    throw new DomainError('validation_failed', `The range may span at most ${maxDays} days.`, {
      parameter: 'date_from',
    });
  return { from, to };
}

/** The figures of a range before the agents are named: what a scope's rollup version keeps. */
interface Summary {
  totals: Bucket;
  byDay: Analytics['byDay'];
  byCarrier: Analytics['byCarrier'];
  top: (Bucket & { id: string })[];
}

export async function analyticsFor(
  db: Db,
  cache: RollupCache,
  scope: SalesScope,
  range: { from: string; to: string },
): Promise<Analytics> {
  const rollupScope = rollupScopeOf(scope);
  const summary = rollupScope
    ? await cache.read(rollupScope, `analytics ${range.from} ${range.to}`, async () => {
        const f = await rollupFigures(db, rollupScope, range);
        return summarise(f.day, f.carrier, f.agent, range);
      })
    : await Promise.all((['day', 'carrier', 'agent'] as const).map((d) => directFigures(db, scope, d, range))).then(
        ([days, carriers, agents]) => summarise(days!, carriers!, agents!, range),
      );
  // Names are read every time: an agent renamed since is shown by the new name.
  const names = await agentNames(
    db,
    summary.top.map((a) => a.id),
  );
  return {
    ...range,
    totals: summary.totals,
    byDay: summary.byDay,
    byCarrier: summary.byCarrier,
    byAgent: summary.top.map(({ id, ...b }) => ({ agent: { id, name: names.get(id) ?? id }, ...b })),
  };
}

function summarise(
  days: FigureRow[],
  carriers: FigureRow[],
  agents: FigureRow[],
  range: { from: string; to: string },
): Summary {
  const perDay = bucketsByKey(days);
  const byDay: Analytics['byDay'] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += dayMs) {
    const date = new Date(t).toISOString().slice(0, 10);
    byDay.push({ date, ...(perDay.get(date) ?? { documents: 0, passengers: 0, amounts: [] }) });
  }
  const mostFirst = <T extends Bucket>(xs: T[]) => xs.sort((a, b) => b.documents - a.documents);
  return {
    totals: merge(days),
    byDay,
    byCarrier: mostFirst([...bucketsByKey(carriers)].map(([carrier, b]) => ({ carrier, ...b }))),
    top: mostFirst([...bucketsByKey(agents)].map(([id, b]) => ({ id, ...b }))).slice(0, topAgents),
  };
}

function bucketsByKey(rows: FigureRow[]): Map<string, Bucket> {
  const groups = new Map<string, FigureRow[]>();
  for (const row of rows) groups.set(row.key, [...(groups.get(row.key) ?? []), row]);
  return new Map([...groups].map(([key, group]) => [key, merge(group)]));
}

/** Sums rows (of any keys) into one bucket, money kept apart per currency, in minor units until the end. */
function merge(rows: FigureRow[]): Bucket {
  const sums = new Map<string, [revenue: number, fees: number, markups: number, refunds: number]>();
  let documents = 0;
  let passengers = 0;
  for (const r of rows) {
    documents += Number(r.documents);
    passengers += Number(r.passengers);
    let f = sums.get(r.currency);
    if (!f) sums.set(r.currency, (f = [0, 0, 0, 0]));
    f[0] += toMinor(r.revenue);
    f[1] += toMinor(r.fees);
    f[2] += toMinor(r.markups);
    f[3] += toMinor(r.refunds);
  }
  const amounts = [...sums]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, [revenue, fees, markups, refunds]]) => ({
      currency,
      revenue: fromMinor(revenue),
      fees: fromMinor(fees),
      markups: fromMinor(markups),
      refunds: fromMinor(refunds),
    }));
  return { documents, passengers, amounts };
}
