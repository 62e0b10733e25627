// X-HTTP-Method-Override is honoured where the request enters (server-options.ts); here, before
// authentication or routing decide anything, an override that could not be honoured is refused, so
// that a client never believes a POST or GET did what it asked another method to do.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.js';
import { refusedOverride } from '../server-options.js';

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if ((request.raw as { [refusedOverride]?: true })[refusedOverride]) {
        throw new DomainError(
          'method_override_invalid',
          `${request.method} with X-HTTP-Method-Override: ${String(request.headers['x-http-method-override']).slice(0, 20)} cannot be honoured.`,
          { parameter: 'X-HTTP-Method-Override' },
        );
      }
    });
  },
  { name: 'method-override' },
);
