// One access-log line per request, written when the response is done (Fastify's default writes
// two). Health probes are not logged: orchestrators call them every few seconds.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const quiet = new Set(['/healthz', '/readyz', '/api/v1/healthz', '/api/v1/readyz']);

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    app.addHook('onResponse', async (request, reply) => {
      if (quiet.has(request.url)) return;
      request.log.info(
        { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    });
  },
  { name: 'access-log' },
);
