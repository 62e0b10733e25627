// `npm run lint` part two: no import cycles in any package, type-only imports included (ESLint's
// import-x/no-cycle skips those, and a type cycle still ties two files' meanings together). madge
// walks the graph; any cycle fails.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['api/src', 'sandbox/src', 'ndc-xml-tree/src', 'console/src', 'sdk/src'];

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

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const cycles = findCycles(packages);
  for (const cycle of cycles) process.stderr.write(`import cycle: ${cycle.join(' -> ')}\n`);
  if (cycles.length) process.exit(1);
}
