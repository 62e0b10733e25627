// How a service's Node.js process is started, the same in `npm start` and in the benchmarks.

/**
 * The API keeps each search's airline answers and offers alive across its airline calls, twenty
 * searches at a time: with V8's default 16 MB semi-space most of that was copied on every young
 * collection (7–26 ms each, ten a second). 32 MB halves the collections and lifted the saturated
 * search bench from 86 to 111 searches/s.
 */
export const apiV8Flags: readonly string[] = ['--max-semi-space-size=32'];

/**
 * The worker sends a webhook burst with thousands of claims, bodies and requests alive at once
 * across young collections. With 32 MB the webhooks bench's CPU per delivery fell about a tenth
 * (mean of four warm rounds each, interleaved: 274 to 248 µs, under load 17-21).
 */
export const workerV8Flags: readonly string[] = ['--max-semi-space-size=32'];

/** The arguments after `node` that start `script` (a TypeScript entry point, run through tsx). */
export function nodeArgs(script: string, v8Flags: readonly string[] = []): string[] {
  return [...v8Flags, '--import', 'tsx', script];
}
