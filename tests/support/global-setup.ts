// Once per `npm test`: a fresh PostgreSQL database for this run, migrated and seeded, and a queue
// prefix of its own in Redis. Both are real servers; nothing here is mocked.
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../../api/src/db/database.js';
import { migrateToLatest } from '../../api/src/db/migrate.js';
import { seed } from '../../api/src/db/seed.js';
import { localPostgresUrl, localRedisUrl, portAnswers } from './services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
    queuePrefix: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? localPostgresUrl;
  const redisUrl = process.env.TEST_REDIS_URL ?? localRedisUrl;
  const redis = new URL(redisUrl);
  if (!(await portAnswers(redis.hostname, Number(redis.port || 6379)))) {
    throw new Error(`Redis does not answer at ${redisUrl}; start it (see README) or set TEST_REDIS_URL.`);
  }

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
  await seed(db);
  await db.destroy();

  project.provide('databaseUrl', databaseUrl);
  project.provide('redisUrl', redisUrl);
  project.provide('queuePrefix', `contrail-test-${process.pid}`);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
}
