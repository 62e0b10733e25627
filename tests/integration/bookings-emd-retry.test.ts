// Retrying a failed EMD request against the sandbox airlines over real HTTP, with the worker. The
// airline refuses a seat another booking took; once that booking lets it go, a retry asks again:
// the balance is debited once more, the same request is queued once and its one EMD is issued —
// under 40 concurrent retries, round after round. A done request, a booking's stranger and an
// unknown request are refused and change nothing; the assistant proposes the retry as a plan.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { addAncillaries, emdRequestsOf, ledgerOf, paidSeat } from '../support/ancillaries.js';
import { waitFor } from '../support/wait.js';
import { balanceOf, bearer, book, findFares, payBy, setBalance, type FoundFare } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, testEnv, tokens, type Stack } from '../support/stack.js';

const env = { KEY_PREFIX: `${testEnv().KEY_PREFIX}-emd-retry` };
let stack: Stack;
let worker: WorkerHandle | undefined;
let tenant: TestTenant;
let agent: TestAccount;
let stranger: TestAccount;
let day = 120;

beforeAll(async () => {
  stack = await startStack({ env });
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  stranger = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: await createTenant(stack.ctx.db) });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setBalance(stack.ctx.db, tenant.companyId, '100000.00');
});
afterAll(async () => {
  await worker?.close();
  await stack.close();
  expect(stack.violations).toEqual([]);
});

const api = () => request(stack.baseUrl);
const db = () => stack.ctx.db;
const startTheWorker = async () => {
  worker ??= await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
};
const stopTheWorker = async () => {
  await worker?.close();
  worker = undefined;
};
const retry = (token: string, locator: string, id: string) =>
  api().post(`/api/v1/bookings/${locator}/emd_requests/${id}/retry`).set(bearer(token)).send();

async function lhFare(): Promise<FoundFare> {
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { currency: 'EUR', carriers: ['LH'] },
  );
  // Two bookings take this fare (refusedSeat): on some days the cheapest class has one seat left.
  return fares.find((f) => f.seatsLeft >= 2)!;
}

/**
 * An issued booking whose paid seat the airline refused (another booking, still held, took it
 * first), and that other booking. The worker is stopped while the refusal is set up, so the
 * request waits in PostgreSQL until the seat is gone, and runs when it starts.
 */
async function refusedSeat() {
  await stopTheWorker();
  const fare = await lhFare();
  const first = await book(stack.baseUrl, bearer(agent.token), fare);
  const issued = await api().post('/api/v1/bookings/issue').set(bearer(agent.token)).send({ locator: first.locator });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const seat = await paidSeat(stack.baseUrl, agent.token, first.locator);
  const asked = await addAncillaries(stack.baseUrl, agent.token, first.locator, [{ seat, passenger_id: 'PAX1' }]);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  const price = asked.body.ancillaries[0].price.amount as string;
  const other = await book(stack.baseUrl, bearer(agent.token), fare);
  const took = await addAncillaries(stack.baseUrl, agent.token, other.locator, [{ seat, passenger_id: 'PAX1' }]);
  expect(took.status, JSON.stringify(took.body)).toBe(200);
  await startTheWorker();
  const [failed] = await waitFor(
    'the airline to refuse the seat',
    () => emdRequestsOf(db(), first.locator),
    (rows) => rows[0]?.status === 'failed',
  );
  return { locator: first.locator, other: other.locator, requestId: failed!.id, price };
}

/** The other booking lets the seat go: issued and voided, its seat's EMD is void and the seat free. */
async function releaseSeat(locator: string) {
  const issued = await api().post('/api/v1/bookings/issue').set(bearer(agent.token)).send({ locator });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const voided = await api().delete(`/api/v1/bookings/${locator}`).set(bearer(agent.token));
  expect(voided.status, JSON.stringify(voided.body)).toBe(200);
}

const emdLedger = async (locator: string) =>
  (await ledgerOf(db(), tenant.companyId)).filter(
    (t) => t.reason.startsWith('EMD') && t.reason.endsWith(` ${locator}`),
  );
const historyOf = async (locator: string) =>
  (await api().get(`/api/v1/bookings/${locator}/history`).set(bearer(agent.token))).body.data.map(
    (h: { action: string }) => h.action,
  );
const emdDocuments = async (locator: string) =>
  (
    (await api().get(`/api/v1/bookings/${locator}`).set(bearer(agent.token))).body.documents as { type: string }[]
  ).filter((d) => d.type === 'emd');
