// The API process shuts down gracefully on SIGTERM: it stops taking new requests, finishes the
// ones in flight, closes its connections and exits 0.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { createInterface } from 'node:readline';
import { expect, it } from 'vitest';
import { testEnv } from '../support/stack.js';

it('finishes a request in flight, then exits 0 on SIGTERM', async () => {
  // A sandbox that accepts connections and never answers makes /readyz wait out its 2 s deadline.
  const silent = net.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const sandboxPort = (silent.address() as net.AddressInfo).port;

  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    env: { ...process.env, ...testEnv({ LOG_LEVEL: 'info', SANDBOX_URL: `http://127.0.0.1:${sandboxPort}` }) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const port = await new Promise<number>((resolve) => {
    lines.on('line', (line) => {
      const match = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (match) resolve(Number(match[1]));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const inFlight = fetch(`http://127.0.0.1:${port}/readyz`);
  await new Promise((r) => setTimeout(r, 300));
  child.kill('SIGTERM');

  const response = await inFlight;
  expect(response.status).toBe(503);
  const body = (await response.json()) as { errors: { detail: string }[] };
  expect(body.errors[0]!.detail).toMatch(/^sandbox: no answer within/);
  expect(await exited).toBe(0);
  await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  silent.close();
});
