// The admin assistant over HTTP: reads answered at once, writes only as plans that change nothing
// until confirmed, a plan run at most once (40 concurrent confirmations, many rounds), expiry,
// tampering, another user's plan, permissions, the audit trail, and the known "read-only SQL"
// bypasses, which find no tool to reach.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestTenant } from '../support/factories.js';
import { bearer } from '../support/bookings.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
const tag = randomBytes(3).toString('hex').replace(/\d/g, 'q');
const agencyName = `Zephyrine Voyages ${tag}`;
const companyName = `Quillfeather Holidays ${tag}`;

const ask = (token: string, body: object) =>
  request(stack.apiUrl).post('/admin_panel/ask').set(bearer(token)).send(body);
const execute = (token: string, body: object) =>
  request(stack.apiUrl).post('/admin_panel/execute').set(bearer(token)).send(body);

async function agencyRow() {
  return stack.ctx.db.selectFrom('agencies').selectAll().where('id', '=', tenant.agencyId).executeTakeFirstOrThrow();
}
async function ledgerCount(companyId: string) {
  const r = await stack.ctx.db
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
  tenant = await createTenant(stack.ctx.db, agencyName);
  await stack.ctx.db.updateTable('companies').set({ name: companyName }).where('id', '=', tenant.companyId).execute();
});
afterAll(async () => {
  await stack?.close();
  expect(stack.violations).toEqual([]);
});

describe('ask', () => {
  it('answers a read at once, with tables, in the asked language; the partner name may have a typo', async () => {
    const res = await ask(tokens.Support, { question: `channels of agency Zefyrine Voyages ${tag}`, language: 'pl' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ plan: null, planner: 'rules' });
    expect(res.body.answer).toMatch(/^Znaleziono/);
    const channels = res.body.tables.find((t: { title: string }) => t.title === 'Kanały');
    expect(channels.rows.length).toBeGreaterThan(0);
    expect(channels.rows.every((r: unknown[]) => r[1] === agencyName)).toBe(true);
  });

  it('keeps a conversation; another user cannot continue it', async () => {
    const first = await ask(tokens.Support, { question: `balance of company ${companyName}` });
    expect(first.status).toBe(200);
    expect(first.body.tables[0].rows[0]).toEqual([companyName, tenant.companyId, agencyName, '1000.00 EUR', true]);
    const again = await ask(tokens.Support, {
      question: 'who changed the main gate?',
      conversation_id: first.body.conversation_id,
    });
    expect(again.body.conversation_id).toBe(first.body.conversation_id);
    const stranger = await ask(tokens.Admin, {
      question: 'who changed the main gate?',
      conversation_id: first.body.conversation_id,
    });
    expect(stranger.status).toBe(404);
  });

  it('refuses agents and supervisors', async () => {
    for (const role of ['Agent', 'Supervisor'] as const) {
      expect((await ask(tokens[role], { question: 'show bookings' })).status).toBe(403);
      expect((await execute(tokens[role], { plan_id: 'apl_x', plan_hash: 'x' })).status).toBe(403);
    }
  });

  it('says when it does not understand, and what it can do, in each language', async () => {
    for (const [language, start] of [
      ['en', 'I did not understand'],
      ['ua', 'Я не зрозумів'],
      ['pl', 'Nie zrozumiałem'],
    ] as const) {
      const res = await ask(tokens.Support, { question: 'what is the meaning of life', language });
      expect(res.body.plan).toBeNull();
      expect(res.body.answer.startsWith(start)).toBe(true);
    }
  });
});

