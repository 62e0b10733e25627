// Loaded with `--import` into a benchmark's service process (tests/bench/bench-support.ts, with
// BENCH_GC=1): every garbage collection V8 reports (when it started, how long the process was
// paused, which kind), the heap in use each second, and every stall of the event loop (a 20 ms
// tick that came 15 ms or more late) with the CPU the process used meanwhile, written to the file
// BENCH_GC_FILE names every 200 ms and at exit, for the benchmark to take what happened during each
// of its loads. A stall's CPU tells its causes apart on a shared machine: near its length, the
// process was busy (its own code or a collection); far below, it waited for a core.
// Plain JavaScript, as the services run compiled: it measures the code of any commit the same way.
import { renameSync, writeFileSync } from 'node:fs';
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
  /** [epoch ms at the start, stall ms, CPU ms the process used in it (all its threads)] */
  const stalls = [];
  // A finer tick costs the measured process CPU: in an idle process a 5 ms tick took about 12 ms
  // of CPU a second and this one 4 ms (the collections and heap alone 2.5 ms), where a search
  // takes 20-40 ms.
  const tickMs = 20;
  let last = performance.now();
  let lastCpu = process.cpuUsage();
  setInterval(() => {
    const now = performance.now();
    const cpu = process.cpuUsage();
    if (now - last >= tickMs + 15)
      stalls.push([
        performance.timeOrigin + last,
        now - last,
        (cpu.user + cpu.system - lastCpu.user - lastCpu.system) / 1000,
      ]);
    last = now;
    lastCpu = cpu;
  }, tickMs).unref();
  // Written aside and renamed: a reader never sees a half-written file.
  const write = () => {
    writeFileSync(`${file}.part`, JSON.stringify({ collections, heap, stalls }));
    renameSync(`${file}.part`, file);
  };
  setInterval(() => heap.push([Date.now(), process.memoryUsage().heapUsed / 2 ** 20]), 1000).unref();
  setInterval(write, 200).unref();
  process.on('exit', write);
}
