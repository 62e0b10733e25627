// The API process's parts: the shared core (core.ts: database, queues, mail, airlines, limits) and
// the domain services the routes call. server.ts and tests build one and hand it to the app;
// nothing reaches for a singleton.
import { consoleUrl, type Config } from './config.js';
import {
  createAirlineMessagesService,
  type AirlineMessagesService,
} from './domain/airline-messages/airline-messages.service.js';
import type { AirlineMessageRecorder } from './domain/airline-messages/airline-message-recorder.js';
import {
  createChannelEndpointsService,
  type ChannelEndpointsService,
} from './domain/channels/channel-endpoints.service.js';
import { createSecretBox } from './domain/crypto/secret-box.js';
import { createCore } from './core.js';
import { createDb, type Db } from './db/database.js';
import { createAccountsService, type AccountsService } from './domain/accounts/accounts.service.js';
import { createApiTokensService, type ApiTokensService } from './domain/auth/api-tokens.service.js';
import { createAuthenticator, type Authenticator } from './domain/auth/authenticator.js';
import { createOneTimeCodes } from './domain/auth/one-time-codes.js';
import type { LimitStore } from './domain/auth/limit-store.js';
import { createSignInLimiter } from './domain/auth/sign-in-limiter.js';
import { createSignInService, type SignInService } from './domain/auth/sign-in.service.js';
import type { Clock } from './domain/clock.js';
import { createReadinessService, type ReadinessService } from './domain/health/readiness.service.js';
import { createOfferDetailsService, type OfferDetailsService } from './domain/offers/offer-details.service.js';
import { createSearchService, type SearchService } from './domain/offers/search.service.js';
import type { QueueBackend } from './jobs/backend.js';
import type { MailService } from './domain/mail/mail.service.js';
// marketing
import { createDemoRequestsService, type DemoRequestsService } from './domain/marketing/demo-requests.service.js';
import { createFareDemoService, type FareDemoService } from './domain/marketing/fare-demo.service.js';
import type { PublicLimits } from './domain/limits/public-limits.js';
// landing: the neo-flights landing page
import { createNeoFlightsService, type NeoFlightsService } from './domain/landing/neo-flights.service.js';
import {
  createPresentationRequestsService,
  type PresentationRequestsService,
} from './domain/landing/presentation-requests.service.js';

import { createProviderNeoFlightsSource } from './domain/landing/neo-flights.provider-source.js';
import { createProviderItineraryPricer } from './domain/marketing/itinerary-pricer.provider.js';
// back office
import { createBackOffice, type BackOffice } from './domain/back-office/back-office.js';
// Sales and analytics
import { createSalesService, type SalesService } from './domain/sales/sales.service.js';
import {
  createAccountingDocumentsService,
  type AccountingDocumentsService,
} from './domain/accounting/accounting-documents.service.js';
import {
  createBackOfficeConnectionsService,
  type BackOfficeConnectionsService,
} from './domain/back-office-feed/connections.service.js';
// bookings
import { createBookingsService, type BookingsService } from './domain/bookings/bookings.service.js';
import type { AirlineNotifications } from './domain/bookings/airline-notifications.service.js';
// events
import { createEventStreamService, type EventStreamService } from './domain/events/event-stream.service.js';
import { createEventsService, type EventsService } from './domain/events/events.service.js';
// request logs
import { createRequestLogRecorder, type RequestLogRecorder } from './domain/request-log/request-log-recorder.js';
import { createRequestLogsService, type RequestLogsService } from './domain/request-log/request-logs.service.js';
// notifications
import { createActionRequired, type ActionRequired } from './domain/notifications/action-required.js';
import {
  createNotificationPreferences,
  type NotificationPreferences,
} from './domain/notifications/notification-preferences.js';
import { createNotificationsService, type NotificationsService } from './domain/notifications/notifications.service.js';
// schedule changes
import {
  createScheduleChangesService,
  type ScheduleChangesService,
} from './domain/schedule-changes/schedule-changes.service.js';
// support cases
import { createSupportCasesService, type SupportCasesService } from './domain/support/support-cases.service.js';
import { createSupportOffersService, type SupportOffersService } from './domain/support/support-offers.js';
// fare watch
import { createFareWatchService, type FareWatchService } from './domain/fare-watch/fare-watch.service.js';
// sandbox
import { createSandboxClockService, type SandboxClockService } from './domain/sandbox/sandbox-clock.service.js';
import {
  createSandboxScenariosService,
  type SandboxScenariosService,
} from './domain/sandbox/sandbox-scenarios.service.js';
import { warningMinutesOf } from './domain/bookings/booking-time-limit-warnings.js';
import { createReshopPacer } from './domain/limits/reshop-pacing.js';
// webhooks
import {
  createWebhookEndpointsService,
  type WebhookEndpointsService,
} from './domain/webhooks/webhook-endpoints.service.js';
// the admin assistant
import { readFileSync } from 'node:fs';
import { contractBundleFile } from './repository-root.js';
import { createAssistantService, type AssistantService } from './domain/assistant/assistant.service.js';
import { mayCall, permissions } from './http/permissions.js';
import { createAgencyUsersService, type AgencyUsersService } from './domain/agency-users/agency-users.service.js';
import { createInvitesService, type InvitesService } from './domain/agency-users/invites.service.js';
import { auditRecorder } from './domain/back-office/audit.js';
import { createAccountSettings, type AccountSettingsReader } from './domain/accounts/account-settings.js';
import type { OperationId } from './http/contract.js';

