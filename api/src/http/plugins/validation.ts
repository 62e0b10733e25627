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

export default fp(
  async (app: FastifyInstance) => {
    const strict = makeAjv(false);
    const coercing = makeAjv(true);
    app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
  },
  { name: 'validation' },
);
