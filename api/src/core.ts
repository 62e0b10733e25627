// The parts both processes are made of, built once: the database, the queue backend and the
// producer on it, the mail outbox, the airlines (provider, channels, sealed cards), the sign-in and
// public limit store, the airline notifications and the sales exports. context.ts adds the API's
// services on top; worker.ts adds the consumers. Nothing here listens or consumes.
import { airlineNotificationsUrl, type Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { createPostgresLimitStore } from './domain/auth/postgres-limit-store.js';
import type { LimitStore } from './domain/auth/limit-store.js';
import {
  createAirlineNotifications,
  type AirlineNotifications,
} from './domain/bookings/airline-notifications.service.js';
import {
  createAirlineMessageRecorder,
  type AirlineMessageRecorder,
} from './domain/airline-messages/airline-message-recorder.js';
import { createChannelsService, type ChannelsService } from './domain/channels/channels.service.js';
import { systemClock, type Clock } from './domain/clock.js';
import { createNotificationKeys } from './domain/crypto/notification-keys.js';
import { createSecretBox, type SecretBox } from './domain/crypto/secret-box.js';
import type { JobProducer } from './domain/job-producer.js';
import { createMailService, type MailService } from './domain/mail/mail.service.js';
import { createPublicLimits, type PublicLimits } from './domain/limits/public-limits.js';
import { createSalesExports, type SalesExports } from './domain/sales/sales-export.service.js';
import { createQueueBackend, type QueueBackend } from './jobs/backend.js';
import { createJobProducer } from './jobs/queues.js';
import type { AirlineProvider } from './providers/airline-provider.js';
import { createAirlineRouting } from './providers/airline-routing.js';
import { createRedisLimitStore } from './redis/limit-store.js';
// webhooks
import { createOutboundGuard, type OutboundGuard } from './outbound/outbound-guard.js';

/** What issuing, ancillaries, EMDs and the airline's notifications share. */
export interface BookingParts {
  db: Db;
  /** The airline message log's writer; closed before the database. */
  airlineMessageRecorder: AirlineMessageRecorder;
  clock: Clock;
  provider: AirlineProvider;
  channels: ChannelsService;
  cards: SecretBox;
}

export interface Core extends BookingParts {
  config: Config;
  queues: QueueBackend;
  jobs: JobProducer;
  mail: MailService;
  /** Counters and locks: in Redis when it is configured, else in PostgreSQL. */
  limitStore: LimitStore;
  publicLimits: PublicLimits;
  airlineNotifications: AirlineNotifications;
  salesExports: SalesExports;
  // webhooks: signing secrets sealed at rest, and the one guard of user-given addresses
  webhookSecrets: SecretBox;
  /** Back-office connections' credentials (SFTP passwords and keys). */
  backOfficeCredentials: SecretBox;
  outboundGuard: OutboundGuard;
  close(): Promise<void>;
}

/**
 * The airlines as the API and the worker both reach them: the provider, the channels with their
 * sealed credentials, and the sealed card numbers that pay them. The provider routes per channel
 * (airline-routing.ts): test channels to SANDBOX_URL only, live channels to their configured
 * endpoint only, through the outbound guard.
 */
export function airlineParts(config: Config, db: Db) {
  const guard = createOutboundGuard({ allowCidrs: config.WEBHOOK_ALLOW_CIDRS });
  // Every exchange with an airline, buffered off the call path (a search never waits on it).
  const airlineMessages = createAirlineMessageRecorder({ db, flushMs: 200, maxBuffered: 20_000 });
  const provider: AirlineProvider = createAirlineRouting({
    sink: airlineMessages,
    sandboxUrl: config.SANDBOX_URL,
    timeoutMs: config.AIRLINE_TIMEOUT_MS,
    safeRetries: 1,
    sandboxWire: config.SANDBOX_WIRE,
    guard,
  });
  const channels = createChannelsService({
    db,
    credentials: createSecretBox(config.SECRET_KEY, 'channel-credential'),
    endpointSecrets: createSecretBox(config.SECRET_KEY, 'channel-endpoint-secret'),
  });
  return {
    provider,
    channels,
    cards: createSecretBox(config.SECRET_KEY, 'card-number'),
    airlineMessageRecorder: airlineMessages,
  };
}

export function createCore(
  config: Config,
  options: { clock?: Clock; poolSize: number; log?: (msg: string) => void },
): Core {
  const clock = options.clock ?? systemClock;
  const log = options.log;
  const db = createDb(config.DATABASE_URL, options.poolSize, config.DATABASE_POOL_WAIT_MS);
  const queues = createQueueBackend({
    redisUrl: config.REDIS_URL,
    databaseUrl: config.DATABASE_URL,
    prefix: config.KEY_PREFIX,
  });
  const jobs = createJobProducer(queues);
  const mail = createMailService({ db, jobs, clock, ...(log ? { log } : {}) });
  const redisLimits = config.REDIS_URL ? createRedisLimitStore(config.REDIS_URL, config.KEY_PREFIX) : undefined;
  const limitStore = redisLimits ?? createPostgresLimitStore(db);
  const publicLimits = createPublicLimits(limitStore, clock);
  const bookingParts: BookingParts = { db, clock, ...airlineParts(config, db) };
  const airlineNotifications = createAirlineNotifications({
    ...bookingParts,
    keys: createNotificationKeys(config.SECRET_KEY),
    limits: publicLimits,
    jobs,
    receiverUrl: airlineNotificationsUrl(config),
  });
  const salesExports = createSalesExports({ db, jobs, mail, clock, ...(log ? { log } : {}) });
  return {
    config,
    ...bookingParts,
    queues,
    jobs,
    mail,
    limitStore,
    publicLimits,
    airlineNotifications,
    salesExports,
    webhookSecrets: createSecretBox(config.SECRET_KEY, 'webhook-secret'),
    backOfficeCredentials: createSecretBox(config.SECRET_KEY, 'back-office-credential'),
    outboundGuard: createOutboundGuard({ allowCidrs: config.WEBHOOK_ALLOW_CIDRS }),
    async close() {
      redisLimits?.close();
      await bookingParts.airlineMessageRecorder.close();
      await queues.close();
      await db.destroy();
    },
  };
}
