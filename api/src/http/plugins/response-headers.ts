// Headers every response carries: Request-Id, and X-Request-Id for the clients that read that name
// (also on errors and 404s; the id is the `request_id` of every log line of the request), and the
// security headers, computed once and written in one hook (helmet runs a dozen middlewares per
// request, the costliest part of a cheap request in `npm run bench`). JSON answers under /api get
// OWASP's REST set, which forbids rendering or framing them at all; pages (the console, the docs)
// get helmet's full set with a CSP for our own origin. Mantine injects styles at run time, hence
// 'unsafe-inline' for styles only. A route may replace its page CSP.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    contentSecurityPolicy?: string;
  }
}

const common = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
// Browsers ignore HSTS received over plain HTTP (RFC 6797 §8.1), so it goes only with TLS.
const hsts = 'max-age=31536000; includeSubDomains';

const apiHeaders = {
  ...common,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

export const pageContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  // Product analytics and its session replay (a worker from a blob), loaded only with a configured
  // key and the visitor's consent.
  "connect-src 'self' https://*.amplitude.com",
  "worker-src 'self' blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const pageHeaders = {
  ...common,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('request-id', request.id);
      reply.header('x-request-id', request.id);
      if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
      if (request.url.startsWith('/api/')) {
        reply.headers(apiHeaders);
      } else {
        reply.headers(pageHeaders);
        reply.header(
          'content-security-policy',
          request.routeOptions.config.contentSecurityPolicy ?? pageContentSecurityPolicy,
        );
      }
      done();
    });
  },
  { name: 'response-headers' },
);
