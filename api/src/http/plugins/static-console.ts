// The console build under /packs/ (product spec §9) and its SPA routes, each answered with the
// build's index.html. When the build is missing, a route says how to make it instead of failing
// obscurely. The page preloads the texts of the language the console will start in (the one the
// reader chose on this browser, mirrored into a cookie, else English): the first paint waits for
// them, and without the hint the browser would find them only after running the entry script.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { cookieOf, languageCookie } from '../cookies.js';

export const consoleRoutes = [
  '/sign_in',
  '/onboarding',
  '/settings',
  '/settings/api_tokens',
  '/settings/webhooks',
  '/settings/events',
  '/settings/back_office',
  // flight search
  '/search',
  // bookings
  '/bookings',
  // back office
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
  // notifications
  '/action_required',
  // fare watch
  '/fare_watch',
  '/settings/fare_watch',
];

/** The console's default language, the one it starts in when the reader has chosen none. */
const defaultLanguage = 'en';

/**
 * The page once per language, each with a `modulepreload` of that language's texts chunk, found in
 * Vite's build manifest (`src/locales/<language>.json`). Without a manifest the page is unchanged.
 */
export function pagesByLanguage(consoleDir: string, html: string): Map<string, string> {
  const manifestFile = path.join(consoleDir, '.vite', 'manifest.json');
  const pages = new Map<string, string>();
  if (!existsSync(manifestFile)) return pages;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, { file: string }>;
  for (const [source, chunk] of Object.entries(manifest)) {
    const language = /^src\/locales\/([a-z]{2})\.json$/.exec(source)?.[1];
    if (language === undefined) continue;
    const preload = `<link rel="modulepreload" crossorigin href="/packs/${chunk.file}">`;
    pages.set(language, html.replace('</head>', `    ${preload}\n  </head>`));
  }
  return pages;
}

/** Answers with the console's page (the SPA decides the screen from the URL). */
export type SendConsole = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export async function registerConsole(
  app: FastifyInstance,
  consoleDir: string,
  withKey: (html: string) => string = (html) => html,
): Promise<SendConsole> {
  const indexFile = path.join(consoleDir, 'index.html');
  const consoleIndex = existsSync(indexFile) ? withKey(readFileSync(indexFile, 'utf8')) : null;
  const pages = consoleIndex === null ? new Map<string, string>() : pagesByLanguage(consoleDir, consoleIndex);
  const pageFor = (request: FastifyRequest): string | null =>
    pages.get(cookieOf(request, languageCookie) ?? defaultLanguage) ?? pages.get(defaultLanguage) ?? consoleIndex;

  if (consoleIndex !== null) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: '/packs/',
      index: false,
      wildcard: true,
      decorateReply: false,
      // The build wrote a .br and a .gz beside each text asset (console/src/build/precompress.plugin.ts).
      preCompressed: true,
      // marketing: the prerendered pages are served at their own paths, never as assets; the build
      // manifest (.vite/) is read by this server only.
      allowedPath: (pathName) => !pathName.startsWith('/marketing/') && !pathName.startsWith('/.vite/'),
      // Vite names assets by content hash, so they never change under one name.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const sendConsole: SendConsole = async (request, reply) => {
    if (consoleIndex === null)
      throw new DomainError('service_unavailable', 'The console is not built: run `npm run build`.');
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie')
      .send(pageFor(request));
  };
  for (const url of consoleRoutes) app.get(url, sendConsole);
  // Any other page path: the console shows its not-found screen for a path it has no screen for.
  if (consoleIndex !== null)
    app.decorate('notFoundPage', async (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .send(pageFor(request)),
    );
  return sendConsole;
}
