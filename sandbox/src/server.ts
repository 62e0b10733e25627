// Sandbox entry: its own process on its own port.
import { readFileSync } from 'node:fs';
import Fastify, { LogController } from 'fastify';
import sandboxApp from './app.js';
import { loadSandboxConfig } from './config.js';
import { listenTls } from './http/tls-listener.js';

const config = loadSandboxConfig();
const app = Fastify({
  logger: { level: config.LOG_LEVEL, name: 'sandbox' },
  logController: new LogController({ disableRequestLogging: true }),
});
await app.register(sandboxApp, {
  seed: config.SANDBOX_SEED,
  latency: config.SANDBOX_LATENCY,
  slowEmdSeconds: config.SANDBOX_SLOW_EMD_SECONDS,
  ...(config.SANDBOX_NOTIFY_URL ? { notifyUrl: config.SANDBOX_NOTIFY_URL } : {}),
  // The clock runs with real time here, so holds expire and scenario events fire on their own.
  tickIntervalMs: 1000,
  ...(config.SANDBOX_DATABASE_URL
    ? { database: { url: config.SANDBOX_DATABASE_URL, schema: config.SANDBOX_DATABASE_SCHEMA } }
    : {}),
});
if (!config.SANDBOX_DATABASE_URL) app.log.warn('no SANDBOX_DATABASE_URL or DATABASE_URL: orders live in memory only');
await app.listen({ host: config.SANDBOX_HOST, port: config.SANDBOX_PORT });
const { SANDBOX_TLS_PORT, SANDBOX_TLS_KEY_FILE, SANDBOX_TLS_CERT_FILE, SANDBOX_TLS_CA_FILE } = config;
const tls =
  SANDBOX_TLS_PORT !== undefined && SANDBOX_TLS_KEY_FILE && SANDBOX_TLS_CERT_FILE && SANDBOX_TLS_CA_FILE
    ? await listenTls(
        app,
        {
          key: readFileSync(SANDBOX_TLS_KEY_FILE, 'utf8'),
          cert: readFileSync(SANDBOX_TLS_CERT_FILE, 'utf8'),
          ca: readFileSync(SANDBOX_TLS_CA_FILE, 'utf8'),
        },
        { host: config.SANDBOX_HOST, port: SANDBOX_TLS_PORT },
      )
    : undefined;

const shutdown = () => void Promise.all([tls?.close(), app.close()]).then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
