// Contrail as `npm start` runs it, for tests: scripts/start.ts itself, as a real process on a fresh
// database (which it creates), with its supervisor running the sandbox, API_PROCESSES API processes
// sharing one port and WORKER_PROCESSES workers, all as real child processes on the run's
// PostgreSQL and Redis. The console build is skipped; everything else is what a developer gets.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createDb, type Db } from '../../api/src/db/database.js';
import { testSecretKey } from './services.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Cluster {
  /** One entry per API process; they share the port, and each new connection goes to the next process. */
  readonly baseUrls: string[];
  readonly sandboxUrl: string;
  readonly databaseUrl: string;
  readonly databaseName: string;
  /** Where its queues are: Redis, under this key prefix. */
  readonly redisUrl: string;
  readonly keyPrefix: string;
  readonly db: Db;
  /** Everything start.ts and its children wrote so far. */
  output(): string;
  /** The process ids the supervisor last reported, by name (`api 1`, `worker 2`, `sandbox`). */
  pids(): Record<string, number>;
  waitForOutput(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** SIGTERM to start.ts (or to npm); resolves with how it ended and what it wrote. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ClusterOptions {
  apiProcesses?: number;
  workerProcesses?: number;
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** Where PostgreSQL and Redis are; inside vitest, the run's own (global setup). */
  services?: { databaseUrl: string; redisUrl: string; keyPrefix: string };
  /** Start it as an operator's process manager does, `npm start`, so stop() signals npm itself. */
  throughNpm?: boolean;
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const services = options.services ?? {
    databaseUrl: inject('databaseUrl'),
    redisUrl: inject('redisUrl'),
    keyPrefix: inject('keyPrefix'),
  };
  const suffix = randomBytes(4).toString('hex');
  const databaseName = `contrail_cluster_${suffix}`;
  const keyPrefix = `${services.keyPrefix}-cluster-${suffix}`;
  const databaseUrl = Object.assign(new URL(services.databaseUrl), { pathname: `/${databaseName}` }).toString();
  const [port, sandboxPort] = [await freePort(), await freePort()];
  const apiProcesses = options.apiProcesses ?? 2;
  const [command, args] = options.throughNpm
    ? ['npm', ['start', '--silent']]
    : [process.execPath, ['--import', 'tsx', 'scripts/start.ts']];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATABASE_URL: databaseUrl,
      REDIS_URL: services.redisUrl,
      KEY_PREFIX: keyPrefix,
      SECRET_KEY: testSecretKey,
      PORT: String(port),
      SANDBOX_PORT: String(sandboxPort),
      API_PROCESSES: String(apiProcesses),
      WORKER_PROCESSES: String(options.workerProcesses ?? 2),
      CONTRAIL_SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let output = '';
  const waiters = new Set<() => void>();
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    waiters.forEach((w) => w());
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  const waitForOutput = (pattern: RegExp, timeoutMs = 120_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const match = output.match(pattern);
        if (!match) return;
        cleanup();
        resolve(match);
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no ${pattern} in ${timeoutMs} ms; output:\n${output.slice(-4000)}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });

  const baseUrl = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  await waitUntilAnswering(
    [`${baseUrl}/readyz`, `${sandboxUrl}/health`],
    options.startTimeoutMs ?? 180_000,
    () => output,
  );
  const db = createDb(databaseUrl, 4);

  return {
    baseUrls: Array.from({ length: apiProcesses }, () => baseUrl),
    sandboxUrl,
    databaseUrl,
    databaseName,
    redisUrl: services.redisUrl,
    keyPrefix,
    db,
    output: () => output,
    pids() {
      const pids: Record<string, number> = {};
      for (const m of output.matchAll(/\[supervisor\] (.+?) started \(pid (\d+)\)/g)) pids[m[1]!] = Number(m[2]);
      return pids;
    },
    waitForOutput,
    async stop(signal = 'SIGTERM') {
      await db.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return { ...(await exited), output };
    },
  };
}

async function waitUntilAnswering(urls: string[], timeoutMs: number, output: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (const url of urls) {
    for (;;) {
      const ok = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
        (r) => r.status < 500,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error(`${url} did not answer in ${timeoutMs} ms; output:\n${output()}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}
