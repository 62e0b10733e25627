// A per-IP ceiling on every request, unknown routes included, so nobody can hammer the service:
// a fixed one-minute window counted in process memory; past it, 429 with Retry-After and the
// RateLimit-* headers of the IETF draft. Hand-written because @fastify/rate-limit cost a third of
// a cheap request's throughput in `npm run bench`; finer limits (sign-in attempts) are kept in
// Redis or PostgreSQL by the features that need them.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.js';

const windowMs = 60_000;
const maxTrackedClients = 100_000;

export default fp(
  async (app: FastifyInstance, opts: { perMinute: number }) => {
    const limit = String(opts.perMinute);
    const windows = new Map<string, { count: number; resetAt: number }>();
    const sweep = setInterval(() => {
      const now = Date.now();
      for (const [ip, w] of windows) if (w.resetAt <= now) windows.delete(ip);
    }, windowMs);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));

    app.addHook('onRequest', (request, reply, done) => {
      const now = Date.now();
      let w = windows.get(request.ip);
      if (!w || w.resetAt <= now) {
        if (windows.size >= maxTrackedClients) windows.clear();
        w = { count: 0, resetAt: now + windowMs };
        windows.set(request.ip, w);
      }
      w.count++;
      if (w.count <= opts.perMinute) return done();
      // Only a refused request carries the headers: they would triple a small answer's size.
      const reset = String(Math.ceil((w.resetAt - now) / 1000));
      reply.headers({
        'ratelimit-limit': limit,
        'ratelimit-remaining': '0',
        'ratelimit-reset': reset,
        'retry-after': reset,
      });
      done(new DomainError('rate_limited', `Try again in ${reset} s.`));
    });
  },
  { name: 'rate-limit' },
);
