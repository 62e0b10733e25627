// The request-log benchmark's servers, in one process of their own: Contrail's whole app twice on
// one database, with the request log on and with it off (REQUEST_LOG), so the two are measured
// under the same code and machine. Prints their ports as one JSON line, then serves until killed;
// SIGTERM closes both (the logging one writes what it still buffers).
import { createWriteStream } from 'node:fs';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import app from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { createAppContext } from '../../api/src/context.js';
import { loggerOptions, serverOptions } from '../../api/src/http/server-options.js';

async function contrail(requestLog: boolean) {
  const config = loadConfig({ ...process.env, REQUEST_LOG: String(requestLog) });
  const ctx = createAppContext(config);
  const { logger: _logger, ...options } = serverOptions(config);
  const sink: FastifyBaseLogger = pino(loggerOptions(config), createWriteStream('/dev/null'));
  const fastify = Fastify({ ...options, loggerInstance: sink });
  await fastify.register(app, { ctx });
  fastify.addHook('onClose', async () => ctx.close());
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  return { fastify, port: (fastify.server.address() as { port: number }).port };
}

const [logged, unlogged] = [await contrail(true), await contrail(false)];
console.log(JSON.stringify({ logged: logged.port, unlogged: unlogged.port }));
process.on('SIGTERM', () => {
  void Promise.all([logged.fastify.close(), unlogged.fastify.close()]).then(() => process.exit(0));
});
