// What PostgreSQL cannot store or must not be handed is refused at the edge, for every operation
// at once, with the field named: a NUL character (text cannot hold it, 22021), a lone UTF-16
// surrogate (not Unicode; jsonb refuses it, 22P02), an empty string where an id goes (it would
// reach a foreign key as a value no row has) and a query that is not percent-encoded UTF-8. Body,
// query, path parameters and headers are all walked, property names included, whatever their schema.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError, throwAll } from '../../domain/errors.js';

const idName = /(^id$|_id$)/;
/** With the u flag a surrogate pair reads as one code point, so this finds only unpaired halves. */
const loneSurrogate = /\p{Cs}/u;
const maxProblems = 20;

type Source = { pointer: string } | { parameter: string };

function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'contains a NUL character';
  if (loneSurrogate.test(text)) return 'contains a lone UTF-16 surrogate (not Unicode text)';
  return null;
}

function walk(value: unknown, at: string[], found: { at: string[]; problem: string }[], depth = 0): void {
  if (found.length >= maxProblems || depth > 32) return;
  if (typeof value === 'string') {
    const problem =
      textProblem(value) ?? (value === '' && idName.test(at.at(-1) ?? '') ? 'is empty: an id is required' : null);
    if (problem) found.push({ at, problem });
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => walk(item, [...at, String(i)], found, depth + 1));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const problem = textProblem(key);
      if (problem) found.push({ at: [...at, key], problem: `has a name that ${problem}` });
      else walk(item, [...at, key], found, depth + 1);
    }
  }
}

const escape = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');
/** Names are shown with their offending characters made visible. */
const shown = (part: string) => JSON.stringify(part).slice(1, -1);

function problemsOf(request: FastifyRequest): DomainError[] {
  const errors: DomainError[] = [];
  const add =
    (where: (at: string[]) => string, source: (at: string[]) => Source) => (entry: { at: string[]; problem: string }) =>
      errors.push(new DomainError('validation_failed', `${where(entry.at)} ${entry.problem}.`, source(entry.at)));

  // A query that is not UTF-8 would otherwise be read leniently, its bytes left as they came.
  const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  for (const pair of query ? query.split('&') : []) {
    const name = pair.split('=', 1)[0]!;
    try {
      decodeURIComponent(pair.replaceAll('+', ' '));
    } catch {
      errors.push(
        new DomainError('validation_failed', `The query parameter ${shown(name)} is not percent-encoded UTF-8.`, {
          parameter: name,
        }),
      );
    }
  }
  const found = (value: unknown) => {
    const out: { at: string[]; problem: string }[] = [];
    walk(value, [], out);
    return out;
  };
  found(request.body).forEach(
    add(
      (at) => (at.length ? shown(at.join('.')) : 'The body'),
      (at) => ({ pointer: `/${at.map(escape).join('/')}` }),
    ),
  );
  for (const [part, label] of [
    [request.params, 'The path parameter'],
    [request.query, 'The query parameter'],
    [request.headers, 'The header'],
  ] as const) {
    found(part).forEach(
      add(
        (at) => `${label} ${shown(at[0] ?? '')}`,
        (at) => ({ parameter: at[0] ?? '' }),
      ),
    );
  }
  return errors.slice(0, maxProblems);
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      throwAll(problemsOf(request));
    });
  },
  { name: 'storable-input' },
);
