// `npm run bench:gds-parse`: the GDS module's parse time on 10,000 recorded entries per dialect
// (BENCH_GDS_ENTRIES), generated deterministically (gds-corpus.ts, seed BENCH_GDS_SEED): an entry
// at the prompt with the host's response under it, or a screen of noise. For each dialect: the total
// time to recognise every record, per-record p50/p99, and the ratio to a bare baseline over the same
// text in the same run (cutting each record into lines and testing each against one regex: the least
// any line-by-line recogniser must do). Then the same corpus with no dialect given (every parser
// tried, as for a selection on an unknown page). Rounds alternate parser and baseline
// (BENCH_ROUNDS, median of per-round totals); a warm-up round is not counted. Also reports how many
// records of each kind were recognised, and how many noise records gave anything (false positives).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { dialects, recognise, type Dialect } from '../../console/src/extension/gds/index.js';
import { percentile } from './bench-support.js';
import { generateCorpus, type CorpusRecord } from './gds-corpus.js';

const entries = Number(process.env.BENCH_GDS_ENTRIES ?? 10_000);
const seed = Number(process.env.BENCH_GDS_SEED ?? 26);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const today = new Date('2026-11-26T00:00:00Z');
const baselinePattern = /^[>»]?\s*[A-Z0-9.-][A-Z0-9./*¥‡+@#-]{3,}/;

let sink = 0;

function timeParser(records: CorpusRecord[], dialect: Dialect | undefined): number[] {
  const times = new Array<number>(records.length);
  for (let i = 0; i < records.length; i++) {
    const started = performance.now();
    sink += recognise(records[i]!.text, { today, ...(dialect ? { dialect } : {}) }).length;
    times[i] = performance.now() - started;
  }
  return times;
}

function timeBaseline(records: CorpusRecord[]): number[] {
  const times = new Array<number>(records.length);
  for (let i = 0; i < records.length; i++) {
    const started = performance.now();
    for (const line of records[i]!.text.split(/\r\n|\r|\n/)) if (baselinePattern.test(line)) sink++;
    times[i] = performance.now() - started;
  }
  return times;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const median = (xs: number[]) => percentile(xs, 50);
const ms = (x: number) => x.toFixed(1).padStart(8);
const us = (x: number) => (x * 1000).toFixed(1).padStart(7);

function measure(records: CorpusRecord[], dialect: Dialect | undefined) {
  timeParser(records, dialect);
  timeBaseline(records);
  const parserTotals: number[] = [];
  const baselineTotals: number[] = [];
  const ratios: number[] = [];
  let perRecord: number[] = [];
  let basePerRecord: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const parser = timeParser(records, dialect);
    const baseline = timeBaseline(records);
    parserTotals.push(sum(parser));
    baselineTotals.push(sum(baseline));
    ratios.push(sum(parser) / sum(baseline));
    perRecord = perRecord.concat(parser);
    basePerRecord = basePerRecord.concat(baseline);
  }
  return {
    total: median(parserTotals),
    p50: percentile(perRecord, 50),
    p99: percentile(perRecord, 99),
    baselineTotal: median(baselineTotals),
    baselineP99: percentile(basePerRecord, 99),
    ratio: median(ratios),
  };
}

function recognition(records: CorpusRecord[], dialect: Dialect) {
  const counts = new Map<string, [number, number]>();
  for (const record of records) {
    const found = recognise(record.text, { today, dialect });
    const hit = record.kind === 'noise' ? found.length > 0 : found.some((r) => r.kind === record.kind);
    const [n, h] = counts.get(record.kind) ?? [0, 0];
    counts.set(record.kind, [n + 1, h + (hit ? 1 : 0)]);
  }
  return [...counts]
    .map(([kind, [n, h]]) => (kind === 'noise' ? `noise ${h}/${n} false positives` : `${kind} ${h}/${n}`))
    .join(', ');
}

console.log(`GDS parse: ${entries} records per dialect, seed ${seed}, ${rounds} rounds; load ${loadavg().join(' ')}`);
console.log('dialect      total ms  p50 µs  p99 µs | baseline ms  p99 µs | ratio (median of rounds)');
for (const dialect of [...dialects, undefined]) {
  const corpus = dialect
    ? generateCorpus(dialect, entries, seed)
    : dialects.flatMap((d) => generateCorpus(d, entries / 3, seed));
  const m = measure(corpus, dialect);
  console.log(
    `${(dialect ?? 'any (mixed)').padEnd(11)} ${ms(m.total)} ${us(m.p50)} ${us(m.p99)} | ${ms(m.baselineTotal)}    ${us(m.baselineP99)} | ${m.ratio.toFixed(1)}×`,
  );
  if (dialect) console.log(`            recognised: ${recognition(corpus, dialect)}`);
}
console.log(`(sink ${sink})`);
