// One access-log line per request, written when the response is done (Fastify's default writes
// two).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance, opts: { enabled: boolean }) => {
    if (!opts.enabled) return;
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
      done();
    });
  },
  { name: 'access-log' },
);
