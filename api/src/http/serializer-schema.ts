// The response schemas as the serializer is given them. The contract writes "X or null" as
// `oneOf: [X, {type: 'null'}]` (a nullable Money, a nullable date-time); for a `oneOf` the
// serializer (fast-json-stringify) must run a schema validator on every value to pick the branch,
// and compile it in the first request. Where X's keywords all constrain X's own type only
// (properties and required for an object, format and pattern for a string), "X or null" means
// exactly X with 'null' added to its type, which the serializer tells apart with a null check.
// Anything else (an enum, a const, a nested combinator) is left as the contract wrote it.

type Schema = Record<string, unknown>;

/** Keywords that constrain only values of the schema's own type (JSON Schema 2020-12). */
const typeOnlyKeywords = new Set([
  'type',
  'title',
  'description',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'properties',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'format',
  'pattern',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
]);

/** Keywords that describe and constrain nothing: beside the `oneOf` they may stay. */
const annotations = new Set(['title', 'description', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The nullable form of `oneOf: [X, {type: 'null'}]`, or undefined when X does not allow one. */
function nullableOf(schema: Schema): Schema | undefined {
  const options = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2 || ('oneOf' in schema && 'anyOf' in schema)) return undefined;
  const nullAt = options.findIndex((o) => isSchema(o) && o.type === 'null' && Object.keys(o).length === 1);
  const other: unknown = options[1 - nullAt];
  if (nullAt < 0 || !isSchema(other) || typeof other.type !== 'string' || other.type === 'null') return undefined;
  if (!Object.keys(other).every((k) => typeOnlyKeywords.has(k))) return undefined;
  const { oneOf: _oneOf, anyOf: _anyOf, ...siblings } = schema;
  if (!Object.keys(siblings).every((k) => annotations.has(k))) return undefined;
  return { ...other, ...siblings, type: [other.type, 'null'] };
}

/**
 * A copy of a dereferenced schema with every "X or null" in its nullable form; the input is not
 * changed (the same objects may also be a request's schema). Shared subschemas stay shared.
 */
export function serializerSchemaOf(schema: unknown, seen = new Map<object, unknown>()): unknown {
  if (schema === null || typeof schema !== 'object') return schema;
  const done = seen.get(schema);
  if (done !== undefined) return done;
  if (Array.isArray(schema)) {
    const copy: unknown[] = [];
    seen.set(schema, copy);
    for (const item of schema) copy.push(serializerSchemaOf(item, seen));
    return copy;
  }
  const copy: Schema = {};
  seen.set(schema, copy);
  for (const [key, value] of Object.entries(schema)) copy[key] = serializerSchemaOf(value, seen);
  const nullable = nullableOf(copy);
  if (!nullable) return copy;
  for (const key of Object.keys(copy)) delete copy[key];
  return Object.assign(copy, nullable);
}
