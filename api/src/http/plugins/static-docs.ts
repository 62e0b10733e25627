// The offline API docs at /docs: Redoc's standalone page, built from the contract by `npm run build`,
// with its scripts in files beside it (scripts/docs-page.ts) so that the page runs under a
// Content-Security-Policy that allows no inline script.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/errors.js';

// Scripts from this origin only, never inline; styles may be inline (Redoc's styled-components
// injects them at run time); the page talks to nobody but this origin (its telemetry is off).
const docsContentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export function registerDocs(app: FastifyInstance, docsDir: string): void {
  const dir = path.resolve(docsDir);
  const docsFile = path.join(dir, 'index.html');
  const docs = existsSync(docsFile) ? readFileSync(docsFile, 'utf8') : null;
  // Read once at start, as the page is: the build writes them together.
  const scripts = new Map(
    (existsSync(dir) ? readdirSync(dir) : [])
      .filter((name) => /^redoc-[0-9a-f]{16}\.js$/.test(name))
      .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]),
  );
  app.get('/docs', { config: { contentSecurityPolicy: docsContentSecurityPolicy } }, async (_request, reply) => {
    if (docs === null) throw new DomainError('service_unavailable', 'The API docs are not built: run `npm run build`.');
    return reply.type('text/html; charset=utf-8').send(docs);
  });
  app.get<{ Params: { file: string } }>('/docs/:file', async (request, reply) => {
    const script = scripts.get(request.params.file);
    if (script === undefined) throw new DomainError('not_found');
    // Named after their content's hash: a changed script is a new name.
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(script);
  });
}
