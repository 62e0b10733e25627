// Idempotency-Key semantics on a POST that creates: replay, conflict while running, scope per caller.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});

const send = (token: string, key: string, body: object) =>
  request(stack.baseUrl)
    .post('/api/v1/mail_outbox')
    .set('Authorization', `Bearer ${token}`)
    .set('Idempotency-Key', key)
    .send(body);

async function countTo(to: string): Promise<number> {
  const rows = await stack.ctx.db.selectFrom('mail_messages').select('id').where('recipient', '=', to).execute();
  return rows.length;
}

it('replays the first answer for the same key and body, creating one message', async () => {
  const to = `replay-${Date.now()}@example.com`;
  const keyReplay = `k-replay-${Date.now()}`;
  const first = await send(tokens.Admin, keyReplay, { to, subject: 'Hi', body: 'One' });
  const second = await send(tokens.Admin, keyReplay, { body: 'One', subject: 'Hi', to });
  expect(first.status).toBe(202);
  expect(second.status).toBe(202);
  expect(second.headers['idempotency-replayed']).toBe('true');
  expect(second.body).toEqual(first.body);
  expect(await countTo(to)).toBe(1);
});

it('lets only one of many concurrent requests with one key run; the others get 409 or the replay', async () => {
  const to = `race-${Date.now()}@example.com`;
  const keyRace = `k-race-${Date.now()}`;
  const results = await Promise.all(
    Array.from({ length: 20 }, () => send(tokens.Admin, keyRace, { to, subject: 'Hi', body: 'Race' })),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.every((s) => s === 202 || s === 409)).toBe(true);
  for (const conflict of results.filter((r) => r.status === 409)) {
    expect(conflict.body.errors[0].code).toBe('idempotency_key_in_use');
    expect(conflict.headers['retry-after']).toBe('1');
  }
  expect(new Set(results.filter((r) => r.status === 202).map((r) => r.body.id)).size).toBe(1);
  expect(await countTo(to)).toBe(1);
});

it('scopes keys to the caller: another caller with the same key gets its own result', async () => {
  const to = `scope-${Date.now()}@example.com`;
  const keyScope = `k-scope-${Date.now()}`;
  const admin = await send(tokens.Admin, keyScope, { to, subject: 'Hi', body: 'Scope' });
  const support = await send(tokens.Support, keyScope, { to, subject: 'Hi', body: 'Scope' });
  expect(support.status).toBe(202);
  expect(support.headers['idempotency-replayed']).toBeUndefined();
  expect(support.body.id).not.toBe(admin.body.id);
  expect(await countTo(to)).toBe(2);
});

it('does not keep a refused request: a corrected retry with the same key runs', async () => {
  const to = `fix-${Date.now()}@example.com`;
  const keyFix = `k-fix-${Date.now()}`;
  const keyFix2 = `k-fix2-${Date.now()}`;
  const refused = await send(tokens.Agent, keyFix, { to, subject: 'Hi', body: 'x' });
  expect(refused.status).toBe(403);
  const invalid = await send(tokens.Admin, keyFix2, { to, subject: '', body: 'x' });
  expect(invalid.status).toBe(400);
  const corrected = await send(tokens.Admin, keyFix2, { to, subject: 'Hi', body: 'x' });
  expect(corrected.status).toBe(202);
});

it('refuses a malformed key', async () => {
  const res = await send(tokens.Admin, 'bad key!', { to: 'a@example.com', subject: 'Hi', body: 'x' });
  expect(res.status).toBe(400);
  expect(res.body.errors[0].source).toEqual({ parameter: 'idempotency-key' });
});
