// The environment, described once, checked once at boot with every problem listed together, then
// frozen and handed to whatever needs it. Nothing else reads process.env.
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';

const ConfigSchema = Type.Object({
  HOST: Type.String({ default: '127.0.0.1' }),
  PORT: Type.Integer({ default: 3000, minimum: 0, maximum: 65535 }),
  DATABASE_URL: Type.String({ minLength: 1, pattern: '^postgres(ql)?://' }),
  DATABASE_POOL_SIZE: Type.Integer({ default: 10, minimum: 1, maximum: 200 }),
  // How long a statement may wait for one of those connections (or for one to open). A burst on one
  // resource (200 issues against one company balance) queues for its turn and must not fail:
  // longer than any such queue, shorter than the server's 30 s request timeout.
  DATABASE_POOL_WAIT_MS: Type.Integer({ default: 20_000, minimum: 1_000, maximum: 29_000 }),
  // Empty means no Redis: BullMQ then runs on its PostgreSQL backend, in DATABASE_URL.
  REDIS_URL: Type.String({ default: '', pattern: '^(redis://.*)?$' }),
  // Queues and Redis keys of two deployments (or test runs) sharing one Redis stay apart by prefix.
  KEY_PREFIX: Type.String({ default: 'contrail', pattern: '^[a-z0-9-]+$' }),
  SANDBOX_URL: Type.String({ default: 'http://127.0.0.1:4010', pattern: '^https?://' }),
  // The wire the sandbox airlines are spoken to in: their NDC-shaped JSON, or IATA NDC 21.3 XML
  // (their /ndc-xml/21.3 routes, through the ndc-xml adapter).
  SANDBOX_WIRE: Type.Union([Type.Literal('json'), Type.Literal('ndc-xml')], { default: 'json' }),
  // One deadline for a whole search across airlines; late airlines are reported, not waited for.
  SEARCH_DEADLINE_MS: Type.Integer({ default: 8_000, minimum: 100, maximum: 60_000 }),
  // Deadline of one airline call outside search (pricing, ancillaries).
  AIRLINE_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100, maximum: 120_000 }),
  // Empty means no SMTP: mail lands in the outbox table that staff can read.
  SMTP_URL: Type.String({ default: '', pattern: '^(smtps?://.*)?$' }),
  MAIL_FROM: Type.String({ default: 'Contrail <no-reply@contrail.example>' }),
  // SMS and voice codes: an SMS API of Twilio's shape at SMS_API_URL (e.g. https://api.twilio.com),
  // with the account SID, auth token and sending number; empty means they stay in the outbox.
  SMS_API_URL: Type.String({ default: '', pattern: '^(https?://.*)?$' }),
  SMS_ACCOUNT_SID: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$', maxLength: 64 }),
  SMS_AUTH_TOKEN: Type.String({ default: '', maxLength: 256 }),
  SMS_FROM: Type.String({ default: '', maxLength: 32 }),
  SMS_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100, maximum: 60_000 }),
  // Keys the one-time codes' hashes; at least 32 characters, kept secret, the same on every instance.
  SECRET_KEY: Type.String({ minLength: 32 }),
  LOG_LEVEL: Type.Union(
    ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
    { default: 'info' },
  ),
  // One access-log line per request; an operator wants it, and it is measured in `npm run bench`.
  ACCESS_LOG: Type.Boolean({ default: true }),
  RATE_LIMIT_PER_MINUTE: Type.Integer({ default: 1200, minimum: 1 }),
  // The request log (GET /request_logs): every call of a signed-in caller, written in batches off
  // the request path every REQUEST_LOG_FLUSH_MS; at most REQUEST_LOG_BUFFER calls wait in memory
  // (while PostgreSQL is away, newer calls beyond it are not logged). `npm run bench:request-log`
  // measures its cost with it off and on. A COPY costs its backend about 0.5 ms whatever its rows
  // (opening the day's partition and its indexes, on caches the requests have since cooled): once a
  // second rather than four times, the rows of a busy second cost the log writer about 3 µs less
  // each (28 -> 24 µs a row, 100 rows a COPY against 500), for calls shown a second later at most.
  REQUEST_LOG: Type.Boolean({ default: true }),
  REQUEST_LOG_FLUSH_MS: Type.Integer({ default: 1_000, minimum: 10, maximum: 10_000 }),
  REQUEST_LOG_BUFFER: Type.Integer({ default: 20_000, minimum: 100, maximum: 1_000_000 }),
  // Relative to the repository root (repository-root.ts) wherever the process started, as DOCS_DIR.
  CONSOLE_DIR: Type.String({ default: 'console/dist' }),
  // Product analytics (Amplitude): the key the pages are given; empty, nothing loads. Pages load
  // it only after the visitor accepts cookies.
  ANALYTICS_KEY: Type.String({ default: '', pattern: '^[A-Za-z0-9_-]*$' }),
  DOCS_DIR: Type.String({ default: 'dist/docs' }),
  // Behind a TLS-terminating proxy: trust its X-Forwarded-For and X-Forwarded-Proto. Off, a
  // forwarded header is ignored (anyone could send one).
  TRUST_PROXY: Type.Boolean({ default: false }),
  // Cookies' Secure attribute: `auto` when the request came over HTTPS (directly, or through a
  // trusted proxy), `always` forces it (a proxy that does not forward the scheme), `never` omits it.
  COOKIE_SECURE: Type.Union([Type.Literal('auto'), Type.Literal('always'), Type.Literal('never')], { default: 'auto' }),
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 0 }),
  // marketing: where demo requests from the airlines page are mailed.
  SALES_INBOX: Type.String({ default: 'sales@contrail.example', minLength: 3 }),
  // Sales: the largest XLSX report answered at once; larger ones are built by the worker and mailed.
  SALES_EXPORT_SYNC_LIMIT: Type.Integer({ default: 20_000, minimum: 1, maximum: 1_000_000 }),
  // bookings: where airlines reach this API (their order change notifications). Empty means
  // http://127.0.0.1:<PORT>, which only a sandbox on the same machine can reach.
  PUBLIC_API_URL: Type.String({ default: '', pattern: '^(https?://[^?#]*[^/?#])?$' }),
  // notifications: where people open the console, for the links in notification emails. Empty
  // means PUBLIC_API_URL (the API serves the console), else http://127.0.0.1:<PORT>.
  PUBLIC_APP_URL: Type.String({ default: '', pattern: '^(https?://[^?#]*[^/?#])?$' }),
  // bookings: an EMD job's claim older than this is taken to be dead (its worker was killed).
  EMD_CLAIM_LEASE_MS: Type.Integer({ default: 120_000, minimum: 1_000 }),
  // Tests only (0 = off): the EMD job waits this long after the airline answered and before it
  // records the answer, so a test can kill the worker in between.
  EMD_JOB_TEST_DELAY_MS: Type.Integer({ default: 0, minimum: 0, maximum: 600_000 }),
  // bookings: how often the reconciler runs, and how long an airline intent may stay pending before
  // it is taken to be stranded (its process died or deadlocked); longer than any airline call.
  RECONCILE_EVERY_MS: Type.Integer({ default: 30_000, minimum: 1_000 }),
  INTENT_STALE_MS: Type.Integer({ default: 120_000, minimum: 0 }),
  // events: the worker hears of each commit at once (LISTEN, the NOTIFY sent right after the commit);
  // this pass catches what it did not hear, so a wake-up lost between a commit and its NOTIFY (the
  // API process died there) or while the listener reconnects delays dispatch by at most this long.
  EVENTS_SWEEP_MS: Type.Integer({ default: 2_000, minimum: 100 }),
  // the event stream (GET /events/stream): how often an open stream looks for new events, and how
  // often it sends a heartbeat comment so that proxies keep an idle stream open.
  EVENT_STREAM_POLL_MS: Type.Integer({ default: 500, minimum: 50 }),
  EVENT_STREAM_HEARTBEAT_MS: Type.Integer({ default: 15_000, minimum: 100 }),
  // How long before a held booking's time limit `booking.time_limit_approaching` is raised, in minutes.
  TIME_LIMIT_WARNINGS_MIN: Type.String({ default: '1440,120', pattern: '^\\d{1,5}(,\\d{1,5})*$' }),
  // webhooks: addresses the SSRF guard lets deliveries reach although they are loopback, private or
  // link-local (comma-separated CIDR blocks; empty: none). `npm start` allows 127.0.0.0/8 locally.
  WEBHOOK_ALLOW_CIDRS: Type.String({ default: '', pattern: '^[0-9a-fA-F:./, ]*$' }),
  // webhooks: the wait before each attempt, after the previous one failed (ms; the Standard Webhooks
  // schedule: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). Tests shorten it.
  WEBHOOK_RETRY_SCHEDULE_MS: Type.String({
    default: '0,5000,300000,1800000,7200000,18000000,36000000,36000000',
    pattern: '^\\d{1,9}(,\\d{1,9}){0,19}$',
  }),
  WEBHOOK_TIMEOUT_MS: Type.Integer({ default: 15_000, minimum: 100, maximum: 60_000 }),
  // An endpoint whose every attempt failed for this long is switched off (default 5 days).
  WEBHOOK_DISABLE_AFTER_MS: Type.Integer({ default: 5 * 24 * 3600 * 1000, minimum: 0 }),
  // How often the worker looks for deliveries whose job was lost (Redis restarted, a worker killed).
  WEBHOOK_SWEEP_MS: Type.Integer({ default: 5_000, minimum: 100 }),
  // A pending delivery due this long ago that no worker holds is taken to be lost (longer than a
  // busy queue's wait, so a backlog is not enqueued twice).
  WEBHOOK_LOST_AFTER_MS: Type.Integer({ default: 30_000, minimum: 100 }),
  // webhooks: how many attempts a worker's delivery loop keeps in flight at once (its HTTP agent keeps
  // as many connections), and how often the loop looks for deliveries due that nothing woke it for
  // (a retry falling due, a dead worker's claim run out, another worker's fan-out).
  WEBHOOK_CONCURRENCY: Type.Integer({ default: 50, minimum: 1, maximum: 500 }),
  // fare watch: reshop calls per second per channel, shared by every worker (look-to-book: airlines
  // charge for searches that do not book); how often the worker runs a watch pass, how many due
  // bookings a pass takes, and how many checks per channel it keeps in flight (the rate paces them;
  // to reach it, at least the rate times one check's airline time: 5/s x up to 3 s, and more when the
  // machine is busy).
  FARE_WATCH_RESHOPS_PER_SECOND: Type.Number({ default: 5, minimum: 0.1, maximum: 100 }),
  FARE_WATCH_PASS_MS: Type.Integer({ default: 60_000, minimum: 1_000 }),
  FARE_WATCH_PASS_LIMIT: Type.Integer({ default: 2_000, minimum: 1, maximum: 100_000 }),
  FARE_WATCH_PER_CHANNEL: Type.Integer({ default: 20, minimum: 1, maximum: 100 }),
  WEBHOOK_POLL_MS: Type.Integer({ default: 1_000, minimum: 50 }),
  // back-office feed: how often the worker cuts the batches that are due and sends what is due (ms).
  // SFTP hosts go through the same SSRF guard as webhooks (WEBHOOK_ALLOW_CIDRS).
  BACK_OFFICE_SWEEP_MS: Type.Integer({ default: 15_000, minimum: 100 }),
  // the admin assistant: an OpenAI-compatible chat-completions server (vLLM, llama.cpp, Ollama…) and
  // its model. Empty URL: the offline rules planner answers. The model only proposes; a person
  // confirms every change (POST /admin_panel/execute).
  ASSISTANT_MODEL_URL: Type.String({ default: '', pattern: '^(https?://[^?#]*[^/?#])?$' }),
  ASSISTANT_MODEL: Type.String({ default: '', maxLength: 200 }),
  ASSISTANT_MODEL_KEY: Type.String({ default: '' }),
  // One ask's whole conversation with the model, tool calls included, at most this long (ms).
  ASSISTANT_MODEL_TIMEOUT_MS: Type.Integer({ default: 20_000, minimum: 100, maximum: 120_000 }),
});

