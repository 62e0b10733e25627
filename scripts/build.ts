// `npm run build`: the services as `npm start` runs them (compiled, build-services.ts), and what
// the API serves besides operations: the console (Vite, under /packs/), the
// offline API docs (Redocly, with its script inlined so /docs needs no other host) and the guides
// (docs/guides rendered to static pages under /docs/guides/).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { buildServices } from './build-services.js';
import { externalizeScripts } from './docs-page.js';
import { guidesCss, guidesStylesheet, renderGuides } from './guides-pages.js';

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

await buildServices();
console.log('build: services → api/dist, sandbox/dist');
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
rmSync('dist/docs/guides', { recursive: true, force: true });
mkdirSync('dist/docs/guides', { recursive: true });
const guides = readdirSync('docs/guides')
  .filter((f) => f.endsWith('.md'))
  .map((f) => ({ name: f.slice(0, -'.md'.length), markdown: readFileSync(`docs/guides/${f}`, 'utf8') }));
for (const guide of renderGuides(guides)) writeFileSync(`dist/docs/guides/${guide.name}.html`, guide.html);
writeFileSync(`dist/docs/guides/${guidesStylesheet}`, guidesCss);
// The sample files the guides link to, served beside them.
cpSync('docs/guides/samples', 'dist/docs/guides/samples', { recursive: true });
console.log(`build: ${guides.length} guides → dist/docs/guides`);
run('npm', ['run', 'build', '-w', 'console']);
console.log('build: console → console/dist');
