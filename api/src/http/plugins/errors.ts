// Every failure leaves as the errors envelope, with the request id; unknown routes too, except
// where a person asked for a page: a browser opening /de or /no/such/page gets the console's
// not-found page (status 404), not JSON. Server errors are logged in full and answered without
// internals.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.js';
import { errorLanguage } from '../error-language.js';
import { envelope, inLanguage, toWireErrors } from '../errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The not-found page for browsers (static.ts decorates it when the console is built). */
    notFoundPage?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}

/** A browser navigating to a page: a GET outside the API and the assets that accepts HTML. */
export function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.url.startsWith('/api/') || request.url.startsWith('/packs/')) return false;
  return /text\/html/.test(request.headers.accept ?? '');
}

export default fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(async (error, request, reply) => {
      const { status, errors } = toWireErrors(error);
      if (error instanceof DomainError && error.retryAfterSeconds !== undefined) {
        reply.header('retry-after', String(error.retryAfterSeconds));
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      const language = errorLanguage(request);
      return reply
        .code(status)
        .type('application/json')
        .header('content-language', language === 'ua' ? 'uk' : language)
        .send(envelope(inLanguage(errors, language), request.id));
    });

    app.setNotFoundHandler(async (request, reply) => {
      if (app.notFoundPage && wantsPage(request)) return app.notFoundPage(request, reply);
      throw new DomainError(
        'route_not_found',
        `${request.method} ${request.url.split('?')[0]} is not an operation of this API.`,
      );
    });
  },
  { name: 'errors' },
);