const claimsOf = (locator: string) =>
  db()
    .selectFrom('booking_emd_claims as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .select(['c.passenger_id', 'c.service_key', 'c.request_id'])
    .where('b.locator', '=', locator)
    .execute();

describe('retrying a failed EMD request', () => {
  it('lists the refusal, then asks the airline again: one more debit, the same request queued, its EMD issued', async () => {
    const { locator, other, requestId, price } = await refusedSeat();
    const listed = await api()
      .get('/api/v1/emd_requests')
      .query({ status: 'failed', locator })
      .set(bearer(agent.token));
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body).toMatchObject({
      data: [{ id: requestId, locator, status: 'failed', amount: { amount: price, currency: 'EUR' }, attempts: 1 }],
      meta: { total: 1 },
    });
    expect(listed.body.data[0].error).toContain('not available');

    await releaseSeat(other);
    const before = await balanceOf(db(), tenant.companyId);
    const res = await retry(agent.token, locator, requestId);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ id: requestId, locator, error: null, finished_at: null });
    expect(['queued', 'running', 'done']).toContain(res.body.status);
    await waitFor(
      'the retried EMD',
      () => emdRequestsOf(db(), locator),
      (rows) => rows[0]?.status === 'done',
    );
    expect(await emdDocuments(locator)).toHaveLength(1);
    expect(Number(before) - Number(await balanceOf(db(), tenant.companyId))).toBeCloseTo(Number(price), 2);
    expect(await emdLedger(locator)).toEqual([
      { amount: `-${price}`, reason: `EMDs ${locator}` },
      { amount: price, reason: `EMDs refused ${locator}` },
      { amount: `-${price}`, reason: `EMDs ${locator}` },
    ]);
    expect((await historyOf(locator)).slice(-3)).toEqual(['emds_failed', 'emds_retried', 'emds_issued']);
    const booking = (await api().get(`/api/v1/bookings/${locator}`).set(bearer(agent.token))).body;
    expect(booking).toMatchObject({ async_emd_issue: false, error: null });
    expect(booking.ancillaries).toEqual([expect.objectContaining({ kind: 'seat', status: 'issued' })]);

    // Done now: a retry is refused with its state, and nothing moves.
    const again = await retry(agent.token, locator, requestId);
    expect(again.status).toBe(409);
    expect(again.body.errors[0]).toMatchObject({ code: 'emd_request_not_failed' });
    expect(await emdLedger(locator)).toHaveLength(3);
  });

  it('refuses another agency, an unknown request and a malformed one, changing nothing', async () => {
    const { locator, other, requestId } = await refusedSeat();
    const ledger = await emdLedger(locator);
    expect((await retry(stranger.token, locator, requestId)).status).toBe(404);
    expect((await retry(agent.token, locator, 'emr_nosuchrequest')).status).toBe(404);
    expect((await retry(agent.token, other, requestId)).status).toBe(404);
    expect((await retry(agent.token, 'abc', requestId)).status).toBe(400);
    expect(
      (await api().get('/api/v1/emd_requests').query({ locator }).set(bearer(stranger.token))).body.meta.total,
    ).toBe(0);
    expect(await emdLedger(locator)).toEqual(ledger);
    expect((await emdRequestsOf(db(), locator))[0]).toMatchObject({ status: 'failed', checks: 0 });
  });

  it('takes one of 40 concurrent retries, round after round: one debit, one job, one EMD', async () => {
    for (let round = 0; round < 10; round++) {
      const { locator, other, requestId, price } = await refusedSeat();
      await releaseSeat(other);
      const answers = await Promise.all(Array.from({ length: 40 }, () => retry(agent.token, locator, requestId)));
      // Every retry gets the request (queued, running or done) or, once it is done, 409 saying so.
      for (const a of answers) {
        if (a.status === 409) expect(a.body.errors[0].code, `round ${round}`).toBe('emd_request_not_failed');
        else {
          expect(a.status, `round ${round}: ${JSON.stringify(a.body)}`).toBe(202);
          expect(a.body.id).toBe(requestId);
          expect(a.body.status).not.toBe('failed');
        }
      }
      expect(answers.filter((a) => a.status === 202).length, `round ${round}`).toBeGreaterThan(0);
      const [done] = await waitFor(
        'the retried EMD',
        () => emdRequestsOf(db(), locator),
        (rows) => rows[0]?.status === 'done',
      );
      // One requeue (the next check number, one job id) and one more attempt at the airline.
      expect(done, `round ${round}`).toMatchObject({ checks: 1, attempts: 2 });
      expect(
        (await emdLedger(locator)).filter((t) => t.reason === `EMDs ${locator}`),
        `round ${round}`,
      ).toEqual([
        { amount: `-${price}`, reason: `EMDs ${locator}` },
        { amount: `-${price}`, reason: `EMDs ${locator}` },
      ]);
      expect(await claimsOf(locator), `round ${round}`).toEqual([
        expect.objectContaining({ passenger_id: 'PAX1', request_id: requestId }),
      ]);
      expect(await emdDocuments(locator), `round ${round}`).toHaveLength(1);
      expect(
        (await historyOf(locator)).filter((a: string) => a === 'emds_retried'),
        `round ${round}`,
      ).toHaveLength(1);
    }
  }, 180_000);
});

describe('the assistant', () => {
  it('proposes the retry of a booking’s failed EMD as a plan, and runs it once, audited', async () => {
    const { locator, other, requestId } = await refusedSeat();
    await releaseSeat(other);
    const question = `retry the failed EMD of booking ${locator}`;
    const asked = await request(stack.baseUrl)
      .post('/api/v1/admin_panel/ask')
      .set(bearer(tokens.Support))
      .send({ question, language: 'pl' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const plan = asked.body.plan;
    expect(plan.steps).toEqual([
      {
        tool: 'retry_failed_emd',
        args: { locator, request_id: requestId },
        summary: `ponowić nieudane zlecenie EMD ${requestId} rezerwacji ${locator} (saldo płaci ponownie)`,
      },
    ]);
    // Only a plan: nothing queued yet.
    expect((await emdRequestsOf(db(), locator))[0]).toMatchObject({ status: 'failed', checks: 0 });

    const done = await request(stack.baseUrl)
      .post('/api/v1/admin_panel/execute')
      .set(bearer(tokens.Support))
      .send({ plan_id: plan.id, plan_hash: plan.hash });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.steps).toMatchObject([{ tool: 'retry_failed_emd', ok: true, result: { id: requestId } }]);
    await waitFor(
      'the retried EMD',
      () => emdRequestsOf(db(), locator),
      (rows) => rows[0]?.status === 'done',
    );
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'assistant_question'])
      .where('assistant_plan_id', '=', plan.id)
      .execute();
    expect(audit).toEqual([{ action: 'retryEmdRequest', entity_id: requestId, assistant_question: question }]);
  });
});