export interface AppContext {
  config: Config;
  db: Db;
  queues: QueueBackend;
  clock: Clock;
  auth: Authenticator;
  signIn: SignInService;
  accounts: AccountsService;
  /** The signed-in user's settings (active, API token, its company's channels). */
  accountSettings: AccountSettingsReader;
  apiTokens: ApiTokensService;
  mail: MailService;
  readiness: ReadinessService;
  searches: SearchService;
  offerDetails: OfferDetailsService;
  // marketing
  fareDemo: FareDemoService;
  demoRequests: DemoRequestsService;
  publicLimits: PublicLimits;
  /** Where attempt counters and the request ceiling are shared by every process (Redis or PostgreSQL). */
  limitStore: LimitStore;
  // landing: the neo-flights landing page
  neoFlights: NeoFlightsService;
  presentationRequests: PresentationRequestsService;
  // users of an agency: access, suspension, invites
  agencyUsers: AgencyUsersService;
  agencyInvites: InvitesService;
  // back office
  backOffice: BackOffice;
  /** How each channel reaches its airline (adapter, transport, auth), and its connection test. */
  channelEndpoints: ChannelEndpointsService;
  /** The airline message log (staff): every exchange with an airline for 30 days, redacted. */
  airlineMessages: AirlineMessagesService;
  /** Its writer (buffered; tests flush it). */
  airlineMessageRecorder: AirlineMessageRecorder;
  // Sales and analytics
  sales: SalesService;
  accountingDocuments: AccountingDocumentsService;
  backOfficeConnections: BackOfficeConnectionsService;
  // bookings
  bookings: BookingsService;
  airlineNotifications: AirlineNotifications;
  // events
  events: EventsService;
  // request logs: the writer (null when REQUEST_LOG is off) and the reader
  requestLogRecorder: RequestLogRecorder | null;
  requestLogs: RequestLogsService;
  eventStream: EventStreamService;
  // notifications
  notifications: NotificationsService;
  notificationPreferences: NotificationPreferences;
  actionRequired: ActionRequired;
  // schedule changes
  scheduleChanges: ScheduleChangesService;
  // support cases
  supportCases: SupportCasesService;
  supportOffers: SupportOffersService;
  // fare watch
  fareWatch: FareWatchService;
  // sandbox
  sandboxScenarios: SandboxScenariosService;
  sandboxClock: SandboxClockService;
  // webhooks
  webhookEndpoints: WebhookEndpointsService;
  // the admin assistant
  assistant: AssistantService;
  close(): Promise<void>;
}

