// Every failure leaves as the errors envelope, with the request id; unknown routes too. Server
// errors are logged in full and answered without internals.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.js';
import { envelope, toWireErrors } from '../errors.js';

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error, request, reply) => {
      const { status, errors } = toWireErrors(error);
      if (error instanceof DomainError && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.code(status).type('application/json').send(envelope(errors, request.id));
    });

    app.setNotFoundHandler(async (request) => {
      throw new DomainError(
        'route_not_found',
        `${request.method} ${request.url.split('?')[0]} is not an operation of this API.`,
      );
    });
  },
  { name: 'errors' },
);
