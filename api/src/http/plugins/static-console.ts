// The console build under /packs/ (product spec §9) and its SPA routes, each answered with the
// build's index.html. When the build is missing, a route says how to make it instead of failing
// obscurely.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/errors.js';

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

/** Answers with the console's page (the SPA decides the screen from the URL). */
export type SendConsole = (request: unknown, reply: FastifyReply) => Promise<FastifyReply>;

export async function registerConsole(
  app: FastifyInstance,
  consoleDir: string,
  withKey: (html: string) => string = (html) => html,
): Promise<SendConsole> {
  const indexFile = path.join(consoleDir, 'index.html');
  const consoleIndex = existsSync(indexFile) ? withKey(readFileSync(indexFile, 'utf8')) : null;

  if (consoleIndex !== null) {
    await app.register(fastifyStatic, {
      root: consoleDir,
      prefix: '/packs/',
      index: false,
      wildcard: true,
      decorateReply: false,
      // The build wrote a .br and a .gz beside each text asset (console/src/build/precompress.plugin.ts).
      preCompressed: true,
      // marketing: the prerendered pages are served at their own paths, never as assets.
      allowedPath: (pathName) => !pathName.startsWith('/marketing/'),
      // Vite names assets by content hash, so they never change under one name.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
  }
  const sendConsole: SendConsole = async (_request, reply) => {
    if (consoleIndex === null)
      throw new DomainError('service_unavailable', 'The console is not built: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(consoleIndex);
  };
  for (const url of consoleRoutes) app.get(url, sendConsole);
  // Any other page path: the console shows its not-found screen for a path it has no screen for.
  if (consoleIndex !== null)
    app.decorate('notFoundPage', async (_request: FastifyRequest, reply: FastifyReply) =>
      reply.code(404).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(consoleIndex),
    );
  return sendConsole;
}
