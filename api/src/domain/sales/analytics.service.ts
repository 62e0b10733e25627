// Analytics over a range in the caller's scope: totals and series by day, carrier and agent, money
// per currency. Rollups answer for every scope but an agent's own (see sales-analytics.repository).
import type { Db } from '../../db/database.js';
import { agentNames, directFigures, rollupFigures, type FigureRow } from '../../db/sales-analytics.repository.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import { addAmounts } from './money.js';
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

export async function analyticsFor(db: Db, scope: SalesScope, range: { from: string; to: string }): Promise<Analytics> {
  const rollupScope = rollupScopeOf(scope);
  const [days, carriers, agents] = rollupScope
    ? await rollupFigures(db, rollupScope, range).then((f) => [f.day, f.carrier, f.agent] as const)
    : await Promise.all((['day', 'carrier', 'agent'] as const).map((d) => directFigures(db, scope, d, range)));

  const perDay = bucketsByKey(days);
  const byDay: Analytics['byDay'] = [];
  for (let t = Date.parse(`${range.from}T00:00:00Z`); t <= Date.parse(`${range.to}T00:00:00Z`); t += dayMs) {
    const date = new Date(t).toISOString().slice(0, 10);
    byDay.push({ date, ...(perDay.get(date) ?? { documents: 0, passengers: 0, amounts: [] }) });
  }
  const mostFirst = <T extends Bucket>(xs: T[]) => xs.sort((a, b) => b.documents - a.documents);
  const byCarrier = mostFirst([...bucketsByKey(carriers)].map(([carrier, b]) => ({ carrier, ...b })));
  const top = mostFirst([...bucketsByKey(agents)].map(([id, b]) => ({ id, ...b }))).slice(0, topAgents);
  const names = await agentNames(
    db,
    top.map((a) => a.id),
  );
  return {
    ...range,
    totals: merge(days),
    byDay,
    byCarrier,
    byAgent: top.map(({ id, ...b }) => ({ agent: { id, name: names.get(id) ?? id }, ...b })),
  };
}

function bucketsByKey(rows: FigureRow[]): Map<string, Bucket> {
  const groups = new Map<string, FigureRow[]>();
  for (const row of rows) groups.set(row.key, [...(groups.get(row.key) ?? []), row]);
  return new Map([...groups].map(([key, group]) => [key, merge(group)]));
}

/** Sums rows (of any keys) into one bucket, money kept apart per currency. */
function merge(rows: FigureRow[]): Bucket {
  const amounts = new Map<string, Figures>();
  let documents = 0;
  let passengers = 0;
  for (const r of rows) {
    documents += Number(r.documents);
    passengers += Number(r.passengers);
    const f = amounts.get(r.currency);
    amounts.set(
      r.currency,
      f
        ? {
            currency: r.currency,
            revenue: addAmounts(f.revenue, r.revenue),
            fees: addAmounts(f.fees, r.fees),
            markups: addAmounts(f.markups, r.markups),
            refunds: addAmounts(f.refunds, r.refunds),
          }
        : { currency: r.currency, revenue: r.revenue, fees: r.fees, markups: r.markups, refunds: r.refunds },
    );
  }
  return { documents, passengers, amounts: [...amounts.values()].sort((a, b) => a.currency.localeCompare(b.currency)) };
}