describe('plans', () => {
  it('a write is only a plan until confirmed; executed once, audited via the assistant', async () => {
    const question = `close the gate of agency ${agencyName}`;
    const res = await ask(tokens.Support, { question, language: 'ua' });
    expect(res.status).toBe(200);
    const plan = res.body.plan;
    expect(plan.steps).toEqual([
      {
        tool: 'set_partner_gate',
        args: { agency_id: tenant.agencyId, active: false },
        summary: `закрити шлюз партнера ${agencyName} (${tenant.agencyId})`,
      },
    ]);
    expect(new Date(plan.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect((await agencyRow()).ticketing_active).toBe(true);

    const done = await execute(tokens.Support, { plan_id: plan.id, plan_hash: plan.hash });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.steps).toMatchObject([{ tool: 'set_partner_gate', ok: true, error: null }]);
    expect((await agencyRow()).ticketing_active).toBe(false);
    const audit = await stack.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('assistant_plan_id', '=', plan.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'setPartnerGate',
      assistant_question: question,
      actor_user_type: 'Support',
    });

    // a repeat answers the first result and changes nothing more
    await stack.ctx.db
      .updateTable('agencies')
      .set({ ticketing_active: true })
      .where('id', '=', tenant.agencyId)
      .execute();
    const repeat = await execute(tokens.Support, { plan_id: plan.id, plan_hash: plan.hash });
    expect(repeat.body).toEqual(done.body);
    expect((await agencyRow()).ticketing_active).toBe(true);

    // "who changed" finds the entry, with its plan and question
    const who = await ask(tokens.Support, { question: `who closed agency ${agencyName}?` });
    expect(who.body.tables[0].rows[0]).toEqual(expect.arrayContaining([plan.id, question]));
  });

  it('refuses a wrong hash, an edited plan, another user, an expired plan', async () => {
    const res = await ask(tokens.Support, { question: `open the gate of agency ${agencyName}` });
    const plan = res.body.plan;
    expect((await execute(tokens.Support, { plan_id: plan.id, plan_hash: '0'.repeat(64) })).status).toBe(409);
    expect((await execute(tokens.Admin, { plan_id: plan.id, plan_hash: plan.hash })).status).toBe(403);
    expect((await execute(tokens.Support, { plan_id: 'apl_none', plan_hash: plan.hash })).status).toBe(404);

    // widened after the fact (in the database): the stored hash no longer matches its steps
    await stack.ctx.db
      .updateTable('assistant_plans')
      .set({ steps: JSON.stringify([{ tool: 'set_platform_gate', args: { gate: 'main', active: false } }]) })
      .where('id', '=', plan.id)
      .execute();
    const edited = await execute(tokens.Support, { plan_id: plan.id, plan_hash: plan.hash });
    expect(edited.status).toBe(409);
    expect(edited.body.errors[0].code).toBe('assistant_plan_mismatch');

    const later = (await ask(tokens.Support, { question: `open the gate of agency ${agencyName}` })).body.plan;
    await stack.ctx.db
      .updateTable('assistant_plans')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', later.id)
      .execute();
    const expired = await execute(tokens.Support, { plan_id: later.id, plan_hash: later.hash });
    expect(expired.status).toBe(410);
    expect(expired.body.errors[0].code).toBe('assistant_plan_expired');
    expect((await stack.ctx.db.selectFrom('ticketing_gates').selectAll().execute()).length).toBeGreaterThan(0);
  });

  it('never lets Support do what only an Admin may: a balance change is refused, not planned', async () => {
    const question = `top up company ${companyName} by 50 EUR, comment: bank transfer`;
    const support = await ask(tokens.Support, { question });
    expect(support.body.plan).toBeNull();
    expect(support.body.answer).toMatch(/may not/);
    const admin = await ask(tokens.Admin, { question });
    expect(admin.body.plan.steps[0]).toMatchObject({
      tool: 'change_balance',
      args: { company_id: tenant.companyId, amount: { amount: '50.00', currency: 'EUR' }, reason: 'bank transfer' },
    });
  });

  it('runs a plan once under 40 concurrent confirmations, 10 rounds; all answers identical', async () => {
    for (let round = 0; round < 10; round++) {
      const before = await ledgerCount(tenant.companyId);
      const plan = (
        await ask(tokens.Admin, { question: `top up company ${companyName} by 1 EUR, comment: race ${round}` })
      ).body.plan;
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => execute(tokens.Admin, { plan_id: plan.id, plan_hash: plan.hash })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
      expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
      expect(answers[0]!.body.steps[0]).toMatchObject({ ok: true, result: { reason: `race ${round}` } });
      expect(await ledgerCount(tenant.companyId)).toBe(before + 1);
    }
  }, 120_000);
});

describe('no SQL tool exists', () => {
  const bypasses = [
    'SELECT * INTO stolen_accounts FROM accounts',
    'WITH gone AS (DELETE FROM transactions RETURNING *) SELECT count(*) FROM gone',
    'SELECT 1; COMMIT; DROP TABLE audit_log; --',
    "SELECT pg_read_file('/etc/passwd')",
    'show bookings; UPDATE companies SET balance_amount = 1000000',
    "run this query: WITH x AS (UPDATE agencies SET status = 'archived' RETURNING id) SELECT * FROM x",
  ];
  it('each bypass of a read-only SQL guard is a question like any other: no plan, nothing changed', async () => {
    const counts = async () =>
      Promise.all(
        ['accounts', 'transactions', 'audit_log', 'agencies', 'companies'].map(async (t) =>
          Number(
            (
              await stack.ctx.db
                .selectFrom(t as 'accounts')
                .select((eb) => eb.fn.countAll<string>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      );
    const before = await counts();
    const balances = await stack.ctx.db
      .selectFrom('companies')
      .select(['id', 'balance_amount'])
      .orderBy('id')
      .execute();
    for (const question of bypasses) {
      for (const token of [tokens.Admin, tokens.Support]) {
        const res = await ask(token, { question });
        expect(res.status, question).toBe(200);
        expect(res.body.plan, question).toBeNull();
        expect(JSON.stringify(res.body), question).not.toContain('root:');
      }
    }
    expect(await counts()).toEqual(before);
    expect(await stack.ctx.db.selectFrom('companies').select(['id', 'balance_amount']).orderBy('id').execute()).toEqual(
      balances,
    );
    const stolen = await stack.ctx.db
      .selectNoFrom(sql<string | null>`to_regclass('stolen_accounts')::text`.as('t'))
      .executeTakeFirstOrThrow();
    expect(stolen.t).toBeNull();
  });
});
