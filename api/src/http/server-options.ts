// The options the Fastify instance is created with, shared by server.ts, tests and the benchmark
// so all three run the same server.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { LogController, type FastifyHttpOptions, type FastifyReply, type FastifyServerFactory } from 'fastify';
import type { Config } from '../config.js';
import { redactedPaths } from '../log-redaction.js';
import { DomainError, type ErrorCode } from '../domain/errors.js';
import { errorLanguage } from './error-language.js';
import { envelope, inLanguage, toWireErrors } from './errors.js';

const overridable = new Set(['PUT', 'PATCH', 'DELETE']);
/** Set on a request whose X-HTTP-Method-Override cannot be honoured; plugins/method-override refuses it. */
export const refusedOverride = Symbol('refusedOverride');

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
    if (override !== undefined) {
      // Anything but POST → PUT/PATCH/DELETE is refused, not ignored: a client that sent it
      // believes it asked for something else than what would run.
      const method = typeof override === 'string' ? override.trim().toUpperCase() : '';
      if (req.method === 'POST' && overridable.has(method)) req.method = method;
      else (req as http.IncomingMessage & { [refusedOverride]?: true })[refusedOverride] = true;
    }
    handler(req, res);
  });

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over maxHeaderSize,
 * a malformed request line or header, a timeout). They are answered in the envelope too, with a
 * request id of our own since the request's own could not be read.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code: ErrorCode =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'headers_too_large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'request_timeout'
        : 'malformed_request';
  const { status, errors } = toWireErrors(new DomainError(code));
  const id = nextRequestId();
  const body = JSON.stringify(envelope(errors, id));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nRequest-Id: ${id}\r\nX-Request-Id: ${id}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Errors the router meets before a route is chosen: a path that is not valid percent-encoding, a too-long segment. */
const frameworkErrors: NonNullable<FastifyHttpOptions<http.Server>['frameworkErrors']> = (error, request, reply) => {
  const domain =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new DomainError('uri_too_long', 'A part of the path is longer than any id.')
      : new DomainError('malformed_request', 'The path is not valid: send it as percent-encoded UTF-8.');
  const { status, errors } = toWireErrors(domain);
  // No route means none of our hooks run for this answer, so it carries its request id itself.
  void (reply as FastifyReply)
    .code(status)
    .header('request-id', request.id)
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(envelope(inLanguage(errors, errorLanguage(request)), request.id));
};

/** Credentials a request carries. */
const requestSecrets = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-csrf-token"]'];

export function loggerOptions(config: Pick<Config, 'LOG_LEVEL'>) {
  return { level: config.LOG_LEVEL, redact: [...requestSecrets, ...redactedPaths] };
}

export function serverOptions(config: Config): FastifyHttpOptions<http.Server> {
  return {
    logger: loggerOptions(config),
    // Our access log writes one line per request (plugins/access-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    serverFactory: methodOverrideServerFactory,
    clientErrorHandler,
    frameworkErrors,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    return503OnClosing: true,
    // Longer than the longest path parameter of the contract (a fare id, 160), so that the contract's
    // own limits answer 400 with the parameter named; beyond it the router answers 414.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 256 },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && incomingRequestId.test(given) ? given : nextRequestId();
    },
  };
}
