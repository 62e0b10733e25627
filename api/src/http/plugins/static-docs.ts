// The offline API docs at /docs: Redoc's standalone page, built from the contract by `npm run build`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors.js';

export function registerDocs(app: FastifyInstance, docsDir: string): void {
  const docsFile = path.join(path.resolve(docsDir), 'index.html');
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
}
