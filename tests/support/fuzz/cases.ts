// Hostile requests for every operation of the contract, each wrong in exactly one way and so each
// to be refused with a known 4xx: missing fields and wrong types, limits + 1, huge strings and
// numbers, NUL and lone surrogates, empty ids, odd content types and odd headers. Deterministic:
// the same contract gives the same cases in the same order.
import { operations, resolve, sample, typeOf, type Operation, type Schema } from './schema.js';

export interface FuzzCase {
  operationId: string;
  what: string;
  method: string;
  /** Already percent-encoded, with /api/v1. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The whole request as bytes on the wire, for what an HTTP client refuses to send. */
  raw?: string;
  expect: number[];
}

const nul = '\u0000';
const loneSurrogate = '\ud800';
/** Invalid UTF-8 (an encoded lone surrogate), the only way to put one in a URL. */
const encodedSurrogate = '%ED%A0%80';
/** A number JSON can write but no float can hold: it reads back as Infinity. */
const hugeNumberMark = '"__fuzz_huge_number__"';
const decimalString = /^-?[0-9]+\.[0-9]+$/;
const idName = /(^id$|_id$)/;

type Pointer = (string | number)[];
interface Field {
  pointer: Pointer;
  name: string;
  schema: Schema;
  required: boolean;
}

function fieldsOf(schema: Schema, pointer: Pointer = [], depth = 0): Field[] {
  const s = resolve(schema);
  const out: Field[] = [];
  if (depth > 3) return out;
  if (typeOf(s) === 'object') {
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      const field = {
        pointer: [...pointer, name],
        name,
        schema: resolve(property),
        required: !!s.required?.includes(name),
      };
      out.push(field, ...fieldsOf(property, field.pointer, depth + 1));
    }
  } else if (typeOf(s) === 'array' && s.items) {
    out.push(...fieldsOf(s.items, [...pointer, 0], depth + 1));
  }
  return out;
}

function withValue(base: unknown, pointer: Pointer, value: unknown, remove = false): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let at = copy;
  for (const [i, key] of pointer.entries()) {
    if (i === pointer.length - 1) {
      if (remove) delete at[key];
      else at[key] = value;
    } else {
      if (at[key] === undefined || at[key] === null || typeof at[key] !== 'object') {
        at[key] = typeof pointer[i + 1] === 'number' ? [] : {};
      }
      at = at[key] as Record<string | number, unknown>;
    }
  }
  return copy;
}

function wrongType(schema: Schema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'fuzz';
    case 'boolean':
      return 'yes';
    case 'array':
      return { fuzz: true };
    default:
      return 'fuzz';
  }
}

/** Values just past the schema's limits: maxLength + 1, maximum + 1, maxItems + 1, and below minima. */
function pastLimits(schema: Schema): { what: string; value: unknown }[] {
  const out: { what: string; value: unknown }[] = [];
  if (schema.maxLength !== undefined) out.push({ what: 'maxLength+1', value: 'a'.repeat(schema.maxLength + 1) });
  if (schema.minLength) out.push({ what: 'minLength-1', value: 'a'.repeat(schema.minLength - 1) });
  if (schema.maximum !== undefined) out.push({ what: 'maximum+1', value: schema.maximum + 1 });
  if (schema.exclusiveMaximum !== undefined) out.push({ what: 'exclusiveMaximum', value: schema.exclusiveMaximum });
  if (schema.minimum !== undefined) out.push({ what: 'minimum-1', value: schema.minimum - 1 });
  if (schema.maxItems !== undefined && schema.items) {
    out.push({ what: 'maxItems+1', value: Array.from({ length: schema.maxItems + 1 }, () => sample(schema.items!)) });
  }
  return out;
}

