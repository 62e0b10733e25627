// Hands every finished /api/v1 call of a known caller to the request log (domain/request-log).
// It hands the call over as it is (bodies by reference); the recorder redacts it and writes it as
// a row of its next batch's COPY data (request-log-recorder.ts). The response's text is taken in
// onSend, registered before any route so it runs before the routes' own onSend hooks (compression
// turns it to bytes).
// Which surface made the call: a console session's calls are `console`; the developer workspace
// marks its calls with `Contrail-Source: workspace` (whatever the credential); any other is `api`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../domain/clock.js';
import type { RequestLogRecorder } from '../../domain/request-log/request-log-recorder.js';

export const sourceHeader = 'contrail-source';
/** The request headers the log keeps: what a developer debugging a call asks about, no credential. */
const keptHeaders = ['content-type', 'user-agent', 'accept-language', sourceHeader, 'x-http-method-override'] as const;
const responseText = Symbol('responseText');

declare module 'fastify' {
  interface FastifyRequest {
    [responseText]?: string;
  }
}

// Reading the log is not logged: a screen paging through it would otherwise fill it with itself.
const logged = (request: FastifyRequest) =>
  request.url.startsWith('/api/v1/') && !request.url.startsWith('/api/v1/request_logs');

/**
 * `/api/v1/bookings/:locator` → `/api/v1/bookings/{locator}`, as the contract writes it; kept per
 * route (the routes are a fixed set), so that a call costs a lookup rather than a rewrite.
 */
const templates = new Map<string, string>();
function routeTemplate(url: string | undefined): string | null {
  if (!url) return null;
  let template = templates.get(url);
  if (template === undefined) templates.set(url, (template = url.replace(/:(\w+)/g, '{$1}')));
  return template;
}

export default fp(
  async (app: FastifyInstance, opts: { recorder: RequestLogRecorder | null; clock: Clock }) => {
    const recorder = opts.recorder;
    if (!recorder) return;
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload === 'string' && logged(request) && isJson(reply)) request[responseText] = payload;
      done(null, payload);
    });
    app.addHook('onResponse', (request, reply, done) => {
      const principal = request.principal;
      if (!principal || !logged(request)) return done();
      const headers: Record<string, string> = {};
      for (const name of keptHeaders) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value.slice(0, 300);
      }
      const key = request.headers['idempotency-key'];
      const token = principal.via.kind === 'token' ? principal.via : null;
      const elapsed = reply.elapsedTime;
      recorder.record({
        request_id: request.id,
        created_at: new Date(opts.clock.now().getTime() - elapsed),
        agency_id: principal.agencyId,
        account_id: principal.accountId,
        credential: principal.via.kind,
        token_id: token?.tokenId ?? null,
        mode: token?.mode ?? null,
        source: headers[sourceHeader] === 'workspace' ? 'workspace' : token ? 'api' : 'console',
        method: request.method,
        route: routeTemplate(request.routeOptions.url),
        path: request.url.slice(0, 2_000),
        status: reply.statusCode,
        duration_ms: elapsed,
        idempotency_key: typeof key === 'string' ? key.slice(0, 255) : null,
        replayed: reply.getHeader('idempotency-replayed') === 'true',
        headers,
        requestBody: request.body ?? undefined,
        responseText: request[responseText] ?? null,
      });
      done();
    });
  },
  { name: 'request-log' },
);

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && type.includes('json');
}
