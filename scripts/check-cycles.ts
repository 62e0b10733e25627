// `npm run lint` part two: no import cycles in any package, type-only imports included (ESLint's
// import-x/no-cycle skips those, and a type cycle still ties two files' meanings together). madge
// walks the graph; a cycle made only of files in `pendingCycles` is reported but does not fail.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['api/src', 'sandbox/src', 'console/src', 'sdk/src'];

/**
 * TEMPORARY: the files on the two cycles that changes under way break (the bookings trio
 * issue/reshop/request; the sandbox's order book and its NDC routes' shared deps). Delete each
 * entry when its change lands: from then on a cycle through the file fails the lint.
 */
const pendingCycles = new Set([
  'api/src/domain/bookings/booking-issue.ts',
  'api/src/domain/bookings/booking-reshop.ts',
  'api/src/domain/bookings/booking-request.ts',
  'sandbox/src/engine/order-book.ts',
  'sandbox/src/engine/order-events.ts',
  'sandbox/src/engine/order-issue.ts',
  'sandbox/src/engine/order-lifecycle.ts',
  'sandbox/src/routes/ndc.routes.ts',
  'sandbox/src/routes/air-shopping.route.ts',
  'sandbox/src/routes/offer-price.route.ts',
  'sandbox/src/routes/order-change.route.ts',
  'sandbox/src/routes/order-create.route.ts',
  'sandbox/src/routes/order-reshop.route.ts',
  'sandbox/src/routes/order-retrieve.route.ts',
  'sandbox/src/routes/seat-availability.route.ts',
  'sandbox/src/routes/service-list.route.ts',
]);

/** Every import cycle among the TypeScript files under `dirs` (relative to `cwd`), as madge names them. */
export function findCycles(dirs: readonly string[], cwd = root): string[][] {
  const madge = path.join(root, 'node_modules/.bin/madge');
  const args = ['--circular', '--json', '--no-spinner', '--extensions', 'ts,tsx'];
  args.push('--ts-config', path.join(root, 'tsconfig.base.json'), ...dirs);
  const result = spawnSync(madge, args, { cwd, encoding: 'utf8' });
  if (result.error) throw result.error;
  // madge exits 1 when it finds a cycle; its JSON is on stdout either way.
  if (!result.stdout.trim().startsWith('[')) throw new Error(`madge failed: ${result.stderr || result.stdout}`);
  return JSON.parse(result.stdout) as string[][];
}

/** The cycles that fail the lint: those with at least one file not pending another change. */
export function newCycles(cycles: readonly string[][]): string[][] {
  return cycles.filter((cycle) => cycle.some((file) => !pendingCycles.has(file)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const cycles = findCycles(packages);
  const failing = newCycles(cycles);
  const pending = cycles.length - failing.length;
  if (pending) process.stdout.write(`import cycles: ${pending} pending other changes (scripts/check-cycles.ts)\n`);
  for (const cycle of failing) process.stderr.write(`import cycle: ${cycle.join(' -> ')}\n`);
  if (failing.length) process.exit(1);
}
