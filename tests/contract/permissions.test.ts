// Walks every operation of the contract against every role, every agency preset and a custom set
// (and no credential at all) and holds the answers to the permission decision: a caller it refuses
// gets 403 before anything runs; one it allows never gets 403 `forbidden`; a non-public operation
// without credentials gets 401. Staff list whole tables (every agency's events, requests, cases), so
// the walk runs on a database of its own: rows other test files write beside it (some of them
// deliberately not in today's shape) are not its answers to check.
import type { IncomingMessage } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  heldPermissions,
  presets,
  type AgencyPermission,
} from '../../api/src/domain/agency-users/agency-permissions.js';
import type { UserType } from '../../api/src/domain/principal.js';
import type { OperationId } from '../../api/src/http/contract.js';
import { mayCall, permissions } from '../../api/src/http/permissions.js';
import { loadSpec } from '../../api/src/http/routes/index.js';
import { createAccount, createTenant } from '../support/factories.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { asSession, call, signInWithPassword, type TestSession } from '../support/sessions.js';
import { startStack, type Stack } from '../support/stack.js';

/** Every role, every preset an agent can be given, and a custom set. */
const callers: { name: string; role: UserType; set?: readonly AgencyPermission[] }[] = [
  { name: 'Admin', role: 'Admin' },
  { name: 'Support', role: 'Support' },
  { name: 'Supervisor', role: 'Supervisor' },
  { name: 'Agent', role: 'Agent' },
  { name: 'Senior agent', role: 'Agent', set: presets.senior_agent },
  { name: 'Accountant', role: 'Agent', set: presets.accountant },
  { name: 'Custom (search, users)', role: 'Agent', set: ['search', 'users'] },
  { name: 'Custom (none)', role: 'Agent', set: [] },
];
let stack: Stack;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
const sessions = new Map<string, TestSession>();

beforeAll(async () => {
  scratch = await createScratchDatabase('permissions');
  stack = await startStack({ env: { DATABASE_URL: scratch.url } });
  const tenant = await createTenant(stack.ctx.db);
  for (const caller of callers) {
    const account = await createAccount(stack.ctx.db, {
      userType: caller.role,
      tenant,
      agencyPermissions: caller.set,
    });
    sessions.set(caller.name, await signInWithPassword(stack.baseUrl, account.email, account.password));
  }
});
afterAll(async () => {
  try {
    await stack.close();
  } finally {
    await scratch.drop();
  }
});

/**
 * An event stream stays open, so the walk takes its status and leaves: the body is read only when it
 * is an error envelope (JSON), which is what the matrix checks.
 */
const headersOnlyForStreams: Parameters<request.Test['parse']>[0] = (res, done) => {
  if (String(res.headers['content-type']).startsWith('text/event-stream')) {
    (res as unknown as IncomingMessage).destroy();
    done(null, {});
    return;
  }
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => {
    try {
      done(null, text ? JSON.parse(text) : {});
    } catch {
      done(null, {});
    }
  });
};

function operations(): { id: OperationId; method: string; path: string }[] {
  const out: { id: OperationId; method: string; path: string }[] = [];
  for (const [path, item] of Object.entries(loadSpec().paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'put', 'post', 'patch', 'delete'].includes(method)) continue;
      out.push({
        id: (op as { operationId: OperationId }).operationId,
        method,
        path: `/api/v1${path.replace(/\{[^}]+\}/g, 'x_walk')}`,
      });
    }
  }
  return out;
}

it('has an entry for every operation, and nothing else', () => {
  expect(Object.keys(permissions).sort()).toEqual(
    operations()
      .map((o) => o.id)
      .sort(),
  );
});

it('answers every operation for every role as the matrix says', async () => {
  const mismatches: string[] = [];
  for (const op of operations()) {
    const permission = permissions[op.id];
    if (op.id === 'signOut') continue; // walked last: it ends the session
    const anonymous = await call(stack.baseUrl, op.method, op.path).parse(headersOnlyForStreams).send({});
    if (permission.allow !== 'public' && anonymous.status !== 401)
      mismatches.push(`${op.id} anonymous → ${anonymous.status}`);
    if (permission.allow === 'public' && [401, 403].includes(anonymous.status))
      mismatches.push(`${op.id} public → ${anonymous.status}`);

    for (const caller of callers) {
      const res = await call(stack.baseUrl, op.method, op.path)
        .set(asSession(sessions.get(caller.name)!))
        .parse(headersOnlyForStreams)
        .send({});
      const refused = res.status === 403 && res.body.errors?.[0]?.code === 'forbidden';
      const held = heldPermissions(caller.role, caller.set ?? null);
      if (refused === mayCall(permission, caller.role, held))
        mismatches.push(`${op.id} as ${caller.name} → ${res.status}`);
    }
  }
  for (const caller of callers) {
    const res = await request(stack.baseUrl)
      .delete('/api/v1/sign_out')
      .set(asSession(sessions.get(caller.name)!));
    if (res.status !== 204) mismatches.push(`signOut as ${caller.name} → ${res.status}`);
  }
  expect(mismatches).toEqual([]);
  // eight callers over every operation: minutes on a loaded machine
}, 180_000);

it('keeps the rules the product spec and the design state', () => {
  // Product operations need a credential; the mail outbox is staff only and only Admin deletes.
  expect(permissions.listMailMessages.allow).toEqual(['Admin', 'Support']);
  expect(mayCall(permissions.deleteMailMessage, 'Support')).toBe(false);
  // Account operations answer before onboarding is complete; product ones do not.
  expect(permissions.acceptTerms.beforeOnboarding).toBe(true);
  expect(permissions.createApiToken.beforeOnboarding).toBeUndefined();
  for (const id of ['startSignIn', 'signIn', 'sendVoiceOtp', 'getLegalVersions'] as const)
    expect(permissions[id].allow).toBe('public');
  // Today's agent is the Agent preset: it books, issues, services and sees its company's balance,
  // but does not manage people; a supervisor holds everything whatever is stored; an accountant cannot book.
  const agent = heldPermissions('Agent', null);
  expect(mayCall(permissions.issueBooking, 'Agent', agent)).toBe(true);
  expect(mayCall(permissions.cancelBooking, 'Agent', agent)).toBe(true);
  expect(mayCall(permissions.createBooking, 'Agent', heldPermissions('Agent', presets.accountant))).toBe(false);
  expect(mayCall(permissions.searchOffers, 'Supervisor', heldPermissions('Supervisor', []))).toBe(true);
  expect(mayCall(permissions.listAgencyUsers, 'Agent', agent)).toBe(false);
  expect(mayCall(permissions.listAgencyUsers, 'Agent', heldPermissions('Agent', presets.senior_agent))).toBe(true);
  // The ledger stays a supervisor's (the role rule), whatever an agent holds.
  expect(mayCall(permissions.listTransactions, 'Agent', heldPermissions('Agent', presets.senior_agent))).toBe(false);
});