function pathOf(op: Operation, values: Record<string, string> = {}, query = ''): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    if (name in values) return values[name]!;
    const parameter = op.parameters.find((p) => p.in === 'path' && p.name === name);
    return encodeURIComponent(String(parameter ? sample(parameter.schema) : 'fuzz'));
  });
  const required = op.parameters
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.schema)))}`)
    .join('&');
  const q = [required, query].filter(Boolean).join('&');
  return `/api/v1${path}${q ? `?${q}` : ''}`;
}

function bodyCases(op: Operation, schema: Schema): Omit<FuzzCase, 'operationId' | 'method'>[] {
  const base = sample(schema);
  const json = { 'content-type': 'application/json' };
  const out: Omit<FuzzCase, 'operationId' | 'method'>[] = [];
  const send = (what: string, body: unknown, expect = [400]) =>
    out.push({
      what,
      path: pathOf(op),
      headers: json,
      body: JSON.stringify(body).replaceAll(hugeNumberMark, '1e400'),
      expect,
    });
  let hugeDone = false;
  for (const field of fieldsOf(schema)) {
    const at = `/${field.pointer.join('/')}`;
    if (field.required) send(`${at} missing`, withValue(base, field.pointer, undefined, true));
    send(`${at} wrong type`, withValue(base, field.pointer, wrongType(field.schema)));
    for (const limit of pastLimits(field.schema))
      send(`${at} ${limit.what}`, withValue(base, field.pointer, limit.value));
    const type = typeOf(field.schema);
    if (type === 'string') {
      const value = String(sample(field.schema));
      // A decimal string (money) is a number too: 41 digits must be refused at the contract,
      // not reach a numeric column and fail there.
      if (decimalString.test(value))
        send(`${at} huge decimal string`, withValue(base, field.pointer, `1${'0'.repeat(40)}`));
      send(`${at} NUL`, withValue(base, field.pointer, `${value}${nul}`));
      send(`${at} lone surrogate`, withValue(base, field.pointer, `${value}${loneSurrogate}`));
      if (idName.test(field.name)) send(`${at} empty id`, withValue(base, field.pointer, ''));
      if (!hugeDone) {
        hugeDone = true;
        send(`${at} huge string`, withValue(base, field.pointer, 'a'.repeat(1_100_000)), [413]);
      }
    }
    if (type === 'integer' || type === 'number')
      send(`${at} huge number`, withValue(base, field.pointer, '__fuzz_huge_number__'));
  }
  send('array instead of object', [base]);
  send('NUL in a property name', { ...(base as object), [`fuzz${nul}`]: 'x' });
  out.push({ what: 'malformed JSON', path: pathOf(op), headers: json, body: '{"fuzz":', expect: [400] });
  const text = JSON.stringify(base);
  out.push({
    what: 'text/plain body',
    path: pathOf(op),
    headers: { 'content-type': 'text/plain' },
    body: text,
    expect: [415],
  });
  out.push({
    what: 'form body',
    path: pathOf(op),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'fuzz=1&name=x',
    expect: [415],
  });
  out.push({
    what: 'multipart body',
    path: pathOf(op),
    headers: { 'content-type': 'multipart/form-data; boundary=fuzz' },
    body: '--fuzz\r\nContent-Disposition: form-data; name="fuzz"\r\n\r\n1\r\n--fuzz--\r\n',
    expect: [415],
  });
  out.push({ what: 'no body', path: pathOf(op), headers: {}, expect: [400, 415] });
  return out;
}

function parameterCases(op: Operation): Omit<FuzzCase, 'operationId' | 'method'>[] {
  const out: Omit<FuzzCase, 'operationId' | 'method'>[] = [];
  const body = op.body ? JSON.stringify(sample(op.body)) : undefined;
  const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
  for (const p of op.parameters) {
    if (p.in === 'path') {
      const at = (value: string, what: string, expect: number[]) =>
        out.push({ what: `path ${p.name} ${what}`, path: pathOf(op, { [p.name]: value }), headers, body, expect });
      at(`fuzz%00`, 'NUL', [400]);
      at(`fuzz${encodedSurrogate}`, 'lone surrogate', [400]);
      // An empty last segment is another address (`/agencies/` is the list), not an empty id.
      if (!op.path.endsWith(`{${p.name}}`)) at('', 'empty', [400, 404]);
      at('a'.repeat(300), 'too long', [400, 414]);
    } else if (p.in === 'query') {
      const at = (value: string, what: string) =>
        out.push({
          what: `query ${p.name} ${what}`,
          path: pathOf(op, {}, `${p.name}=${value}`),
          headers,
          body,
          expect: [400],
        });
      const schema = resolve(p.schema);
      at('fuzz%00', 'NUL');
      at(`fuzz${encodedSurrogate}`, 'lone surrogate');
      if (typeOf(schema) === 'integer' || typeOf(schema) === 'number') at('fuzz', 'wrong type');
      for (const limit of pastLimits(schema)) {
        if (!Array.isArray(limit.value)) at(encodeURIComponent(String(limit.value)), limit.what);
      }
      if (idName.test(p.name)) at('', 'empty id');
    } else if (p.in === 'header' && p.name.toLowerCase() === 'idempotency-key') {
      for (const [what, key] of [
        ['short', 'abc'],
        ['with spaces', 'fuzz key with spaces'],
        ['too long', 'k'.repeat(300)],
      ] as const) {
        out.push({
          what: `Idempotency-Key ${what}`,
          path: pathOf(op),
          headers: { ...headers, 'idempotency-key': key },
          body,
          expect: [400],
        });
      }
      out.push({
        what: 'Idempotency-Key NUL',
        path: pathOf(op),
        headers,
        body,
        raw: `idempotency-key: fuzz-key-${nul}-x`,
        expect: [400],
      });
    }
  }
  out.push({
    what: 'huge header',
    path: pathOf(op),
    headers: { ...headers, 'x-fuzz': 'h'.repeat(20_000) },
    body,
    expect: [431],
  });
  out.push({
    what: 'unknown method override',
    path: pathOf(op),
    headers: { ...headers, 'x-http-method-override': 'FUZZ' },
    body,
    expect: [400],
  });
  if (!op.body && op.method !== 'GET') {
    out.push({
      what: 'text/plain body, none expected',
      path: pathOf(op),
      headers: { 'content-type': 'text/plain' },
      body: 'fuzz',
      expect: [415],
    });
  }
  return out;
}

export function fuzzCases(): FuzzCase[] {
  const out: FuzzCase[] = [];
  for (const op of operations()) {
    const cases = [...(op.body ? bodyCases(op, op.body) : []), ...parameterCases(op)];
    out.push(...cases.map((c) => ({ ...c, operationId: op.id, method: op.method })));
  }
  return out;
}
