// Bodies are checked against their TypeBox schema here rather than by Fastify's validator, so a
// bad message gets an NDC Errors answer naming the field (TagText is a JSON pointer).
import type { Static, TSchema } from 'typebox';
import Value from 'typebox/value';
import { NdcFailure } from './ndc-errors.js';

export function parseBody<T extends TSchema>(schema: T, body: unknown): Static<T> {
  if (Value.Check(schema, body)) return body;
  const first = [...Value.Errors(schema, body)][0];
  const pointer = first?.instancePath || '/';
  throw new NdcFailure('INVALID_REQUEST', `${pointer} ${first?.message ?? 'is not valid'}`.trim(), pointer);
}
