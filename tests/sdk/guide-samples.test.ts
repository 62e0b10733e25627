// Every code sample in docs/guides runs against a started stack (API, sandbox airlines), so a guide
// cannot drift from what the API and the SDK do:
// - `ts`: all compiled together with `tsc --strict` against the SDK package built from this
//   repository (sdk/dist, its declarations), then each run with tsx. A sample that does not call
//   `configure` runs as if the quickstart's `configure` had run (base URL and token from the env).
// - `sh`: run with bash (`set -euo pipefail`; curl fails on an HTTP error status). `$CONTRAIL_API_KEY`
//   and `$CONTRAIL_API_BASE` are set; the demo tokens `npm start` prints are valid here too.
//   A sample may take 150 s: a generator's run takes tens of seconds on a loaded machine.
// - `json`: parsed. `http`: a request line to /api/v1 names an operation of the contract, and its
//   body parses; other `http` blocks show what reaches the reader's server and are read only.
// - `text`: output, not run. `ts openapi-fetch` / `ts hey-api`: compiled against those generators'
//   clients by tests/contract/generators.test.ts.
// The documented local address, http://127.0.0.1:3000, is replaced by the test stack's. The samples
// run in a folder outside the repository where `@contrail/sdk` is the built package and `contrail`
// its CLI, as a reader has them after installing it, and the demo supervisor's agency has made one
// booking (the guides' `contrail trigger` copies it).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guideSamples, type GuideSample } from '../support/guide-samples';
import { bearer, book, findFares } from '../support/bookings';
import { builtCli, ensureSdkBuilt, repoRoot, sdkDist } from '../support/sdk-package';
import { startStack, tokens, type Stack } from '../support/stack';

const documentedBase = 'http://127.0.0.1:3000';
const samples = guideSamples(path.join(repoRoot, 'docs/guides'));
const nameOf = (s: GuideSample) => `${s.guide}:${s.line} ${s.lang}${s.rest ? ` ${s.rest}` : ''}`;
const runnable = samples.filter((s) => !s.skip);
const byLang = (...langs: string[]) => runnable.filter((s) => langs.includes(s.lang) && !s.rest);
const fileOf = (s: GuideSample) => `${s.guide.replace(/\.md$/, '')}-${s.line}.ts`;

let stack: Stack;
let dir: string;
let compileErrors = '';
let env: Record<string, string>;

/** Runs a command without blocking the stack, which answers from this process. */
function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, { ...options, timeout: 150_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/** node_modules as the repository's, but `@contrail/sdk` is the built package, as a reader installs it. */
function linkModules(target: string): void {
  const modules = path.join(target, 'node_modules');
  mkdirSync(path.join(modules, '@contrail'), { recursive: true });
  for (const name of readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (name === '@contrail' || name === '.bin') continue;
    symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(modules, name));
  }
  symlinkSync(sdkDist, path.join(modules, '@contrail/sdk'));
  mkdirSync(path.join(modules, '.bin'));
  for (const name of readdirSync(path.join(repoRoot, 'node_modules/.bin')))
    symlinkSync(path.join(repoRoot, 'node_modules/.bin', name), path.join(modules, '.bin', name));
  symlinkSync(builtCli, path.join(modules, '.bin/contrail'));
}

