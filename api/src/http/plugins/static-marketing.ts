// The marketing pages, prerendered per language (marketing-pages.ts loads them), at `/`, `/:language`
// and `/:language/:page`. `/` is the agency home for visitors and the back office for the signed-in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../domain/auth/authenticator.js';
import { DomainError } from '../../domain/errors.js';
import { cookieOf, csrfCookie, sessionCookie } from '../cookies.js';
import { wantsPage } from './errors.js';
import { loadMarketingPages } from './marketing-pages.js';
import type { SendConsole } from './static-console.js';

export const marketingRoutes = ['/', '/:language', '/:language/:page'];

export function registerMarketing(
  app: FastifyInstance,
  opts: {
    consoleDir: string;
    authenticator: Authenticator;
    sendConsole: SendConsole;
    withKey?: (html: string) => string;
  },
): void {
  const { sendConsole } = opts;
  const marketing = loadMarketingPages(opts.consoleDir, opts.withKey);
  const sendPage = (reply: FastifyReply, html: string | undefined, language: string) => {
    if (html === undefined) {
      // /de, /en/no-such-page: a browser gets the not-found page, anything else the envelope.
      if (app.notFoundPage && wantsPage(reply.request)) return app.notFoundPage(reply.request, reply);
      throw new DomainError('route_not_found', 'There is no such page.');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Content-Language', language === 'ua' ? 'uk' : language)
      .send(html);
  };
  // Decided on the server, so nobody sees the wrong page flash first: a live session (its cookie
  // and the CSRF cookie the browser sends with it) gets the back office, anyone else the agency
  // home in the language the browser prefers.
  const signedIn = async (request: FastifyRequest): Promise<boolean> => {
    const session = cookieOf(request, sessionCookie);
    if (!session) return false;
    return opts.authenticator.session(session, cookieOf(request, csrfCookie)).then(
      () => true,
      () => false,
    );
  };
  app.get('/', async (request, reply) => {
    reply.header('Vary', 'Cookie, Accept-Language');
    if (await signedIn(request)) return sendConsole(request, reply);
    const language = marketing.preferredLanguage(request);
    return sendPage(reply, marketing.render(request, language, ''), language);
  });
  app.get<{ Params: { language: string } }>('/:language', async (request, reply) =>
    sendPage(reply, marketing.render(request, request.params.language, ''), request.params.language),
  );
  app.get<{ Params: { language: string; page: string } }>('/:language/:page', async (request, reply) =>
    sendPage(reply, marketing.render(request, request.params.language, request.params.page), request.params.language),
  );
}
