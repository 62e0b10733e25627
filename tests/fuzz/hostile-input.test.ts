// Schema-driven fuzzing of every operation of the contract, signed in as a role that may call it.
// Every case is wrong in exactly one way (see support/fuzz/cases.ts), so every answer must be the
// 4xx that case names, in the errors envelope; no answer and no log line may be a 5xx; and the
// database must hold exactly what it held before (a hash of every row of every table).
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { UserType } from '../../api/src/domain/principal.js';
import type { OperationId } from '../../api/src/http/contract.js';
import { mayCall, permissions } from '../../api/src/http/permissions.js';
import { loadSpec, operationsOf } from '../../api/src/http/routes/index.js';
import { fuzzCases, type FuzzCase } from '../support/fuzz/cases.js';
import { createScratchDatabase, fingerprint } from '../support/fuzz/database.js';
import { closeSender, send, type Answer } from '../support/fuzz/send.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

const concurrency = 6;
let stack: Stack;
let database: Awaited<ReturnType<typeof createScratchDatabase>>;
const loggedServerErrors: string[] = [];

beforeAll(async () => {
  database = await createScratchDatabase();
  stack = await startStack({
    env: {
      DATABASE_URL: database.url,
      KEY_PREFIX: `contrail-fuzz-${process.pid}`,
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'info',
    },
    // A 5xx in a log is a bug: every error line and every access-log line of a 5xx is kept.
    logStream: {
      write(line: string) {
        const entry = JSON.parse(line) as { level: number; status?: number; msg?: string; url?: string };
        if (entry.level >= 50 || (entry.status ?? 0) >= 500) loggedServerErrors.push(line.slice(0, 400));
      },
    },
  });
}, 120_000);

afterAll(async () => {
  closeSender();
  // close() also fails the file if any answer broke the contract (refusals included).
  await stack.close();
  await database.drop();
});

/** The first role of these that may call the operation; public operations go without one. */
function credentialsFor(operationId: string): Record<string, string> {
  const permission = permissions[operationId as OperationId];
  if (permission.allow === 'public') return {};
  const role = (['Admin', 'Supervisor', 'Agent'] as UserType[]).find((r) => mayCall(permission, r)) ?? 'Support';
  return { authorization: `Bearer ${tokens[role]}` };
}

const security = operationsOf(loadSpec());
/** A session-only operation (sign out) refuses the bearer token first, whatever else is wrong. */
const sessionOnly = (operationId: string) =>
  !security.get(operationId as OperationId)!.security.some((s) => 'bearerAuth' in s) &&
  permissions[operationId as OperationId].allow !== 'public';

function problemWith(c: FuzzCase, answer: Answer): string | null {
  const expected = sessionOnly(c.operationId) ? [...c.expect, 401] : c.expect;
  const where = `${c.method} ${c.path.slice(0, 90)} [${c.operationId}: ${c.what}] → ${answer.status}`;
  if (!expected.includes(answer.status))
    return `${where}, expected ${expected.join(' or ')}: ${answer.body.slice(0, 200)}`;
  let body: { errors?: { status?: string; code?: string; title?: string }[]; meta?: { request_id?: string } };
  try {
    body = JSON.parse(answer.body) as typeof body;
  } catch {
    return `${where}: the body is not JSON: ${answer.body.slice(0, 120)}`;
  }
  const first = body.errors?.[0];
  if (!answer.contentType.includes('application/json') || !first || typeof body.meta?.request_id !== 'string') {
    return `${where}: not the errors envelope: ${answer.body.slice(0, 200)}`;
  }
  if (first.status !== String(answer.status) || !first.code || !first.title)
    return `${where}: envelope item ${JSON.stringify(first)}`;
  return null;
}

it('refuses every hostile request with its 4xx in the envelope, changes nothing and logs no 5xx', async () => {
  const cases = fuzzCases();
  const before = await fingerprint(database.url);
  const started = Date.now();
  const problems: string[] = [];
  let serverErrors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < cases.length) {
        const c = cases[next++]!;
        const answer = await send(stack.baseUrl, c, credentialsFor(c.operationId));
        if (answer.status >= 500) serverErrors++;
        const problem = problemWith(c, answer);
        if (problem) problems.push(problem);
      }
    }),
  );
  const after = await fingerprint(database.url);
  if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, problems.join('\n'));
  const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
  console.log(
    `hostile input: ${cases.length} requests over ${new Set(cases.map((c) => c.operationId)).size} operations in ` +
      `${Date.now() - started} ms; ${serverErrors} answered 5xx, ${problems.length} not as expected, ` +
      `${loggedServerErrors.length} 5xx log lines, tables changed: ${changed.join(', ') || 'none'}`,
  );
  expect({ serverErrors, problems: problems.slice(0, 60), problemCount: problems.length }).toEqual({
    serverErrors: 0,
    problems: [],
    problemCount: 0,
  });
  expect(loggedServerErrors.slice(0, 10)).toEqual([]);
  expect(changed).toEqual([]);
}, 180_000);
