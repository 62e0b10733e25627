// The bundled contract as the fuzz test reads it: every operation with its parameters and JSON
// body schema (references resolved), and a sample value for any schema. The sample only has to
// look right to the validator; each fuzz case then breaks exactly one thing in it.
import { readFileSync } from 'node:fs';

export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  examples?: unknown[];
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}

export interface Operation {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
}

interface Bundle {
  paths: Record<string, Record<string, unknown>>;
  components: {
    schemas: Record<string, Schema>;
    parameters: Record<string, Parameter>;
    requestBodies: Record<string, RequestBody>;
  };
}

const bundle = JSON.parse(
  readFileSync(new URL('../../../api/src/http/generated/openapi.bundle.json', import.meta.url), 'utf8'),
) as Bundle;

/** A schema with its top-level $ref and allOf merged away (nested ones resolve on demand). */
export function resolve(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; s.$ref && i < 20; i++) s = bundle.components.schemas[s.$ref.split('/').pop()!]!;
  if (s.allOf) {
    const parts = s.allOf.map(resolve);
    const merged: Schema = { ...s, allOf: undefined };
    for (const part of parts) {
      Object.assign(merged, { ...part, properties: { ...merged.properties, ...part.properties } });
      merged.required = [...(merged.required ?? []), ...(part.required ?? [])];
    }
    return merged;
  }
  if (s.oneOf ?? s.anyOf) {
    const first = resolve((s.oneOf ?? s.anyOf)![0]!);
    return { ...s, oneOf: undefined, anyOf: undefined, ...first };
  }
  return s;
}

export function typeOf(schema: Schema): string | undefined {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t) return t;
  if (schema.properties) return 'object';
  return undefined;
}

type RequestBody = { content: Record<string, { schema: Schema }> };

export function operations(): Operation[] {
  const out: Operation[] = [];
  const param = (p: Parameter & { $ref?: string }) =>
    p.$ref ? bundle.components.parameters[p.$ref.split('/').pop()!]! : p;
  for (const [path, item] of Object.entries(bundle.paths)) {
    const shared = ((item as { parameters?: Parameter[] }).parameters ?? []).map(param);
    for (const [method, value] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      const op = value as {
        operationId: string;
        parameters?: Parameter[];
        requestBody?: RequestBody & { $ref?: string };
      };
      // A body shared in components/requestBodies (one whose fields have defaults) is a reference.
      const requestBody = op.requestBody?.$ref
        ? bundle.components.requestBodies[op.requestBody.$ref.split('/').pop()!]!
        : op.requestBody;
      out.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        parameters: [...shared, ...(op.parameters ?? []).map(param)],
        body: requestBody?.content['application/json']?.schema,
      });
    }
  }
  return out;
}

const formats: Record<string, string> = {
  date: '2027-03-01',
  'date-time': '2027-03-01T10:00:00Z',
  email: 'fuzz@example.com',
  uri: 'https://example.com/fuzz',
  uuid: '00000000-0000-4000-8000-000000000000',
};

/** A value the schema accepts, as far as a small generator can tell. */
export function sample(schema: Schema, depth = 0): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'string':
      if (s.format && formats[s.format]) return formats[s.format];
      return 'fuzz'.padEnd(Math.max(s.minLength ?? 0, 4), 'z').slice(0, s.maxLength ?? 64);
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'array':
      return depth > 4 || !s.items ? [] : Array.from({ length: s.minItems ?? 1 }, () => sample(s.items!, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const name of s.required ?? []) {
        const property = s.properties?.[name];
        out[name] = property ? sample(property, depth + 1) : 'fuzz';
      }
      return out;
    }
    default:
      return 'fuzz';
  }
}
