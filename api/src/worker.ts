// Worker entry: configuration → the shared core (core.ts), mail transport → BullMQ workers and the
// sweeper. It imports nothing from http/. SIGTERM lets active jobs finish before closing.
import pino from 'pino';
import { redactedPaths } from './log-redaction.js';
import { ConfigError, consoleUrl, loadConfig } from './config.js';
import { createCore, type BookingParts } from './core.js';
import { queueNames } from './jobs/payloads.js';
import { emailProcessor } from './jobs/processors/email.processor.js';
import { sweepOnce } from './jobs/sweeper.js';
import { salesExportProcessor } from './jobs/processors/sales-export.processor.js';
import { compactSalesRollups } from './domain/sales/compact-rollups.js';
import { phoneSenderOf } from './mail/phone-sender-of.js';
import { createMailTransport } from './mail/transport.js';
// bookings: EMDs, airline notifications, hold expiry
import { expireHolds } from './domain/bookings/booking-expiry.js';
import { sweepBookings } from './jobs/bookings-sweep.js';
import { airlineReconcileProcessor } from './jobs/processors/airline-reconcile.processor.js';
import { emdIssueProcessor } from './jobs/processors/emd-issue.processor.js';
import { notificationRefreshProcessor } from './jobs/processors/notification-refresh.processor.js';
import { warnApproachingTimeLimits, warningMinutesOf } from './domain/bookings/booking-time-limit-warnings.js';
// schedule changes: the consequence of inaction at each deadline
import { createScheduleChangesService } from './domain/schedule-changes/schedule-changes.service.js';
// fare watch: the watch pass over held bookings, paced by each channel's shared reshop rate
import { createFareWatchService } from './domain/fare-watch/fare-watch.service.js';
import { createReshopPacer } from './domain/limits/reshop-pacing.js';
// events: the log handed to its consumers
import { createEventDispatcher, type EventConsumer } from './domain/events/event-dispatch.js';
import { startEventDispatchLoop } from './jobs/event-dispatch-loop.js';
import { createNotificationConsumer } from './domain/notifications/notification-consumer.js';
// webhooks: deliveries of the events to the agencies' endpoints
import { webhookScheduleOf } from './config.js';
import { createWebhookConsumer } from './domain/webhooks/webhook-consumer.js';
import { createWebhookDeliverer } from './domain/webhooks/webhook-delivery.js';
import { runDeliveries } from './domain/back-office-feed/deliveries.js';
import { webhookDeliveryProcessor } from './jobs/processors/webhook-delivery.processor.js';
import { startWebhookDeliveryLoop, type WebhookDeliveryLoop } from './jobs/webhook-delivery-loop.js';
import { sweepWebhooks } from './jobs/webhooks-sweep.js';
import { createOutboundPoster } from './outbound/outbound-http.js';

export interface WorkerHandle {
  close(): Promise<void>;
}