export function createAppContext(config: Config, overrides: { clock?: Clock } = {}): AppContext {
  const core = createCore(config, { clock: overrides.clock, poolSize: config.DATABASE_POOL_SIZE });
  const { db, clock, queues, jobs, mail, provider, channels, limitStore, publicLimits, airlineNotifications } = core;
  const auth = createAuthenticator({ db, clock });
  const codes = createOneTimeCodes({ db, clock, secret: config.SECRET_KEY });
  const limiter = createSignInLimiter(limitStore, clock);
  const searches = createSearchService({ db, clock, provider, channels, deadlineMs: config.SEARCH_DEADLINE_MS });
  const events = createEventsService({ db });
  const eventStream = createEventStreamService({ db, clock });
  const accountingDocuments = createAccountingDocumentsService({ db });
  const backOffice = createBackOffice({ db, clock, auth, secretKey: config.SECRET_KEY });
  const sales = createSalesService({
    db,
    clock,
    exports: core.salesExports,
    syncReportLimit: config.SALES_EXPORT_SYNC_LIMIT,
  });
  const bookings = createBookingsService({
    db,
    clock,
    provider,
    channels,
    cards: core.cards,
    searches,
    jobs,
    notifications: airlineNotifications,
  });
  const webhookEndpoints = createWebhookEndpointsService({
    db,
    clock,
    secrets: core.webhookSecrets,
    guard: core.outboundGuard,
    jobs,
    events,
  });
  const backOfficeConnections = createBackOfficeConnectionsService({
    db,
    clock,
    credentials: core.backOfficeCredentials,
    guard: core.outboundGuard,
    accounting: accountingDocuments,
    mail,
    httpsTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
  });
  const scheduleChanges = createScheduleChangesService({ db, clock, provider, channels, cards: core.cards });
  const fareWatch = createFareWatchService({
    db,
    clock,
    provider,
    channels,
    cards: core.cards,
    pacer: createReshopPacer(limitStore, config.FARE_WATCH_RESHOPS_PER_SECOND),
  });
  // The request log writes on a connection of its own: a batch's INSERT holding one of the pool's
  // connections made the requests it logs wait for theirs. Its rows are written behind already, so
  // its commits need not wait for the WAL flush.
  const requestLogDb = config.REQUEST_LOG
    ? createDb(config.DATABASE_URL, 1, config.DATABASE_POOL_WAIT_MS, { asyncCommit: true })
    : null;
  const requestLogRecorder = requestLogDb
    ? createRequestLogRecorder({
        db: requestLogDb,
        flushMs: config.REQUEST_LOG_FLUSH_MS,
        maxBuffered: config.REQUEST_LOG_BUFFER,
      })
    : null;
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
    accountSettings: createAccountSettings({ db, companyChannels: backOffice.companyChannels }),
    apiTokens: createApiTokensService({ db, clock, auth }),
    mail,
    readiness: createReadinessService({ db, pingQueue: () => queues.ping(), provider }),
    searches,
    offerDetails: createOfferDetailsService({ db, clock, provider, channels, searches }),
    // marketing
    fareDemo: createFareDemoService({ pricer: createProviderItineraryPricer(provider), clock }),
    demoRequests: createDemoRequestsService({ db, mail, salesInbox: config.SALES_INBOX }),
    publicLimits,
    limitStore,
    // landing: the neo-flights landing page
    neoFlights: createNeoFlightsService({
      source: createProviderNeoFlightsSource(provider),
      clock,
    }),
    presentationRequests: createPresentationRequestsService({
      db,
      clock,
      mail,
      limits: limitStore,
      salesInbox: config.SALES_INBOX,
    }),
    // users of an agency: access, suspension, invites
    agencyUsers: createAgencyUsersService({ db, clock, audit: auditRecorder(clock), auth }),
    agencyInvites: createInvitesService({ db, clock, audit: auditRecorder(clock), mail, appUrl: consoleUrl(config) }),
    // back office
    backOffice,
    channelEndpoints: createChannelEndpointsService({
      db,
      clock,
      audit: auditRecorder(clock),
      box: createSecretBox(config.SECRET_KEY, 'channel-endpoint-secret'),
      credentials: createSecretBox(config.SECRET_KEY, 'channel-credential'),
      guard: core.outboundGuard,
      provider,
    }),
    airlineMessages: createAirlineMessagesService({ db }),
    airlineMessageRecorder: core.airlineMessageRecorder,
    // Sales and analytics
    sales,
    accountingDocuments,
    backOfficeConnections,
    // bookings
    bookings,
    airlineNotifications,
    // events
    events,
    // request logs
    requestLogRecorder,
    requestLogs: createRequestLogsService({ db, clock }),
    eventStream,
    // notifications
    notifications: createNotificationsService({ db, clock }),
    notificationPreferences: createNotificationPreferences({ db, clock }),
    actionRequired: createActionRequired({ db, clock }),
    // schedule changes
    scheduleChanges,
    // support cases
    supportCases: createSupportCasesService({ db, clock }),
    supportOffers: createSupportOffersService({ db, clock, bookings }),
    // fare watch
    fareWatch,
    // sandbox
    sandboxScenarios: createSandboxScenariosService({ provider, clock }),
    sandboxClock: createSandboxClockService({
      db,
      clock,
      provider,
      channels,
      cards: core.cards,
      warningMinutes: warningMinutesOf(config.TIME_LIMIT_WARNINGS_MIN),
    }),
    // webhooks
    webhookEndpoints,
    // the admin assistant: its tools call the services above, checked against the permission matrix
    assistant: createAssistantService({
      db,
      clock,
      backOffice,
      bookings,
      sales,
      webhookEndpoints,
      backOfficeConnections,
      scheduleChanges,
      fareWatch,
      contractSchemas: () =>
        (
          JSON.parse(readFileSync(contractBundleFile, 'utf8')) as {
            components: { schemas: Record<string, unknown> };
          }
        ).components.schemas,
      model: {
        url: config.ASSISTANT_MODEL_URL,
        model: config.ASSISTANT_MODEL,
        apiKey: config.ASSISTANT_MODEL_KEY,
        timeoutMs: config.ASSISTANT_MODEL_TIMEOUT_MS,
      },
      allowed: (operationId, userType) => {
        const permission = permissions[operationId as OperationId];
        return permission !== undefined && mayCall(permission, userType);
      },
    }),
    async close() {
      clearInterval(flushTimer);
      await auth.flush().catch(() => undefined);
      // After the server has answered its last request, before the database closes.
      await requestLogRecorder?.close();
      await requestLogDb?.destroy();
      await core.close();
    },
  };
}
