// The parts both processes are made of, built once: the database, the queue backend and the
// producer on it, the mail outbox, the airlines (provider, channels, sealed cards), the sign-in and
// public limit store, the airline notifications and the sales exports. context.ts adds the API's
// services on top; worker.ts adds the consumers. Nothing here listens or consumes.
import { Agent } from 'undici';
import { airlineNotificationsUrl, type Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { createPostgresLimitStore } from './domain/auth/postgres-limit-store.js';
import type { LimitStore } from './domain/auth/limit-store.js';
import {
  createAirlineNotifications,
  type AirlineNotifications,
} from './domain/bookings/airline-notifications.service.js';
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
import { createNdcAdapter } from './providers/ndc/ndc.adapter.js';
import { createNdcXmlAdapter } from './providers/ndc-xml/ndc-xml.adapter.js';
import { createRestTransport } from './providers/ndc-xml/rest-transport.js';
import { createRedisLimitStore } from './redis/limit-store.js';
// webhooks
import { createOutboundGuard, type OutboundGuard } from './outbound/outbound-guard.js';

/** What issuing, ancillaries, EMDs and the airline's notifications share. */
export interface BookingParts {
  db: Db;
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
 * sealed credentials, and the sealed card numbers that pay them. Every channel is a sandbox airline
 * today, so test and live calls both reach SANDBOX_URL; a production airline adapter would be
 * chosen per source channel here.
 */
export function airlineParts(config: Config, db: Db) {
  const settings = { timeoutMs: config.AIRLINE_TIMEOUT_MS, safeRetries: 1 };
  const provider: AirlineProvider =
    config.SANDBOX_WIRE === 'ndc-xml'
      ? xmlSandboxAdapter(config.SANDBOX_URL, settings)
      : createNdcAdapter({ baseUrl: config.SANDBOX_URL, ...settings });
  const channels = createChannelsService({ db, credentials: createSecretBox(config.SECRET_KEY, 'channel-credential') });
  return { provider, channels, cards: createSecretBox(config.SECRET_KEY, 'card-number') };
}

/** The sandbox airlines spoken to in NDC 21.3 XML over REST, one keep-alive pool for every channel. */
function xmlSandboxAdapter(sandboxUrl: string, settings: { timeoutMs: number; safeRetries: number }): AirlineProvider {
  const base = `${sandboxUrl.replace(/\/$/, '')}/ndc-xml/21.3`;
  const pool = new Agent({ connections: 128, keepAliveTimeout: 30_000 });
  return createNdcXmlAdapter({
    ...settings,
    systemUrl: sandboxUrl,
    transportOf: (channel) => createRestTransport({ baseUrl: base, credential: channel.credential }, pool),
  });
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
      await queues.close();
      await db.destroy();
    },
  };
}