export type Config = Readonly<Static<typeof ConfigSchema>>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse the environment (or any record of strings); throws ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(ConfigSchema.properties)) {
    const value = env[key];
    if (value !== undefined) raw[key] = value;
  }
  const value = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, raw));
  const problems = [...Value.Errors(ConfigSchema, value)].map((e) => describe(e.instancePath, e.message, e.params));
  const settings = value as Record<string, unknown>;
  // An SMS API needs whom to sign in as and what to send from, or every code would fail at send time.
  if (settings.SMS_API_URL)
    for (const key of ['SMS_ACCOUNT_SID', 'SMS_AUTH_TOKEN', 'SMS_FROM'])
      if (!settings[key]) problems.push(`${key}: is required when SMS_API_URL is set`);
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(value as Static<typeof ConfigSchema>);
}

function describe(instancePath: string, message: string, params: unknown): string {
  const missing = (params as { requiredProperties?: string[] } | undefined)?.requiredProperties;
  if (missing) return `${missing.join(', ')}: is required`;
  return `${instancePath.replace(/^\//, '')}: ${message}`;
}

/** The webhook retry schedule: the wait before attempt n+1, in ms. */
export const webhookScheduleOf = (value: string): number[] => value.split(',').map(Number);

/**
 * Where an airline pushes a channel's order changes (OrderChangeNotif), given the channel's key;
 * null when airlines cannot reach this API (an ephemeral port and no PUBLIC_API_URL).
 */
export function airlineNotificationsUrl(
  config: Pick<Config, 'PUBLIC_API_URL' | 'PORT'>,
): ((channelId: string, key: string) => string) | null {
  const base = config.PUBLIC_API_URL || (config.PORT === 0 ? null : `http://127.0.0.1:${config.PORT}`);
  if (!base) return null;
  return (channelId, key) => `${base}/api/v1/airline_notifications/${encodeURIComponent(channelId)}?key=${key}`;
}

/** Where people open the console (links in notification emails), without a trailing slash. */
export function consoleUrl(config: Pick<Config, 'PUBLIC_APP_URL' | 'PUBLIC_API_URL' | 'PORT'>): string {
  return config.PUBLIC_APP_URL || config.PUBLIC_API_URL || `http://127.0.0.1:${config.PORT || 3000}`;
}
