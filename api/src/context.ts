// The edge where a process's parts are made: database, queue backend, producer and the domain
// services. server.ts and tests build one and hand it to the app; nothing reaches for a singleton.
import type { Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { createAccountsService, type AccountsService } from './domain/accounts/accounts.service.js';
import { createAuthenticator, type Authenticator } from './domain/auth/authenticator.js';
import { systemClock, type Clock } from './domain/clock.js';
import { createReadinessService, type ReadinessService } from './domain/health/readiness.service.js';
import { createMailService, type MailService } from './domain/mail/mail.service.js';
import { createQueueBackend, type QueueBackend } from './jobs/backend.js';
import { createJobProducer } from './jobs/queues.js';

export interface AppContext {
  config: Config;
  db: Db;
  queues: QueueBackend;
  clock: Clock;
  auth: Authenticator;
  accounts: AccountsService;
  mail: MailService;
  readiness: ReadinessService;
  close(): Promise<void>;
}

export function createAppContext(config: Config, overrides: { clock?: Clock } = {}): AppContext {
  const clock = overrides.clock ?? systemClock;
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const queues = createQueueBackend({
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    prefix: config.QUEUE_PREFIX,
  });
  const jobs = createJobProducer(queues);
  const auth = createAuthenticator({ db, clock });
  const flushTimer = setInterval(() => void auth.flush().catch(() => undefined), 10_000);
  flushTimer.unref();

  return {
    config,
    db,
    queues,
    clock,
    auth,
    accounts: createAccountsService({ db }),
    mail: createMailService({ db, jobs, clock }),
    readiness: createReadinessService({ db, pingQueue: () => queues.ping(), sandboxUrl: config.SANDBOX_URL }),
    async close() {
      clearInterval(flushTimer);
      await auth.flush().catch(() => undefined);
      await queues.close();
      await db.destroy();
    },
  };
}
