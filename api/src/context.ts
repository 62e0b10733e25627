// The edge where a process's parts are made: database, queue backend, producer and the domain
// services. server.ts and tests build one and hand it to the app; nothing reaches for a singleton.
import type { Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { createPostgresLimitStore } from './db/limit-store.js';
import { createAccountsService, type AccountsService } from './domain/accounts/accounts.service.js';
import { createApiTokensService, type ApiTokensService } from './domain/auth/api-tokens.service.js';
import { createAuthenticator, type Authenticator } from './domain/auth/authenticator.js';
import { createOneTimeCodes } from './domain/auth/one-time-codes.js';
import { createSignInLimiter } from './domain/auth/sign-in-limiter.js';
import { createSignInService, type SignInService } from './domain/auth/sign-in.service.js';
import { systemClock, type Clock } from './domain/clock.js';
import { createReadinessService, type ReadinessService } from './domain/health/readiness.service.js';
import { createMailService, type MailService } from './domain/mail/mail.service.js';
import { createQueueBackend, type QueueBackend } from './jobs/backend.js';
import { createJobProducer } from './jobs/queues.js';
import { createRedisLimitStore } from './redis/limit-store.js';
// Sales and analytics
import { createSalesExports } from './domain/sales/sales-export.service.js';
import { createSalesService, type SalesService } from './domain/sales/sales.service.js';

export interface AppContext {
  config: Config;
  db: Db;
  queues: QueueBackend;
  clock: Clock;
  auth: Authenticator;
  signIn: SignInService;
  accounts: AccountsService;
  apiTokens: ApiTokensService;
  mail: MailService;
  readiness: ReadinessService;
  // Sales and analytics
  sales: SalesService;
  close(): Promise<void>;
}

export function createAppContext(config: Config, overrides: { clock?: Clock } = {}): AppContext {
  const clock = overrides.clock ?? systemClock;
  const db = createDb(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  const queues = createQueueBackend({
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    prefix: config.KEY_PREFIX,
  });
  const jobs = createJobProducer(queues);
  const auth = createAuthenticator({ db, clock });
  const mail = createMailService({ db, jobs, clock });
  const codes = createOneTimeCodes({ db, clock, secret: config.SECRET_KEY });
  const redisLimits = config.REDIS_URL ? createRedisLimitStore(config.REDIS_URL, config.KEY_PREFIX) : undefined;
  const limiter = createSignInLimiter(redisLimits ?? createPostgresLimitStore(db), clock);
  const flushTimer = setInterval(() => void auth.flush().catch(() => undefined), 10_000);
  flushTimer.unref();

  return {
    config,
    db,
    queues,
    clock,
    auth,
    signIn: createSignInService({ db, clock, codes, mail, limiter, auth }),
    accounts: createAccountsService({ db, clock, codes, mail, auth }),
    apiTokens: createApiTokensService({ db, clock, auth }),
    mail,
    readiness: createReadinessService({ db, pingQueue: () => queues.ping(), sandboxUrl: config.SANDBOX_URL }),
    // Sales and analytics
    sales: createSalesService({
      db,
      clock,
      exports: createSalesExports({ db, jobs, clock }),
      syncReportLimit: config.SALES_EXPORT_SYNC_LIMIT,
    }),
    async close() {
      clearInterval(flushTimer);
      await auth.flush().catch(() => undefined);
      redisLimits?.close();
      await queues.close();
      await db.destroy();
    },
  };
}
