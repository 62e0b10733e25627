// How a service's Node.js process is started, the same in `npm start` and in the benchmarks.
import { existsSync } from 'node:fs';

/**
 * The API keeps each search's airline answers and offers alive across its airline calls, twenty
 * searches at a time: with V8's default 16 MB semi-space most of that was copied on every young
 * collection (7–26 ms each, ten a second). 32 MB halves the collections and lifted the saturated
 * search bench from 86 to 111 searches/s.
 */
export const apiV8Flags: readonly string[] = ['--max-semi-space-size=32'];
// V8's parallel scavenger stays on, though it shares two cores with the sandbox and PostgreSQL. In
// the XML search bench (API pinned to one core, load 10–15), `--single-threaded-gc` and
// `--no-parallel-scavenge` copied 48–58 MB a second of pause against 79–83 MB/s with it, and
// paused 147–188 ms per young collection against 108–110 ms on average (two runs each, taking
// turns): more threads are likely to get more of a contended core, not less.
// Workers keep V8's default young generation: 32 MB, as the API has, cut the webhooks bench's CPU
// per delivery by about a tenth (274 to 248 µs, under load 17-21), but let a 100,000-document
// back-office delivery peak at 197 MB against 182 MB without it, next to that feed's 200 MB ceiling.

/** Each service's TypeScript entry point; scripts/build-services.ts compiles it to `compiledService(name)`. */
export const serviceSources = {
  api: 'api/src/server.ts',
  worker: 'api/src/worker.ts',
  sandbox: 'sandbox/src/server.ts',
} as const;
export type ServiceName = keyof typeof serviceSources;

/**
 * Where a service's bundle is: in its own package's dist/ (api/src/server.ts → api/dist/server.mjs),
 * so Node finds its dependencies from there as it did from the source: in the package's own
 * node_modules first (npm keeps a version there when the root has another), then the root's.
 */
export function compiledService(name: ServiceName): string {
  return serviceSources[name].replace('/src/', '/dist/').replace(/\.ts$/, '.mjs');
}

/**
 * What `npm start` runs for a service: its compiled bundle, which every build writes. Only without
 * one (a checkout never built) does it fall back to the TypeScript source through tsx.
 */
export function serviceScript(name: ServiceName): string {
  const compiled = compiledService(name);
  return existsSync(compiled) ? compiled : serviceSources[name];
}

/**
 * The arguments after `node` that start `script`: compiled JavaScript runs as it is, a TypeScript
 * entry point through tsx (tests and development), which costs each process 50–70 MB more.
 */
export function nodeArgs(script: string, v8Flags: readonly string[] = []): string[] {
  return script.endsWith('.ts') ? [...v8Flags, '--import', 'tsx', script] : [...v8Flags, script];
}