beforeAll(async () => {
  ensureSdkBuilt();
  stack = await startStack();
  const [fare] = await findFares(stack.baseUrl, bearer(tokens.Supervisor), {
    origin: 'WAW',
    destination: 'FRA',
    days: 35,
  });
  await book(stack.baseUrl, bearer(tokens.Supervisor), fare!);
  env = {
    ...(process.env as Record<string, string>),
    CONTRAIL_API_BASE: stack.apiUrl,
    CONTRAIL_API_KEY: tokens.Supervisor,
    CONTRAIL_TOKEN: tokens.Supervisor,
    CONTRAIL_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  };
  dir = mkdtempSync(path.join(tmpdir(), 'contrail-guide-samples-'));
  linkModules(dir);
  writeFileSync(
    path.join(dir, 'configure.ts'),
    "import { configure } from '@contrail/sdk';\nconfigure({ baseUrl: process.env['CONTRAIL_API_BASE']!, token: process.env['CONTRAIL_TOKEN'] });\n",
  );
  for (const s of byLang('ts')) {
    writeFileSync(path.join(dir, fileOf(s)), s.code.replaceAll(documentedBase, stack.baseUrl));
    writeFileSync(path.join(dir, `run-${fileOf(s)}`), `import './configure.ts';\nawait import('./${fileOf(s)}');\n`);
  }
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        allowImportingTsExtensions: true,
        types: ['node'],
        skipLibCheck: true,
      },
      files: byLang('ts').map(fileOf),
    }),
  );
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const tsc = spawnSync(process.execPath, [path.join(repoRoot, 'node_modules/typescript/bin/tsc'), '-p', '.'], {
    cwd: dir,
    encoding: 'utf8',
  });
  compileErrors = tsc.stdout + tsc.stderr;
}, 240_000);
afterAll(async () => {
  await stack?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the guides’ samples', () => {
  it('are each of a kind this test runs, and skipped only with a reason', () => {
    const kinds = new Set(['ts', 'sh', 'bash', 'json', 'http', 'text']);
    expect(samples.filter((s) => !kinds.has(s.lang)).map(nameOf)).toEqual([]);
    expect(
      samples.filter((s) => s.lang === 'ts' && s.rest && !['openapi-fetch', 'hey-api'].includes(s.rest)).map(nameOf),
    ).toEqual([]);
    expect(samples.length).toBeGreaterThan(30);
  });

  it.each(byLang('json').map((s) => [nameOf(s), s] as const))('%s parses', (_name, s) => {
    expect(() => JSON.parse(s.code)).not.toThrow();
  });

  it.each(byLang('http').map((s) => [nameOf(s), s] as const))('%s names operations of the contract', (_name, s) => {
    const bundle = JSON.parse(
      readFileSync(path.join(repoRoot, 'api/src/http/generated/openapi.bundle.json'), 'utf8'),
    ) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const lines = s.code.trim().split('\n');
    const requests = lines.filter((l) => /^(GET|POST|PUT|PATCH|DELETE) \//.test(l));
    expect(requests.length, 'a request line').toBeGreaterThan(0);
    if (!requests[0]!.split(' ')[1]!.startsWith('/api/v1/')) return; // a delivery to the reader's server
    for (const request of requests) {
      const [method, target] = request.split(' ') as [string, string];
      const route = target.split('?')[0]!.replace(/^\/api\/v1/, '');
      const declared = Object.entries(bundle.paths).some(
        ([template, item]) =>
          new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(route) && method.toLowerCase() in item,
      );
      expect(declared, request).toBe(true);
    }
    const body = lines
      .filter((l) => !requests.includes(l) && !/^[\w-]+: /.test(l))
      .join('\n')
      .trim();
    if (body) expect(() => JSON.parse(body)).not.toThrow();
  });

  it.each(byLang('sh', 'bash').map((s) => [nameOf(s), s] as const))(
    '%s runs with bash',
    async (_name, s) => {
      const script = `set -euo pipefail\ncurl() { command curl --fail-with-body --silent --show-error "$@"; }\n${s.code.replaceAll(documentedBase, stack.baseUrl)}`;
      const ran = await run('bash', ['-c', script], { cwd: dir, env });
      expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
    },
    160_000,
  );

  it.each(byLang('ts').map((s) => [nameOf(s), s] as const))(
    '%s compiles with tsc --strict and runs',
    async (_name, s) => {
      const own = compileErrors.split('\n').filter((l) => l.startsWith(`${fileOf(s)}(`));
      expect(own).toEqual([]);
      const ran = await run(path.join(repoRoot, 'node_modules/.bin/tsx'), [`run-${fileOf(s)}`], { cwd: dir, env });
      expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
    },
    160_000,
  );
});
