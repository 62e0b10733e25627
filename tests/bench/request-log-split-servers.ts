// The request-log split bench's servers (request-log-split.ts), in one process of their own:
// Contrail's whole app four times on one database, each a step further into the request log, so
// that what each step adds to a request's CPU can be told apart. Prints their ports as one JSON line,
// then serves until killed.
// - off: REQUEST_LOG off (no hooks, no recorder);
// - hooks: the plugin's hooks, handing each call to a recorder that drops it;
// - encode: the recorder encoding each call as it does, its batches answered at once (a Kysely
//   executor that runs no statement), so no COPY leaves the process;
// - on: the request log as it runs.
import { createWriteStream } from 'node:fs';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Db } from '../../api/src/db/database.js';
import pino from 'pino';
import app from '../../api/src/app.js';
import { loadConfig } from '../../api/src/config.js';
import { createAppContext } from '../../api/src/context.js';
import {
  createRequestLogRecorder,
  type RequestLogRecorder,
} from '../../api/src/domain/request-log/request-log-recorder.js';
import { loggerOptions, serverOptions } from '../../api/src/http/server-options.js';

const steps = ['off', 'hooks', 'encode', 'on'] as const;
type Step = (typeof steps)[number];

const dropping: RequestLogRecorder = {
  record: () => undefined,
  flush: async () => undefined,
  close: async () => undefined,
  stats: () => ({ buffered: 0, bufferedBytes: 0, dropped: 0, written: 0 }),
};
/** Enough of a Kysely instance for `copyIn`: every statement answered with no rows, nothing sent. */
const answersAtOnce = {
  getExecutor: () => ({
    transformQuery: (node: unknown) => node,
    compileQuery: () => ({ sql: '', parameters: [], query: {} }),
    executeQuery: async () => ({ rows: [] }),
  }),
} as unknown as Db;

async function contrail(step: Step) {
  const config = loadConfig({ ...process.env, REQUEST_LOG: String(step !== 'off') });
  const ctx = createAppContext(config);
  if (step === 'hooks') ctx.requestLogRecorder = dropping;
  if (step === 'encode') {
    ctx.requestLogRecorder = createRequestLogRecorder({
      db: answersAtOnce,
      flushMs: config.REQUEST_LOG_FLUSH_MS,
      maxBuffered: config.REQUEST_LOG_BUFFER,
    });
  }
  const { logger: _logger, ...options } = serverOptions(config);
  const sink: FastifyBaseLogger = pino(loggerOptions(config), createWriteStream('/dev/null'));
  const fastify = Fastify({ ...options, loggerInstance: sink });
  await fastify.register(app, { ctx });
  await fastify.listen({ host: '127.0.0.1', port: 0 });
  return (fastify.server.address() as { port: number }).port;
}

const ports: Partial<Record<Step, number>> = {};
for (const step of steps) ports[step] = await contrail(step);
console.log(JSON.stringify(ports));
process.on('SIGTERM', () => process.exit(0));
