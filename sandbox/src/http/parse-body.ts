// Bodies are checked against their TypeBox schema here rather than by Fastify's validator, so a
// bad message gets an NDC Errors answer naming the field (TagText is a JSON pointer). Each schema
// is compiled to a checking function once: interpreting it per message was a tenth of the
// sandbox's CPU in the search bench.
import type { Static, TSchema } from 'typebox';
import Compile, { type Validator } from 'typebox/compile';
import { NdcFailure } from './ndc-errors.js';

const validators = new WeakMap<TSchema, Validator>();

function validatorOf(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) validators.set(schema, (validator = Compile(schema)));
  return validator;
}

export function parseBody<T extends TSchema>(schema: T, body: unknown): Static<T> {
  const validator = validatorOf(schema);
  if (validator.Check(body)) return body as Static<T>;
  const first = validator.Errors(body)[0];
  const pointer = first?.instancePath || '/';
  throw new NdcFailure('INVALID_REQUEST', `${pointer} ${first?.message ?? 'is not valid'}`.trim(), pointer);
}