export async function startWorker(
  config = loadConfig(),
  log = pino({ level: config.LOG_LEVEL, name: 'worker', redact: redactedPaths }),
): Promise<WorkerHandle> {
  // webhooks: 50 deliveries at once share these connections with the other processors.
  const core = createCore(config, { poolSize: 10, log: (msg) => log.warn(msg) });
  const { db, clock, queues, jobs, mail, salesExports } = core;
  const transport = createMailTransport({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    phone: phoneSenderOf(config),
  });

  const email = queues.worker(queueNames.email, emailProcessor({ mail, transport, db, clock }), { concurrency: 5 });
  email.on('failed', (job, error) => log.warn({ jobId: job?.id, err: error }, 'email job failed'));
  email.on('error', (error) => log.error({ err: error }, 'email worker error'));

  // Sales and analytics: large reports, one at a time (exceljs's writer holds ~0.45 KB a row).
  const exportWorker = queues.worker(
    queueNames.salesExport,
    salesExportProcessor({ exports: salesExports, db, clock }),
    {
      concurrency: 1,
      lockDuration: 120_000,
    },
  );
  exportWorker.on('failed', (job, error) => log.warn({ jobId: job?.id, err: error }, 'sales export failed'));
  exportWorker.on('error', (error) => log.error({ err: error }, 'sales export worker error'));
  const sweepExports = () =>
    salesExports
      .staleQueued(120_000, 100)
      .then(async (ids) => {
        for (const id of ids) await jobs.enqueueSalesExport(id);
      })
      .catch((error: unknown) => log.warn({ err: error }, 'sales export sweep failed'));
  // sales rollups: the slots concurrent sales wrote into, folded into one row per key for past days.
  const compactRollups = () =>
    compactSalesRollups({ db, clock }).then(
      (folded) => folded > 0 && log.info({ folded }, 'sales rollup slots compacted'),
      (error: unknown) => log.warn({ err: error }, 'sales rollup compaction failed'),
    );

  // bookings: EMDs of services added after issue, one request at a time per booking.
  const bookingDeps: BookingParts = core;
  const emdWorker = queues.worker(
    queueNames.emdIssue,
    emdIssueProcessor(bookingDeps, { leaseMs: config.EMD_CLAIM_LEASE_MS, testDelayMs: config.EMD_JOB_TEST_DELAY_MS }),
    { concurrency: 5 },
  );
  emdWorker.on('active', (job) => log.info({ jobId: job.id }, 'EMD job started'));
  emdWorker.on('failed', (job, error) => log.info({ jobId: job?.id, reason: error.message }, 'EMD job to be retried'));
  emdWorker.on('error', (error) => log.error({ err: error }, 'EMD worker error'));
  const refreshWorker = queues.worker(
    queueNames.notificationRefresh,
    notificationRefreshProcessor(core.airlineNotifications),
    {
      concurrency: 5,
    },
  );
  refreshWorker.on('failed', (job, error) => log.warn({ jobId: job?.id, err: error }, 'notification refresh failed'));
  refreshWorker.on('error', (error) => log.error({ err: error }, 'notification refresh worker error'));
  // Airline intents left open (a process died, an answer was lost) are settled by a repeatable job:
  // BullMQ keeps one schedule whatever the number of workers, and any one of them runs each round.
  const reconcileWorker = queues.worker(
    queueNames.airlineReconcile,
    airlineReconcileProcessor(bookingDeps, { staleMs: config.INTENT_STALE_MS }),
    // Named by its process, so each round's job says which worker ran it (BullMQ's processedBy).
    { concurrency: 1, name: `worker pid ${process.pid}` },
  );
  reconcileWorker.on('completed', (job, result: Record<string, number>) => {
    if (result && (result.finished || result.rolled_back))
      log.info({ jobId: job.id, ...result }, 'airline intents reconciled');
  });
  reconcileWorker.on('failed', (job, error) => log.warn({ jobId: job?.id, err: error }, 'reconcile round failed'));
  reconcileWorker.on('error', (error) => log.error({ err: error }, 'reconcile worker error'));
  await queues
    .queue(queueNames.airlineReconcile)
    .upsertJobScheduler('airline-reconcile', { every: config.RECONCILE_EVERY_MS }, { name: 'reconcile', data: {} })
    .catch((error: unknown) => log.warn({ err: error }, 'reconcile schedule not set; the next start sets it'));
  const sweepBookingWork = () =>
    sweepBookings({
      db,
      clock,
      jobs,
      expireHolds: () => expireHolds(bookingDeps),
      staleAfterMs: 60_000,
      emdLeaseMs: config.EMD_CLAIM_LEASE_MS,
    }).then(
      (r) => (r.emdRequeued > 0 || r.refreshesRequeued > 0 || r.expired > 0) && log.info(r, 'bookings sweep'),
      (error: unknown) => log.warn({ err: error }, 'bookings sweep failed'),
    );

  // webhooks: the delivery rows in PostgreSQL are the truth. The delivery loop claims due ones in
  // batches and keeps WEBHOOK_CONCURRENCY attempts in flight; queue jobs (pings, redeliveries,
  // retries, what the sweeper finds lost) claim their own row, so both never send one attempt twice.
  const poster = createOutboundPoster(core.outboundGuard, {
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    connections: config.WEBHOOK_CONCURRENCY,
  });
  let deliveryLoop: WebhookDeliveryLoop | null = null;
  const deliverer = createWebhookDeliverer({
    db,
    clock,
    jobs,
    secrets: core.webhookSecrets,
    poster,
    scheduleMs: webhookScheduleOf(config.WEBHOOK_RETRY_SCHEDULE_MS),
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    disableAfterMs: config.WEBHOOK_DISABLE_AFTER_MS,
    wake: () => deliveryLoop?.wake(),
  });
  deliveryLoop = startWebhookDeliveryLoop({
    deliverer,
    concurrency: config.WEBHOOK_CONCURRENCY,
    everyMs: config.WEBHOOK_POLL_MS,
    onError: (error) => log.warn({ err: error }, 'webhook delivery failed'),
  });
  const webhookWorker = queues.worker(queueNames.webhookDelivery, webhookDeliveryProcessor(deliverer), {
    concurrency: 10,
  });
  webhookWorker.on('failed', (job, error) => log.warn({ jobId: job?.id, err: error }, 'webhook job failed'));
  webhookWorker.on('error', (error) => log.error({ err: error }, 'webhook worker error'));
  let webhookSweep: Promise<unknown> | null = null;
  const sweepWebhookDeliveries = () => {
    webhookSweep ??= sweepWebhooks({ db, clock, jobs, graceMs: config.WEBHOOK_LOST_AFTER_MS })
      .then(
        (requeued) => requeued > 0 && log.info({ requeued }, 'webhook deliveries requeued'),
        (error: unknown) => log.warn({ err: error }, 'webhook sweep failed'),
      )
      .finally(() => (webhookSweep = null));
  };
  const webhookSweeper = setInterval(sweepWebhookDeliveries, config.WEBHOOK_SWEEP_MS);

  // back-office feed: cut the batches that are due (fixed in PostgreSQL first), then send the due
  // deliveries; a delivery is claimed in PostgreSQL, so any number of workers may run this pass.
  let backOfficePass: Promise<unknown> | null = null;
  const backOfficeDeps = {
    db,
    clock,
    credentials: core.backOfficeCredentials,
    guard: core.outboundGuard,
    // HTTPS connections post through the webhooks' guarded poster, signed as webhooks are.
    poster,
    mail,
  };
  const deliverBackOffice = () => {
    backOfficePass ??= runDeliveries(backOfficeDeps)
      .then(
        (sent) => sent > 0 && log.info({ sent }, 'back-office deliveries sent'),
        (error: unknown) => log.warn({ err: error }, 'back-office delivery pass failed'),
      )
      .finally(() => (backOfficePass = null));
  };
  const backOfficeSweeper = setInterval(deliverBackOffice, config.BACK_OFFICE_SWEEP_MS);

  // events: each commit is heard at once and handed to every consumer exactly once.
  const eventConsumers: EventConsumer[] = [
    // notifications: the notification centre and the emails people chose
    createNotificationConsumer({ mail, appUrl: consoleUrl(config) }),
    // webhooks: one delivery per matching endpoint
    createWebhookConsumer({
      clock,
      deliverer,
      slots: {
        expect: () => deliveryLoop?.expect(),
        free: () => deliveryLoop?.free() ?? 0,
        take: (claims, leftUnclaimed) => deliveryLoop?.take(claims, leftUnclaimed),
      },
    }),
  ];
  const eventLoop = startEventDispatchLoop({
    databaseUrl: config.DATABASE_URL,
    dispatcher: createEventDispatcher({ db, consumers: eventConsumers }),
    everyMs: config.EVENTS_SWEEP_MS,
    onError: (error) => log.warn({ err: error }, 'event dispatch failed'),
  });
  const warnTimeLimits = () =>
    warnApproachingTimeLimits({ db, clock }, warningMinutesOf(config.TIME_LIMIT_WARNINGS_MIN)).then(
      (raised) => raised > 0 && log.info({ raised }, 'time-limit warnings raised'),
      (error: unknown) => log.warn({ err: error }, 'time-limit warnings failed'),
    );

  // schedule changes: each pass carries out the consequences now due, exactly once across workers
  // (each decision is claimed under the booking's lock).
  const scheduleChanges = createScheduleChangesService(bookingDeps);
  const resolveScheduleChanges = () =>
    scheduleChanges.resolveDue().then(
      (settled) => settled > 0 && log.info({ settled }, 'schedule changes settled at their deadline'),
      (error: unknown) => log.warn({ err: error }, 'schedule change deadline pass failed'),
    );
  // ... and tells the airline the decisions it could not be reached for, until it hears them.
  const acknowledgeScheduleChanges = () =>
    scheduleChanges.retryAcknowledgements().then(
      (told) => told > 0 && log.info({ told }, 'schedule change decisions told to the airline'),
      (error: unknown) => log.warn({ err: error }, 'schedule change acknowledgement pass failed'),
    );

  // fare watch: its own loop, as a pass is paced by the airlines' reshop rates and may outlast the
  // sweep. Every worker runs one; each claims different bookings (fare-watch.repository.ts).
  const fareWatch = createFareWatchService({
    ...bookingDeps,
    pacer: createReshopPacer(core.limitStore, config.FARE_WATCH_RESHOPS_PER_SECOND),
  });
  let watchPass: Promise<unknown> | null = null;
  const runWatchPass = () => {
    watchPass ??= fareWatch
      .runPass({ limit: config.FARE_WATCH_PASS_LIMIT, perChannel: config.FARE_WATCH_PER_CHANNEL })
      .then(
        (checked) => checked > 0 && log.info({ checked }, 'fare watch pass'),
        (error: unknown) => log.warn({ err: error }, 'fare watch pass failed'),
      )
      .finally(() => (watchPass = null));
  };
  const fareWatchTimer = setInterval(runWatchPass, config.FARE_WATCH_PASS_MS);
  runWatchPass();

  const sweep = () =>
    sweepOnce({ db, clock, mail, jobs, staleAfterMs: 60_000 }).then(
      (r) => (r.requeued > 0 || r.requestLogDaysDropped.length > 0) && log.info(r, 'sweeper pass'),
      (error: unknown) => log.warn({ err: error }, 'sweep failed'),
    );
  // One pass at a time: a pass that outlasts the interval (airlines slow to answer the hold
  // expiries) is not joined by the next one. The first pass runs at start, for what a stop left.
  let pass: Promise<unknown> | null = null;
  const sweepAll = () => {
    pass ??= sweep()
      .then(sweepExports)
      .then(compactRollups)
      .then(sweepBookingWork)
      .then(warnTimeLimits)
      .then(resolveScheduleChanges)
      .then(acknowledgeScheduleChanges)
      .finally(() => (pass = null));
  };
  const sweeper = setInterval(sweepAll, 30_000);
  sweepAll();
  log.info({ backend: queues.kind }, 'worker started');

  return {
    async close() {
      clearInterval(sweeper);
      clearInterval(webhookSweeper);
      clearInterval(fareWatchTimer);
      clearInterval(backOfficeSweeper);
      await backOfficePass;
      await pass;
      await watchPass;
      await webhookSweep;
      await eventLoop.close();
      await deliveryLoop?.close();
      await core.close();
      await poster.close();
      transport.close();
    },
  };
}

const isEntry = process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isEntry) {
  try {
    const worker = await startWorker();
    let closing = false;
    const shutdown = () => {
      if (closing) return;
      closing = true;
      worker.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
