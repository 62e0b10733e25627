// Every response a test receives is checked against the contract (JSON Schema 2020-12, ajv's 2020
// build): the operation must declare the status, and the body must match its schema. Statuses the
// edge may give any operation before it runs (400 for input no operation takes, 408, 413, 414,
// 415, 431; docs/guides/errors.md) and 5xx must at least be an errors envelope.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const bundle = JSON.parse(
  readFileSync(new URL('../../api/src/http/generated/openapi.bundle.json', import.meta.url), 'utf8'),
) as {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { $ref?: string; content?: Record<string, unknown> }> }>
  >;
  components: { responses: Record<string, { content?: Record<string, unknown> }> };
};

const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats.default(ajv);
ajv.addSchema(bundle, 'openapi');
const envelope = ajv.compile({ $ref: 'openapi#/components/schemas/ErrorEnvelope' });
const cache = new Map<string, ValidateFunction | null>();
const anyOperationStatuses = new Set([400, 408, 413, 414, 415, 431]);

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

function validatorFor(path: string, method: string, status: number): ValidateFunction | null | 'undeclared' {
  const key = `${method} ${path} ${status}`;
  if (cache.has(key)) return cache.get(key)!;
  const responses = bundle.paths[path]?.[method]?.responses;
  if (!responses) return 'undeclared';
  let response = responses[String(status)];
  if (!response) return 'undeclared';
  let base = `openapi#/${pointer('paths', path, method, 'responses', String(status))}`;
  if (response.$ref) {
    const name = response.$ref.split('/').pop()!;
    response = bundle.components.responses[name]!;
    base = `openapi#/${pointer('components', 'responses', name)}`;
  }
  const validate = response.content?.['application/json']
    ? ajv.compile({ $ref: `${base}/content/application~1json/schema` })
    : null;
  cache.set(key, validate);
  return validate;
}

/** Checks one response; returns a description of what is wrong, or null when it conforms. */
export function specViolation(
  route: { method: string; url: string | undefined },
  status: number,
  contentType: string,
  payload: string,
): string | null {
  const method = route.method.toLowerCase();
  const path = route.url?.startsWith('/api/v1/')
    ? route.url.slice('/api/v1'.length).replace(/:([A-Za-z_]+)/g, '{$1}')
    : undefined;
  const json = contentType.includes('json') && payload !== '' ? (JSON.parse(payload) as unknown) : undefined;
  const where = `${route.method} ${route.url ?? '(no route)'} → ${status}`;

  const declared = path !== undefined && bundle.paths[path]?.[method]?.responses[String(status)] !== undefined;
  if (!path || !bundle.paths[path]?.[method] || (!declared && (status >= 500 || anyOperationStatuses.has(status)))) {
    if (status < 400) return path ? `${where}: not an operation of the contract` : null;
    return envelope(json) ? null : `${where}: not an errors envelope: ${ajv.errorsText(envelope.errors)}`;
  }
  const validate = validatorFor(path, method, status);
  if (validate === 'undeclared') return `${where}: status not declared in the contract`;
  if (validate === null) return payload === '' ? null : `${where}: the contract declares no body`;
  return validate(json) ? null : `${where}: ${ajv.errorsText(validate.errors)}`;
}
