// Request validation with JSON Schema 2020-12, the dialect of OpenAPI 3.1. Bodies are validated as
// sent: no type coercion, unknown fields refused rather than silently dropped. Query, path and
// header parameters arrive as strings, so those are coerced.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

export default fp(
  async (app: FastifyInstance) => {
    const strict = makeAjv(false);
    const coercing = makeAjv(true);
    app.setValidatorCompiler(({ schema, httpPart }) => {
      if (httpPart === 'body') return strict.compile(schema);
      return coercing.compile(httpPart === 'headers' ? lowerCaseHeaderNames(schema) : schema);
    });
  },
  { name: 'validation' },
);
