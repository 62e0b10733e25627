// A per-IP ceiling on every route, the 404 handler included, so nobody can hammer the service.
// Kept in process memory: it costs nothing per request. Finer limits (sign-in attempts) are kept in
// Redis or PostgreSQL by the features that need them.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.js';

export default fp(
  async (app: FastifyInstance, opts: { perMinute: number }) => {
    await app.register(rateLimit, {
      global: true,
      max: opts.perMinute,
      timeWindow: 60_000,
      enableDraftSpec: true,
      errorResponseBuilder: (_request, context) =>
        Object.assign(new DomainError('rate_limited', `Try again in ${Math.ceil(context.ttl / 1000)} s.`), {
          statusCode: 429,
        }),
    });
  },
  { name: 'rate-limit' },
);
