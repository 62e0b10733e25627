// The console build under /packs/ (product spec §9) with its SPA routes, the marketing pages, and
// the offline API docs at /docs. When a build is missing the route says how to make it instead of
// failing obscurely.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticator } from '../../domain/auth/authenticator.js';
import { DomainError } from '../../domain/errors.js';
import { cookieOf, csrfCookie, sessionCookie } from '../cookies.js';
import { loadMarketingPages } from './marketing-pages.js';

// marketing (issue #8): `/` is the agency home for visitors and the back office for the signed-in.
export const marketingRoutes = ['/', '/:language', '/:language/:page'];

// landing: the neo-flights landing page
export const landingRoute = '/neo-flights';
const landingContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' https://www.youtube.com https://s.ytimg.com",
  'frame-src https://www.youtube-nocookie.com https://www.youtube.com',
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https://i.ytimg.com",
  "connect-src 'self' https://*.amplitude.com",
  "worker-src 'self' blob:",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
export const consoleRoutes = [
  '/sign_in',
  '/onboarding',
  '/settings',
  '/settings/api_tokens',
  // flight search
  '/search',
  // bookings (issue #5)
  '/bookings',
  // back office (issue #6)
  '/admin/partners',
  '/admin/partner',
  '/admin/companies',
  '/admin/company',
  '/admin/join_requests',
  '/admin/support_users',
  '/admin/gates',
  '/admin/credit_cards',
  '/admin/exchange_rates',
  '/admin/audit_log',
  '/agency',
  // Sales and analytics
  '/sales',
  '/analytics',
];

export default fp(
  async (app: FastifyInstance, opts: { consoleDir: string; docsDir: string; authenticator: Authenticator }) => {
    const consoleDir = path.resolve(opts.consoleDir);
    const indexFile = path.join(consoleDir, 'index.html');
    const consoleIndex = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

    if (consoleIndex !== null) {
      await app.register(fastifyStatic, {
        root: consoleDir,
        prefix: '/packs/',
        index: false,
        wildcard: true,
        decorateReply: false,
        // marketing (issue #8): the prerendered pages are served at their own paths, never as assets.
        allowedPath: (pathName) => !pathName.startsWith('/marketing/'),
        // Vite names assets by content hash, so they never change under one name.
        setHeaders: (reply, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`))
            reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      });
    }
    const sendConsole = async (_request: unknown, reply: FastifyReply) => {
      if (consoleIndex === null)
        throw new DomainError('service_unavailable', 'The console is not built: run `npm run build`.');
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(consoleIndex);
    };
    for (const url of consoleRoutes) app.get(url, sendConsole);

    // marketing (issue #8)
    const marketing = loadMarketingPages(consoleDir);
    const sendPage = (reply: FastifyReply, html: string | undefined, language: string) => {
      if (html === undefined) throw new DomainError('route_not_found', 'There is no such page.');
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

    // landing: the neo-flights landing page, its own light build (console/landing.html). Its CSP also
    // lets in the video provider's player (script and privacy-enhanced frame) and the analytics
    // vendor (events and session replay), which load only when the page calls for them.
    const landingFile = path.join(consoleDir, 'landing.html');
    const landingPage = existsSync(landingFile) ? readFileSync(landingFile, 'utf8') : null;
    app.get(
      landingRoute,
      { config: { contentSecurityPolicy: landingContentSecurityPolicy } },
      async (_request, reply) => {
        if (landingPage === null)
          throw new DomainError('service_unavailable', 'The landing page is not built: run `npm run build`.');
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(landingPage);
      },
    );

    const docsFile = path.join(path.resolve(opts.docsDir), 'index.html');
    const docs = existsSync(docsFile) ? readFileSync(docsFile, 'utf8') : null;
    app.get(
      '/docs',
      {
        // Redoc's standalone page runs inline scripts and web workers from blobs.
        config: {
          contentSecurityPolicy:
            "default-src 'self'; script-src 'self' 'unsafe-inline' blob:; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
        },
      },
      async (_request, reply) => {
        if (docs === null)
          throw new DomainError('service_unavailable', 'The API docs are not built: run `npm run build`.');
        return reply.type('text/html; charset=utf-8').send(docs);
      },
    );
  },
  { name: 'static', dependencies: ['response-headers'] },
);
