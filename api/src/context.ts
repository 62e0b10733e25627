// The edge where a process's parts are made: database, queue backend, producer and the domain
// services. server.ts and tests build one and hand it to the app; nothing reaches for a singleton.
import { airlineNotificationsUrl, type Config } from './config.js';
import { createDb, type Db } from './db/database.js';
import { createPostgresLimitStore } from './db/limit-store.js';
import { createAccountsService, type AccountsService } from './domain/accounts/accounts.service.js';
import { createApiTokensService, type ApiTokensService } from './domain/auth/api-tokens.service.js';
import { createAuthenticator, type Authenticator } from './domain/auth/authenticator.js';
import { createOneTimeCodes } from './domain/auth/one-time-codes.js';
import { createSignInLimiter } from './domain/auth/sign-in-limiter.js';
import { createSignInService, type SignInService } from './domain/auth/sign-in.service.js';
import { systemClock, type Clock } from './domain/clock.js';
import { createChannelsService } from './domain/channels/channels.service.js';
import { createSecretBox } from './domain/crypto/secret-box.js';
import { createReadinessService, type ReadinessService } from './domain/health/readiness.service.js';
import { createOfferDetailsService, type OfferDetailsService } from './domain/offers/offer-details.service.js';
import { createSearchService, type SearchService } from './domain/offers/search.service.js';
import { createMailService, type MailService } from './domain/mail/mail.service.js';
import { createQueueBackend, type QueueBackend } from './jobs/backend.js';
import { createJobProducer } from './jobs/queues.js';
import type { AirlineProvider } from './providers/airline-provider.js';
import { createNdcAdapter } from './providers/ndc/ndc.adapter.js';
import { createRedisLimitStore } from './redis/limit-store.js';
// marketing (issue #8)
import { createDemoRequestsService, type DemoRequestsService } from './domain/marketing/demo-requests.service.js';
import { createFareDemoService, type FareDemoService } from './domain/marketing/fare-demo.service.js';
import { createPublicLimits, type PublicLimits } from './domain/marketing/public-limits.js';
// landing: the neo-flights landing page
import { createNeoFlightsService, type NeoFlightsService } from './domain/landing/neo-flights.service.js';
import {
  createPresentationRequestsService,
  type PresentationRequestsService,
} from './domain/landing/presentation-requests.service.js';

import { createProviderNeoFlightsSource } from './domain/landing/neo-flights.provider-source.js';
import { createProviderItineraryPricer } from './domain/marketing/itinerary-pricer.provider.js';
// back office (issue #6)
import { createBackOffice, type BackOffice } from './domain/back-office/back-office.js';
// Sales and analytics
import { createSalesExports } from './domain/sales/sales-export.service.js';
import { createSalesService, type SalesService } from './domain/sales/sales.service.js';
// bookings (issue #5)
import { createBookingsService, type BookingsService } from './domain/bookings/bookings.service.js';
import {
  createAirlineNotifications,
  type AirlineNotifications,
} from './domain/bookings/airline-notifications.service.js';
import { createNotificationKeys } from './domain/crypto/notification-keys.js';

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
  searches: SearchService;
  offerDetails: OfferDetailsService;
  // marketing (issue #8)
  fareDemo: FareDemoService;
  demoRequests: DemoRequestsService;
  publicLimits: PublicLimits;
  // landing: the neo-flights landing page
  neoFlights: NeoFlightsService;
  presentationRequests: PresentationRequestsService;
  // back office (issue #6)
  backOffice: BackOffice;
  // Sales and analytics
  sales: SalesService;
  // bookings (issue #5)
  bookings: BookingsService;
  airlineNotifications: AirlineNotifications;
  close(): Promise<void>;
}

/**
 * The airlines as the API and the worker both reach them: the provider, the channels with their
 * sealed credentials, and the sealed card numbers that pay them. Every channel is a sandbox airline
 * today, so test and live calls both reach SANDBOX_URL; a production airline adapter would be
 * chosen per source channel here.
 */
export function airlineParts(config: Config, db: Db) {
  const provider: AirlineProvider = createNdcAdapter({
    baseUrl: config.SANDBOX_URL,
    timeoutMs: config.AIRLINE_TIMEOUT_MS,
    safeRetries: 1,
  });
  const channels = createChannelsService({ db, credentials: createSecretBox(config.SECRET_KEY, 'channel-credential') });
  return { provider, channels, cards: createSecretBox(config.SECRET_KEY, 'card-number') };
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
  const { provider, channels, cards } = airlineParts(config, db);
  const searches = createSearchService({ db, clock, provider, channels, deadlineMs: config.SEARCH_DEADLINE_MS });
  const publicLimits = createPublicLimits(redisLimits ?? createPostgresLimitStore(db), clock);
  // bookings (issue #5): what issuing, ancillaries and the airline's notifications share.
  const bookingDeps = { db, clock, provider, channels, cards };
  const airlineNotifications = createAirlineNotifications({
    ...bookingDeps,
    keys: createNotificationKeys(config.SECRET_KEY),
    limits: publicLimits,
    jobs,
    receiverUrl: airlineNotificationsUrl(config),
  });
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
    searches,
    offerDetails: createOfferDetailsService({ db, clock, provider, channels, searches }),
    // marketing (issue #8)
    fareDemo: createFareDemoService({ pricer: createProviderItineraryPricer(provider), clock }),
    demoRequests: createDemoRequestsService({ db, mail, salesInbox: config.SALES_INBOX }),
    publicLimits,
    // landing: the neo-flights landing page
    neoFlights: createNeoFlightsService({
      source: createProviderNeoFlightsSource(provider),
      clock,
    }),
    presentationRequests: createPresentationRequestsService({
      db,
      clock,
      mail,
      limits: redisLimits ?? createPostgresLimitStore(db),
      salesInbox: config.SALES_INBOX,
    }),
    // back office (issue #6)
    backOffice: createBackOffice({ db, clock, auth, secretKey: config.SECRET_KEY }),
    // Sales and analytics
    sales: createSalesService({
      db,
      clock,
      exports: createSalesExports({ db, jobs, clock }),
      syncReportLimit: config.SALES_EXPORT_SYNC_LIMIT,
    }),
    // bookings (issue #5)
    bookings: createBookingsService({ ...bookingDeps, searches, jobs, notifications: airlineNotifications }),
    airlineNotifications,
    async close() {
      clearInterval(flushTimer);
      await auth.flush().catch(() => undefined);
      redisLimits?.close();
      await queues.close();
      await db.destroy();
    },
  };
}
