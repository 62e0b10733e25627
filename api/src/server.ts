// HTTP entry: configuration → context → app → listen; on SIGTERM/SIGINT stop taking requests,
// finish those in flight, then close the database and queues.
import Fastify from 'fastify';
import app from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createAppContext } from './context.js';
import { serverOptions } from './http/server-options.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const ctx = createAppContext(config);
  const fastify = Fastify(serverOptions(config));
  await fastify.register(app, { ctx });
  fastify.addHook('onClose', async () => ctx.close());
  await fastify.listen({ host: config.HOST, port: config.PORT });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    fastify.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      fastify.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    fastify.close().then(
      () => process.exit(0),
      (error: unknown) => {
        fastify.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
