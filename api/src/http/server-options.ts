// The options the Fastify instance is created with, shared by server.ts, tests and the benchmark
// so all three run the same server.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { LogController, type FastifyHttpOptions, type FastifyServerFactory } from 'fastify';
import type { Config } from '../config.js';

const overridable = new Set(['PUT', 'PATCH', 'DELETE']);

// Request ids: a random prefix per process and a counter, unique across processes and restarts,
// and far cheaper per request than a random UUID.
const processPrefix = `req_${randomBytes(6).toString('hex')}`;
let requestCounter = 0;
const nextRequestId = () => `${processPrefix}${(requestCounter++).toString(36).padStart(8, '0')}`;
const incomingRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * The console sends PUT, PATCH and DELETE as POST with X-HTTP-Method-Override (product spec §7).
 * Fastify routes before any hook runs, so the method is rewritten where the request enters.
 */
export const methodOverrideServerFactory: FastifyServerFactory = (handler) =>
  http.createServer((req, res) => {
    const override = req.headers['x-http-method-override'];
    if (req.method === 'POST' && typeof override === 'string' && overridable.has(override.toUpperCase())) {
      req.method = override.toUpperCase();
    }
    handler(req, res);
  });

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>) {
  return {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'],
  };
}

export function serverOptions(config: Config): FastifyHttpOptions<http.Server> {
  return {
    logger: loggerOptions(config),
    // Our access log writes one line per request (plugins/access-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    serverFactory: methodOverrideServerFactory,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && incomingRequestId.test(given) ? given : nextRequestId();
    },
  };
}
