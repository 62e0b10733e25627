// Fare Watch's savings per month (GET /analytics/fare_watch) over rows the real flow made: held
// bookings, cheaper classes opened by the sandbox, opportunities accepted, declined with reasons,
// left to expire and replaced by a newer finding. Each counts once, in the month it was found;
// savings are summed per currency; an agent sees their own bookings', another agency sees none;
// a bad range is a 400 that changes nothing.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, findFares, payBy, setBalance } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let otherAgent: TestAccount;
let supervisor: TestAccount;

beforeAll(async () => {
  stack = await startStack({ env: { KEY_PREFIX: `${testEnv().KEY_PREFIX}-fare-watch-savings` } });
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  otherAgent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setBalance(stack.ctx.db, tenant.companyId, '100000.00');
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const api = () => request(stack.baseUrl);
const db = () => stack.ctx.db;
let day = 60;

/** A held LH booking by `who` with an open opportunity; answers its locator, opportunity and saving. */
async function found(who: TestAccount = agent) {
  const fares = await findFares(
    stack.baseUrl,
    bearer(who.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { carriers: ['LH'], currency: 'EUR' },
  );
  const booked = await book(stack.baseUrl, bearer(who.token), fares.find((f) => f.family === 'CL') ?? fares[0]!);
  const check = await api()
    .post(`/api/v1/sandbox/bookings/${booked.locator}/cheaper_fare`)
    .set(bearer(who.token))
    .send({ conditions: 'equal' });
  expect(check.status, JSON.stringify(check.body)).toBe(200);
  expect(check.body.outcome).toBe('found');
  return {
    locator: booked.locator,
    id: check.body.opportunity_id as string,
    saving: check.body.saving as { amount: string; currency: string },
  };
}

const savings = (token: string, query: Record<string, string> = {}) =>
  api().get('/api/v1/analytics/fare_watch').query(query).set(bearer(token));

const minor = (amount: string) => Math.round(Number(amount) * 100);
const thisMonth = new Date().toISOString().slice(0, 7);
const lastMonthStart = (() => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10));
})();
const lastMonth = lastMonthStart.toISOString().slice(0, 7);

describe('GET /analytics/fare_watch', () => {
  it('counts found, captured with the sum saved, declined by reason and expired, per month found', async () => {
    const empty = await savings(supervisor.token);
    expect(empty.status, JSON.stringify(empty.body)).toBe(200);
    expect(empty.body.totals).toMatchObject({ found: 0, captured: 0, savings: [], declined: 0, expired: 0 });
    // The last twelve months by default, every month listed, oldest first.
    expect(empty.body.by_month).toHaveLength(12);
    expect(empty.body.by_month.at(-1).month).toBe(thisMonth);

    // Two accepted (one found last month), two declined for different reasons, one expired, one
    // left open, and one replaced by a newer finding of its booking (counted once).
    const accepted = [await found(), await found()];
    for (const a of accepted) {
      const res = await api().post(`/api/v1/fare_watch/opportunities/${a.id}/accept`).set(bearer(agent.token)).send({});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await db()
      .updateTable('fare_watch_opportunities')
      .set({ created_at: lastMonthStart })
      .where('id', '=', accepted[0]!.id)
      .execute();
    const declined = [await found(), await found()];
    for (const [d, reason] of [
      [declined[0]!, 'timing'],
      [declined[1]!, 'conditions'],
    ] as const) {
      const res = await api()
        .post(`/api/v1/fare_watch/opportunities/${d.id}/decline`)
        .set(bearer(agent.token))
        .send({ reason });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    // Past its offer's expiry but not yet swept: expired all the same.
    const expired = await found();
    await db()
      .updateTable('fare_watch_opportunities')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', expired.id)
      .execute();
    const open = await found();
    const again = await api()
      .post(`/api/v1/sandbox/bookings/${open.locator}/cheaper_fare`)
      .set(bearer(agent.token))
      .send({ conditions: 'equal' });
    expect(again.body.outcome).toBe('found');
    expect(
      await db()
        .selectFrom('fare_watch_opportunities')
        .select('status')
        .where('id', '=', open.id)
        .executeTakeFirstOrThrow(),
    ).toMatchObject({ status: 'superseded' });
    // Another agent's booking of the same agency: the supervisor counts it, the agent does not.
    await found(otherAgent);

    const res = await savings(supervisor.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const saved = accepted.reduce((sum, a) => sum + minor(a.saving.amount), 0);
    expect(res.body.totals).toEqual({
      found: 7,
      captured: 2,
      savings: [{ amount: (saved / 100).toFixed(2), currency: 'EUR' }],
      declined: 2,
      declined_by_reason: { traveller_wants_original: 0, conditions: 1, timing: 1, other: 0 },
      expired: 1,
    });
    const month = (m: string) => res.body.by_month.find((x: { month: string }) => x.month === m).figures;
    expect(month(lastMonth)).toMatchObject({
      found: 1,
      captured: 1,
      savings: [{ amount: accepted[0]!.saving.amount, currency: 'EUR' }],
    });
    expect(month(thisMonth)).toMatchObject({ found: 6, captured: 1, declined: 2, expired: 1 });

    const own = await savings(agent.token);
    expect(own.body.totals.found).toBe(6);
    const stranger = await createAccount(db(), { userType: 'Supervisor', tenant: await createTenant(db()) });
    expect((await savings(stranger.token)).body.totals).toMatchObject({ found: 0, captured: 0, savings: [] });

    // A range of one day: only what was found that day.
    const today = new Date().toISOString().slice(0, 10);
    const oneDay = await savings(supervisor.token, { date_from: today, date_to: today });
    expect(oneDay.body.by_month).toHaveLength(1);
    expect(oneDay.body.totals.found).toBe(6);
  });

  it('answers a bad range with a 400 naming the parameter', async () => {
    const reversed = await savings(supervisor.token, { date_from: '2026-05-02', date_to: '2026-05-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0].source).toEqual({ parameter: 'date_from' });
    const tooLong = await savings(supervisor.token, { date_from: '2020-01-01', date_to: '2026-01-01' });
    expect(tooLong.status).toBe(400);
    const notADate = await savings(supervisor.token, { date_from: 'yesterday' });
    expect(notADate.status).toBe(400);
  });
});
