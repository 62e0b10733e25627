// The application as a plugin: infrastructure first (ids, logging, headers, limits, errors,
// validation), then the domain-facing decorators (auth, idempotency), then routes. It never
// listens; server.ts, tests and the benchmark register it on their own Fastify instance.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import accessLog from './http/plugins/access-log.js';
import auth from './http/plugins/auth.js';
import compression from './http/plugins/compression.js';
import errors from './http/plugins/errors.js';
import idempotency from './http/plugins/idempotency.js';
import methodOverride from './http/plugins/method-override.js';
import rateLimit from './http/plugins/rate-limit.js';
import requestContext from './http/plugins/request-context.js';
import requestLog from './http/plugins/request-log.js';
import responseHeaders from './http/plugins/response-headers.js';
import staticFiles from './http/plugins/static.js';
import storableInput from './http/plugins/storable-input.js';
import validation from './http/plugins/validation.js';
import routes from './http/routes/index.js';

export default async function app(fastify: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  const config = ctx.config;

  await fastify.register(accessLog, { enabled: config.ACCESS_LOG });
  await fastify.register(responseHeaders);
  // Before compression: its onSend must see the answer's text, not its compressed bytes.
  await fastify.register(requestLog, { recorder: ctx.requestLogRecorder, clock: ctx.clock });
  // Before any route: it hooks each route as it is added.
  await fastify.register(compression);
  await fastify.register(rateLimit, {
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    store: ctx.limitStore,
    keyPrefix: config.KEY_PREFIX,
  });
  await fastify.register(errors);
  await fastify.register(methodOverride);
  await fastify.register(validation);
  await fastify.register(storableInput);
  await fastify.register(requestContext);

  await fastify.register(auth, { authenticator: ctx.auth, cookieSecure: config.COOKIE_SECURE });
  await fastify.register(idempotency, { db: ctx.db, clock: ctx.clock });

  await fastify.register(routes, { ctx });
  await fastify.register(staticFiles, {
    consoleDir: config.CONSOLE_DIR,
    docsDir: config.DOCS_DIR,
    analyticsKey: config.ANALYTICS_KEY,
    authenticator: ctx.auth,
  });
}
