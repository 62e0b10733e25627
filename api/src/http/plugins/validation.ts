// Request validation with JSON Schema 2020-12, the dialect of OpenAPI 3.1. Bodies are validated as
// sent: no type coercion, unknown fields refused rather than silently dropped. Query, path and
// header parameters arrive as strings, so those are coerced.
// Fastify validates a body only when its media type is one the operation declares; any other body
// (or none) would reach the handler unchecked. So a body is JSON or refused (415), and an operation
// that takes a body refuses a request without one (400) before validation runs.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../../domain/errors.js';

function makeAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: true,
    strict: false,
  });
  addFormats.default(ajv);
  return ajv;
}

/**
 * Node gives header names in lower case. Fastify lowers the names in header schemas itself, but
 * not when a custom validator compiler is set, as here; so this does it for the flat header
 * objects the contract describes.
 */
function lowerCaseHeaderNames<S extends object>(schema: S): S {
  const s = schema as S & { properties?: Record<string, unknown>; required?: string[] };
  if (!s.properties) return schema;
  return {
    ...s,
    properties: Object.fromEntries(Object.entries(s.properties).map(([name, value]) => [name.toLowerCase(), value])),
    ...(s.required ? { required: s.required.map((name) => name.toLowerCase()) } : {}),
  };
}

/** The media types the operation's request body may have; undefined when it takes no body. */
function bodyMediaTypes(request: FastifyRequest): string[] | undefined {
  const body = request.routeOptions.schema?.body as { content?: Record<string, unknown> } | undefined;
  return body?.content ? Object.keys(body.content) : undefined;
}

export default fp(
  async (app: FastifyInstance) => {
    // The contract's bodies are all JSON; Fastify's only other built-in parser, text/plain, would
    // hand a string to handlers that expect an object. Without a parser the answer is 415.
    app.removeContentTypeParser('text/plain');
    // XML bodies (airlines' NDC 21.3 notifications) reach their handler as their text, which the
    // contract's `type: string` validates; the operations taking them read them leniently.
    app.addContentTypeParser('application/xml', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.addHook('preValidation', async (request) => {
      const accepted = bodyMediaTypes(request);
      if (!accepted) return;
      if (request.headers['content-type'] === undefined) {
        throw new DomainError('validation_failed', `The body is required: send it as ${accepted.join(' or ')}.`, {
          pointer: '/',
        });
      }
      if (!request.mediaType || !accepted.includes(request.mediaType)) {
        throw new DomainError('unsupported_media_type', `This operation takes ${accepted.join(' or ')}.`);
      }
    });

    const strict = makeAjv(false);
    const coercing = makeAjv(true);
    app.setValidatorCompiler(({ schema, httpPart }) => {
      if (httpPart === 'body') return strict.compile(schema);
      return coercing.compile(httpPart === 'headers' ? lowerCaseHeaderNames(schema) : schema);
    });
  },
  { name: 'validation' },
);
