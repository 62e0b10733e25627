// The neo-flights landing page, its own light build (console/landing.html). Its CSP also lets in
// the video provider's player (script and privacy-enhanced frame) and the analytics vendor (events
// and session replay), which load only when the page calls for them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors.js';

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

export function registerLanding(
  app: FastifyInstance,
  consoleDir: string,
  withKey: (html: string) => string = (html) => html,
): void {
  const landingFile = path.join(consoleDir, 'landing.html');
  const landingPage = existsSync(landingFile) ? withKey(readFileSync(landingFile, 'utf8')) : null;
  app.get(
    landingRoute,
    { config: { contentSecurityPolicy: landingContentSecurityPolicy } },
    async (_request, reply) => {
      if (landingPage === null)
        throw new DomainError('service_unavailable', 'The landing page is not built: run `npm run build`.');
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(landingPage);
    },
  );
}
