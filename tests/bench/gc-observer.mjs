// Loaded with `--import` into a benchmark's service process (tests/bench/bench-support.ts, with
// BENCH_GC=1): every garbage collection V8 reports (when it started, how long the process was
// paused, which kind) and the heap in use each second, written to the file BENCH_GC_FILE names
// every 200 ms and at exit, for the benchmark to take the collections during each of its loads.
// Plain JavaScript, as the services run compiled: it measures the code of any commit the same way.
import { writeFileSync } from 'node:fs';
import { constants, PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.BENCH_GC_FILE;
if (file) {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  /** [epoch ms at the start, pause ms, kind] */
  const collections = [];
  /** [epoch ms, heap used MB] */
  const heap = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      collections.push([
        performance.timeOrigin + entry.startTime,
        entry.duration,
        kinds[entry.detail?.kind] ?? String(entry.detail?.kind),
      ]);
  }).observe({ entryTypes: ['gc'] });
  const write = () => writeFileSync(file, JSON.stringify({ collections, heap }));
  setInterval(() => heap.push([Date.now(), process.memoryUsage().heapUsed / 2 ** 20]), 1000).unref();
  setInterval(write, 200).unref();
  process.on('exit', write);
}
