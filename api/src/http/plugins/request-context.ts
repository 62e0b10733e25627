// Each request's id and Idempotency-Key, for the events its changes raise (domain/events/
// request-context.ts). Opened at preValidation, after the body is read: a scope opened earlier is
// lost across the body stream's callbacks, and everything that changes anything runs after this.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runInRequest } from '../../domain/events/request-context.js';

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      const key = request.headers['idempotency-key'];
      runInRequest({ id: request.id, idempotencyKey: typeof key === 'string' ? key : null }, done);
    });
  },
  { name: 'request-context' },
);
