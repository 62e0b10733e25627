// Every response carries X-Request-Id, also errors and 404s; the id is in every log line too.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('X-Request-Id', request.id);
      done();
    });
  },
  { name: 'request-id' },
);
