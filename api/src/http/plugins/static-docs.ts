// The offline API docs at /docs: Redoc's standalone page, built from the contract by `npm run build`,
// with its scripts in files beside it (scripts/docs-page.ts) so that the page runs under a
// Content-Security-Policy that allows no inline script; and the guides at /docs/guides/, static
// pages built from docs/guides (scripts/guides-pages.ts) under the same policy.
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
  registerGuides(app, path.join(dir, 'guides'));
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

/** Every file of a folder the build wrote, read once at start, by name. */
function readFolder(dir: string, keep: (name: string) => boolean): Map<string, string> {
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && keep(entry.name))
      .map((entry) => [entry.name, readFileSync(path.join(dir, entry.name), 'utf8')]),
  );
}

function registerGuides(app: FastifyInstance, dir: string): void {
  const pages = readFolder(dir, (name) => name.endsWith('.html'));
  const stylesheet = readFolder(dir, (name) => name === 'guides.css').get('guides.css');
  const samples = readFolder(path.join(dir, 'samples'), () => true);
  const html = (name: string) => {
    const page = pages.get(`${name}.html`);
    if (page !== undefined) return page;
    if (pages.size === 0)
      throw new DomainError('service_unavailable', 'The guides are not built: run `npm run build`.');
    throw new DomainError('not_found');
  };
  const config = { contentSecurityPolicy: docsContentSecurityPolicy };
  app.get('/docs/guides/', { config }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html('index')),
  );
  app.get<{ Params: { name: string } }>('/docs/guides/:name', { config }, async (request, reply) => {
    const { name } = request.params;
    if (name === 'guides.css' && stylesheet !== undefined)
      return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(stylesheet);
    if (!/^[a-z0-9-]+$/.test(name) || name === 'index') throw new DomainError('not_found');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html(name));
  });
  app.get<{ Params: { file: string } }>('/docs/guides/samples/:file', async (request, reply) => {
    const sample = samples.get(request.params.file);
    if (sample === undefined) throw new DomainError('not_found');
    const type = request.params.file.endsWith('.csv') ? 'text/csv' : 'text/plain';
    return reply.type(`${type}; charset=utf-8`).send(sample);
  });
}
