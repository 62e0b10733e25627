// The SDK as a developer outside this repository gets it: `npm pack` makes the tarball, a fresh
// folder under the system's temp directory installs it offline from the npm cache, `tsc --strict`
// (NodeNext, the package's own declarations checked too) compiles the example program from
// examples/, and Node runs it against a real stack (API, sandbox airlines, worker): it searches,
// books and issues in the sandbox and receives the booking.issued webhook on its own loopback
// server, verified with the package's verifyWebhook. The package's version is the contract's.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { startWorker, type WorkerHandle } from '../../api/src/worker';
import { createAccount, createTenant, type TestAccount } from '../support/factories';
import { createScratchDatabase } from '../support/scratch-database';
import { ensureSdkBuilt, installPackedSdk, repoRoot, sdkDist } from '../support/sdk-package';
import { startStack, testEnv, type Stack } from '../support/stack';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let stack: Stack;
let worker: WorkerHandle;
let supervisor: TestAccount;
let installed: ReturnType<typeof installPackedSdk>;

beforeAll(async () => {
  ensureSdkBuilt();
  installed = installPackedSdk();
  scratch = await createScratchDatabase('sdk_package');
  const env = {
    DATABASE_URL: scratch.url,
    KEY_PREFIX: `${testEnv().KEY_PREFIX}-sdkp${randomBytes(3).toString('hex')}`,
    WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8',
    EVENTS_SWEEP_MS: '300',
  };
  stack = await startStack({ env });
  worker = await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: await createTenant(stack.ctx.db) });
}, 240_000);
afterAll(async () => {
  await worker?.close();
  await stack?.close();
  await scratch?.drop();
  if (installed) rmSync(installed.dir, { recursive: true, force: true });
});

/** openapi.yaml's `info.version`, read from the source and not from anything built from it. */
function contractVersion(): string {
  const match = /^info:\n(?:[ \t].*\n)*?[ \t]+version:\s*['"]?([^'"\s]+)/m.exec(
    readFileSync(path.join(repoRoot, 'openapi.yaml'), 'utf8'),
  );
  return match![1]!;
}

describe('the packed SDK', () => {
  it("carries the contract's version", () => {
    const pkg = JSON.parse(readFileSync(path.join(sdkDist, 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe(contractVersion());
    expect(installed.version).toBe(contractVersion());
    expect(path.basename(installed.tarball)).toBe(`contrail-sdk-${contractVersion()}.tgz`);
  });

  it('installs outside the repository, with its entry points and the contrail command', () => {
    expect(path.relative(repoRoot, installed.dir).startsWith('..')).toBe(true);
    const probe = `
      const core = await import('@contrail/sdk');
      // The hooks need the optional peers (react, @tanstack/react-query), which this folder lacks.
      const query = import.meta.resolve('@contrail/sdk/query');
      const webhooks = await import('@contrail/sdk/webhooks');
      console.log(JSON.stringify({
        core: typeof core.searchOffers + typeof core.configure + typeof core.paginate,
        query: query.endsWith('/lib/query.js'),
        webhooks: typeof webhooks.verifyWebhook,
      }));`;
    const out = execFileSync('node', ['--input-type=module', '-e', probe], { cwd: installed.dir, encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ core: 'functionfunctionfunction', query: true, webhooks: 'function' });
    const help = execFileSync(path.join(installed.dir, 'node_modules/.bin/contrail'), ['help'], { encoding: 'utf8' });
    expect(help).toContain('contrail listen --forward-to <url>');
  });

  it('compiles the example with tsc --strict against the installed declarations, and runs it against the stack', async () => {
    for (const file of ['book-and-issue.ts', 'tsconfig.json'])
      copyFileSync(path.join(repoRoot, 'examples/book-and-issue', file), path.join(installed.dir, file));
    execFileSync(
      'node',
      [
        path.join(repoRoot, 'node_modules/typescript/bin/tsc'),
        '-p',
        'tsconfig.json',
        '--typeRoots',
        path.join(repoRoot, 'node_modules/@types'),
      ],
      { cwd: installed.dir, stdio: 'pipe' },
    );
    const run = spawn('node', ['dist/book-and-issue.js'], {
      cwd: installed.dir,
      env: { ...process.env, CONTRAIL_API_KEY: supervisor.token, CONTRAIL_API_BASE: stack.apiUrl },
    });
    let stdout = '';
    let stderr = '';
    run.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    run.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => run.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const locator = /booked (\w+) \(new\)/.exec(stdout)?.[1];
    expect(locator, stdout).toBeDefined();
    expect(stdout).toContain(`issued ${locator} (issued)`);
    expect(stdout).toMatch(new RegExp(`webhook booking.issued evt_\\w+ verified for ${locator}`));
  }, 120_000);
});
