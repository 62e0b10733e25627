// `npm run build`: what the API serves besides operations: the console (Vite, under /packs/) and
// the offline API docs (Redocly, with its script inlined so /docs needs no other host).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { externalizeScripts } from './docs-page.js';

// A step's own output is shown only when it fails: Redocly 2.77 (the last release for Node 20,
// pinned) prints a Node 22 notice and a Redoc 3 banner on every run, which say nothing about this
// build and made `npm start` look broken on the Node it is meant for.
function run(cmd: string, args: string[]): void {
  const result = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) {
    process.stdout.write(result.stdout);
    process.stderr.write(result.stderr);
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
  // Redoc's page would send usage traces to Redocly's cloud; the CSP of /docs forbids it anyway.
  '--openapi.disableTelemetry',
]);
// Its inline scripts become files, for a Content-Security-Policy without 'unsafe-inline' scripts.
for (const stale of readdirSync('dist/docs').filter((f) => f.endsWith('.js'))) rmSync(`dist/docs/${stale}`);
const docsPage = externalizeScripts(readFileSync('dist/docs/index.html', 'utf8'), '/docs/');
for (const [name, code] of docsPage.scripts) writeFileSync(`dist/docs/${name}`, code);
writeFileSync('dist/docs/index.html', docsPage.html);
console.log('build: API docs → dist/docs/index.html');
run('npm', ['run', 'build', '-w', 'sdk']);
console.log('build: SDK package → sdk/dist');
run('npm', ['run', 'build', '-w', 'console']);
console.log('build: console → console/dist');
