// The console build under /packs/ (product spec §9) with its SPA routes, and the offline API docs
// at /docs. When a build is missing the route says how to make it instead of failing obscurely.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.js';

export const consoleRoutes = [
  '/',
  '/sign_in',
  '/onboarding',
  '/settings',
  '/settings/api_tokens',
  // Sales and analytics
  '/sales',
  '/analytics',
];

export default fp(
  async (app: FastifyInstance, opts: { consoleDir: string; docsDir: string }) => {
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
