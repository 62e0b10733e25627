// Once per `npm test`: a fresh PostgreSQL database for this run, migrated and seeded, and a queue
// prefix of its own in Redis. Both are real servers; nothing here is mocked.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../api/src/db/database.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import { seed } from '../../api/src/scripts/seed.js';
import { localPostgresUrl, localRedisUrl, portAnswers, testSecretKey } from './services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    keyPrefix: string;
  }
}

/** Starts this machine's PostgreSQL and Redis when they are the ones to use and do not answer. */
async function ensureLocalServices(databaseUrl: string, redisUrl: string): Promise<void> {
  const database = new URL(databaseUrl);
  const redis = new URL(redisUrl);
  const local = (host: string) => host === '127.0.0.1' || host === 'localhost';
  if (local(database.hostname) && !(await portAnswers(database.hostname, Number(database.port || 5432)))) {
    const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
    if (versions[0])
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', versions[0], 'main', 'start'], { stdio: 'inherit' });
    await waitForPort(database.hostname, Number(database.port || 5432), 'PostgreSQL', databaseUrl);
  }
  if (local(redis.hostname) && !(await portAnswers(redis.hostname, Number(redis.port || 6379)))) {
    execFileSync(
      'redis-server',
      ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', redis.port || '6379', '--save', '', '--appendonly', 'no'],
      { stdio: 'inherit' },
    );
    await waitForPort(redis.hostname, Number(redis.port || 6379), 'Redis', redisUrl);
  }
}

async function waitForPort(host: string, port: number, name: string, url: string): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await portAnswers(host, port)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} does not answer at ${url}; start it (see README).`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? localPostgresUrl;
  const redisUrl = process.env.TEST_REDIS_URL ?? localRedisUrl;
  await ensureLocalServices(adminUrl, redisUrl);

  const name = `contrail_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = createDb(databaseUrl, 1);
  await migrateToLatest(db);
  await seed(db, testSecretKey);
  await db.destroy();

  project.provide('databaseUrl', databaseUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('keyPrefix', `contrail-test-${process.pid}`);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
