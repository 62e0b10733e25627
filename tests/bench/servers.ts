// The benchmark's servers, in one process of their own so the load generator does not share
// their event loop: bare Fastify, bare Fastify with our logging, and Contrail's whole app. Prints
// their ports as one JSON line on stdout, then serves until killed.
import { createWriteStream } from 'node:fs';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import app from '../../api/src/app.js';
import accessLog from '../../api/src/http/plugins/access-log.js';
import { loadConfig } from '../../api/src/config.js';
import { createAppContext } from '../../api/src/context.js';
import { loggerOptions, serverOptions } from '../../api/src/http/server-options.js';

const config = loadConfig();
// Every server logs exactly as production does, into /dev/null rather than the terminal.
const sink = (): FastifyBaseLogger => pino(loggerOptions(config), createWriteStream('/dev/null'));

const healthSchema = {
  response: { 200: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] } },
};

async function bare(withLogging: boolean): Promise<number> {
  const fastify = Fastify(
    withLogging
      ? { loggerInstance: sink(), logController: new LogController({ disableRequestLogging: true }) }
      : { logger: false },
  );
  // Our logging: the same pino options and our access-log plugin's one line per request.
  if (withLogging) await fastify.register(accessLog, { enabled: true });
  fastify.get('/hello', { schema: healthSchema }, async () => ({ status: 'ok' }));
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  return (fastify.server.address() as { port: number }).port;
}

/** Bare Fastify with our logging and one primary-key read through a pg pool of the API's size. */
async function bareWithPostgres(): Promise<number> {
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE });
  const fastify = Fastify({
    loggerInstance: sink(),
    logController: new LogController({ disableRequestLogging: true }),
  });
  await fastify.register(accessLog, { enabled: true });
  fastify.get('/account', async () => {
    const { rows } = await pool.query('SELECT id, email, first_name, last_name FROM accounts WHERE id = $1', [
      'acc_demo_admin',
    ]);
    return rows[0] as unknown;
  });
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  return (fastify.server.address() as { port: number }).port;
}

async function contrail(): Promise<number> {
  const ctx = createAppContext(config);
  const { logger: _logger, ...options } = serverOptions(config);
  const fastify = Fastify({ ...options, loggerInstance: sink() });
  await fastify.register(app, { ctx });
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  return (fastify.server.address() as { port: number }).port;
}

const ports = {
  bare: await bare(false),
  bareLogged: await bare(true),
  barePostgres: await bareWithPostgres(),
  contrail: await contrail(),
};
process.stdout.write(`${JSON.stringify(ports)}\n`);
process.on('SIGTERM', () => process.exit(0));
