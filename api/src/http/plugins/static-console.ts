// The console build under /packs/ (product spec §9) and its SPA routes, each answered with the
// build's index.html. When the build is missing, a route says how to make it instead of failing
// obscurely. The page preloads the texts of the language the console will start in (the one the
// reader chose on this browser, mirrored into a cookie, else English) and the opened screen's code:
// the first paint waits for both, and without the hint the browser would find them only after
// running the entry script. The page's inline shell (the frame the app draws over) carries the
// opened page's heading in the reader's language: the first paint shows it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';
import { cookieOf, csrfCookie, languageCookie } from '../cookies.js';

export const consoleRoutes = [
  '/sign_in',
  '/onboarding',
  '/settings',
  '/settings/api_tokens',
  '/settings/users',
  '/invite',
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
  '/admin/assistant',
  '/admin/outbox',
  '/admin/airline_messages',
  '/agency',
  // Sales and analytics
  '/sales',
  '/analytics',
  // notifications
  '/action_required',
  // fare watch
  '/fare_watch',
  '/settings/fare_watch',
  // the developer workspace
  '/workspace/sandbox',
  '/workspace/logs',
  '/workspace',
  '/workspace/events',
  // support cases
  '/support',
];

/** The console's default language, the one it starts in when the reader has chosen none. */
const defaultLanguage = 'en';

/**
 * The screens a first visit most often opens, each a chunk of its own (console/src/app/routes.tsx):
 * preloaded with the page, their code is on its way while the entry still loads, instead of being
 * found only once the entry has run (one round trip less before the screen's first paint).
 */
const screenSources: Record<string, string> = {
  '/search': 'src/features/search/index.ts',
  '/bookings': 'src/features/bookings/index.ts',
  '/sales': 'src/features/sales/index.ts',
  '/analytics': 'src/features/analytics/index.ts',
  '/settings': 'src/features/settings/index.ts',
  '/action_required': 'src/features/action-required/index.ts',
  '/fare_watch': 'src/features/fare-watch/index.ts',
  '/workspace': 'src/features/workspace/index.ts',
};

/**
 * The shell's content per language and page, for a signed-in reader or a signed-out one, written
 * by the console build (console/src/build/app-shell.plugin.ts).
 */
type ShellContent = Record<string, Record<string, { signedIn: boolean; html: string }>>;

/** Where index.html's shell takes the page's content. */
const shellSlot = '<!--shell-content-->';

type Manifest = Record<string, { file: string; imports?: string[]; css?: string[] }>;

/** A chunk's file and the files of every chunk it imports statically, however deep, with their stylesheets. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (chunk === undefined || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, seen);
  return seen;
}

/** A preload hint for a built file: a module, or a stylesheet the screen's import waits for. */
const preloadLink = (file: string) =>
  file.endsWith('.css')
    ? `    <link rel="preload" as="style" crossorigin href="/packs/${file}">\n`
    : `    <link rel="modulepreload" crossorigin href="/packs/${file}">\n`;

/**
 * The page for a language and a path: index.html plus `modulepreload`s of that language's texts
 * chunk and, for a screen of screenSources, its chunks the entry does not already preload. Read
 * from Vite's build manifest (dist/.vite/manifest.json); without one the page is index.html. The
 * shell shows the page's heading to the reader the page is for: a screen's title to a signed-in
 * one (the app sends a signed-out one to sign-in), the sign-in card to a signed-out one.
 */
export function consolePages(
  consoleDir: string,
  html: string,
): (language: string | undefined, pathname: string, signedIn?: boolean) => string {
  const manifestFile = path.join(consoleDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return () => html;
  const shellFile = path.join(consoleDir, '.vite', 'app-shell.json');
  const shell: ShellContent = existsSync(shellFile)
    ? (JSON.parse(readFileSync(shellFile, 'utf8')) as ShellContent)
    : {};
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const languages = new Map<string, string>();
  for (const [source, chunk] of Object.entries(manifest)) {
    const language = /^src\/locales\/([a-z]{2})\.json$/.exec(source)?.[1];
    if (language !== undefined) languages.set(language, chunk.file);
  }
  const entry = chunkFiles(manifest, 'index.html');
  const screens = new Map(
    Object.entries(screenSources).map(([route, source]) => [
      route,
      [...chunkFiles(manifest, source)].filter((file) => !entry.has(file)),
    ]),
  );
  const pages = new Map<string, string>();
  return (requested, pathname, signedIn = false) => {
    const language = requested !== undefined && languages.has(requested) ? requested : defaultLanguage;
    const screen = screens.has(pathname) ? pathname : '';
    const content = shell[language]?.[pathname];
    const shown = content?.signedIn === signedIn ? content.html : undefined;
    const key = `${language} ${screen} ${shown ? pathname : ''}`;
    let page = pages.get(key);
    if (page === undefined) {
      const files = [languages.get(language), ...(screens.get(screen) ?? [])].filter((f) => f !== undefined);
      const links = files.map(preloadLink);
      page = html.replace('</head>', `${links.join('')}  </head>`);
      if (shown) page = page.replace(shellSlot, shown);
      pages.set(key, page);
    }
    return page;
  };
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
  const pageOf = consoleIndex === null ? null : consolePages(consoleDir, consoleIndex);
  const pageFor = (request: FastifyRequest): string | null =>
    pageOf?.(
      cookieOf(request, languageCookie),
      request.url.split('?')[0]!,
      // The readable CSRF cookie lives exactly as long as the session.
      cookieOf(request, csrfCookie) !== undefined,
    ) ?? null;

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
