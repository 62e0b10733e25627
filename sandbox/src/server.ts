// Sandbox entry: its own process on its own port.
import Fastify, { LogController } from 'fastify';
import sandboxApp from './app.js';
import { loadSandboxConfig } from './config.js';

const config = loadSandboxConfig();
const app = Fastify({
  logger: { level: config.LOG_LEVEL, name: 'sandbox' },
  logController: new LogController({ disableRequestLogging: true }),
});
await app.register(sandboxApp, { seed: config.SANDBOX_SEED, latency: config.SANDBOX_LATENCY });
await app.listen({ host: config.SANDBOX_HOST, port: config.SANDBOX_PORT });

const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
