// The event stream under concurrent writers: 40 transactions at a time append events and commit in
// a random order (each waits a random few milliseconds after its insert, so a later seq often
// commits before an earlier one), for 6 rounds, while a stream session polls. The session must hand
// on every event of its agency exactly once, in log order, and none of another agency's: the fence
// (event-stream.service.ts) keeps it from passing a seq that a running transaction still holds.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '../../api/src/db/database.js';
import { insertEvent } from '../../api/src/db/events.repository.js';
import { newId } from '../../api/src/domain/ids.js';
import type { Principal } from '../../api/src/domain/principal.js';
import { createTenant, type TestTenant } from '../support/factories.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
let writers: Db;
let ours: TestTenant;
let theirs: TestTenant;
const companies = new Map<string, string>();

beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
  writers = createDb(stack.config.DATABASE_URL, 45);
  [ours, theirs] = [await createTenant(stack.ctx.db), await createTenant(stack.ctx.db)];
  // A balance.low event's object is the company as the API answers it: the events stay in the run's
  // database, where any later reader of GET /events holds them to the contract.
  for (const tenant of [ours, theirs]) {
    const answer = await fetch(`${stack.apiUrl}/companies/${tenant.companyId}`, {
      headers: { Authorization: `Bearer ${tokens.Admin}` },
    });
    expect(answer.status).toBe(200);
    companies.set(tenant.agencyId, await answer.text());
  }
});
afterAll(async () => {
  await writers?.destroy();
  await stack?.close();
});

const supervisorOf = (tenant: TestTenant): Principal => ({
  accountId: newId('acc'),
  userType: 'Supervisor',
  agencyId: tenant.agencyId,
  companyId: tenant.companyId,
  onboardingComplete: true,
  via: { kind: 'token', tokenId: 'tok_race', mode: 'test', source: 'api' },
});

async function append(tenant: TestTenant): Promise<string> {
  const id = newId('evt');
  await writers.transaction().execute(async (trx) => {
    await insertEvent(trx, {
      id,
      type: 'balance.low',
      agency_id: tenant.agencyId,
      company_id: tenant.companyId,
      booking_id: null,
      agent_id: null,
      live_mode: false,
      data: `{"object":${companies.get(tenant.agencyId)!}}`,
      request_id: null,
      idempotency_key: null,
      dedupe_key: null,
      created_at: new Date(),
    });
    await new Promise((r) => setTimeout(r, Math.random() * 50));
  });
  return id;
}

it('hands on every event once and in log order while 40 writers commit out of order, 6 rounds', async () => {
  const session = await stack.ctx.eventStream.open(supervisorOf(ours), {});
  const received: string[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      for (const message of await session.poll()) received.push((JSON.parse(message.json) as { id: string }).id);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();

  const written: string[] = [];
  for (let round = 0; round < 6; round++) {
    const ids = await Promise.all(Array.from({ length: 40 }, (_, i) => append(i % 4 === 0 ? theirs : ours)));
    written.push(...ids.filter((_, i) => i % 4 !== 0));
  }
  const deadline = Date.now() + 15_000;
  while (received.length < written.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  polling = false;
  await poller;

  expect(new Set(received).size).toBe(received.length);
  expect([...received].sort()).toEqual([...written].sort());
  const seqs = await stack.ctx.db.selectFrom('events').select(['id', 'seq']).where('id', 'in', received).execute();
  const seqOf = new Map(seqs.map((r) => [r.id, BigInt(r.seq)]));
  const inOrder = received.every((id, i) => i === 0 || seqOf.get(id)! > seqOf.get(received[i - 1]!)!);
  expect(inOrder).toBe(true);
}, 60_000);
