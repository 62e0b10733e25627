// `npm run build`: what the API serves besides operations: the console (Vite, under /packs/) and
// the offline API docs (Redocly, with its script inlined so /docs needs no other host).
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';

function run(cmd: string, args: string[]): void {
  const result = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    throw new Error(`${cmd} ${args.join(' ')} failed`);
  }
}

mkdirSync('dist/docs', { recursive: true });
run('npx', [
  'redocly',
  'build-docs',
  '--config',
  'docs/redocly.yaml',
  'contrail',
  '-o',
  'dist/docs/index.html',
  '--inlineBundle',
]);
console.log('build: API docs → dist/docs/index.html');
run('npm', ['run', 'build', '-w', 'console']);
console.log('build: console → console/dist');
