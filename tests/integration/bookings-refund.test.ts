// Refund requests against the sandbox airlines: the quote (refund, penalty, the agency's fee, where
// the money goes), the confirm that ends the booking `refunded` with its ledger credit and sales
// documents, exactly once under 20 concurrent confirms, and quotes that are not this booking's.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinor } from '../../api/src/money.js';
import { balanceOf, bearer, book, findFares, payBy, setAgencyFee, setIssueFee } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';
import { setupReasons } from '../support/ledgers.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
});
afterAll(async () => {
  await stack.close();
});

const db = () => stack.ctx.db;
const post = (token: string, path: string, body: object = {}) =>
  request(stack.baseUrl).post(`/api/v1${path}`).set(bearer(token)).send(body);
const salesOf = (locator: string) =>
  db()
    .selectFrom('sales_documents')
    .select(['kind', 'number', 'total', 'fees', 'related_document_id'])
    .where('locator', '=', locator)
    .orderBy('kind')
    .execute();
const ledgerOf = (companyId: string) =>
  db()
    .selectFrom('transactions')
    .select(['amount', 'reason'])
    .where('company_id', '=', companyId)
    .where('reason', 'not in', setupReasons)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

let day = 80;
/** An LH booking of this account, held. */
async function heldBooking(account: TestAccount) {
  const fares = await findFares(
    stack.baseUrl,
    bearer(account.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { carriers: ['LH'], currency: 'EUR' },
  );
  return book(stack.baseUrl, bearer(account.token), fares[0]!);
}

/** An LH booking of this account, issued by the channel's form of payment. */
async function issuedBooking(account: TestAccount) {
  const booked = await heldBooking(account);
  const issued = await post(account.token, '/bookings/issue', { locator: booked.locator });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return issued.body as { locator: string; documents: { number: string; amount: { amount: string } }[] };
}

async function balanceTenant() {
  const own = await createTenant(db());
  const payer = await createAccount(db(), { userType: 'Agent', tenant: own });
  await payBy(db(), own, 'company_balance');
  return { own, payer };
}

describe('a refund request', () => {
  it('quotes, then refunds: the booking ends refunded with its sales document and history', async () => {
    const issued = await issuedBooking(agent);
    const ticket = issued.documents[0]!;
    const quote = await post(agent.token, `/orders/${issued.locator}/refund_requests/create`);
    expect(quote.status, JSON.stringify(quote.body)).toBe(201);
    expect(quote.body).toMatchObject({
      locator: issued.locator,
      status: 'quoted',
      refund_to: 'bsp_cash',
      fee: { amount: '0.00', currency: 'EUR' },
      confirmed_at: null,
    });
    expect(quote.body.id).toMatch(/^brq_/);
    expect(toMinor(quote.body.refund.amount) + toMinor(quote.body.penalty.amount)).toBe(toMinor(ticket.amount.amount));
    expect(new Date(quote.body.expires_at).getTime()).toBeGreaterThan(Date.now());

    const confirmed = await post(agent.token, `/orders/${issued.locator}/refund_requests/confirm`, {
      refund_request_id: quote.body.id,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({
      status: 'refunded',
      provider_status: 'refunded',
      tickets_present: false,
      time_limit: null,
      cancel_before: null,
    });
    expect(confirmed.body.documents[0]).toMatchObject({ number: ticket.number, status: 'refunded' });
    const sales = await salesOf(issued.locator);
    expect(sales.map((d) => d.kind)).toEqual(['refund', 'ticket']);
    expect(sales[0]).toMatchObject({ number: ticket.number, total: quote.body.refund.amount, fees: '0.00' });
    expect(sales[0]!.related_document_id).toBe(`sal_${await bookingId(issued.locator)}_${ticket.number}`);

    const history = await request(stack.baseUrl)
      .get(`/api/v1/bookings/${issued.locator}/history`)
      .set(bearer(agent.token));
    expect(history.body.data.map((h: { action: string }) => h.action)).toEqual([
      'created',
      'issue_started',
      'issued',
      'refund_quoted',
      'refund_started',
      'refunded',
    ]);
    const again = await post(agent.token, `/orders/${issued.locator}/refund_requests/confirm`, {
      refund_request_id: quote.body.id,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('request_already_confirmed');
    const newQuote = await post(agent.token, `/orders/${issued.locator}/refund_requests/create`);
    expect(newQuote.status).toBe(409);
    expect(newQuote.body.errors[0].code).toBe('booking_closed');
    const listed = await request(stack.baseUrl)
      .get('/api/v1/bookings?status=refunded&per_page=100')
      .set(bearer(agent.token));
    expect(listed.body.data.map((b: { locator: string }) => b.locator)).toContain(issued.locator);
  });

  it('credits a company balance the refund less the agency’s refund fee', async () => {
    const { own, payer } = await balanceTenant();
    await setIssueFee(db(), own, '2.00');
    await setAgencyFee(db(), own, 'refund', '3.00');
    const issued = await issuedBooking(payer);
    const afterIssue = toMinor(await balanceOf(db(), own.companyId));
    const quote = await post(payer.token, `/orders/${issued.locator}/refund_requests/create`);
    expect(quote.body).toMatchObject({ refund_to: 'company_balance', fee: { amount: '3.00', currency: 'EUR' } });
    const airlineRefund = toMinor(quote.body.refund.amount) + 300;
    const res = await post(payer.token, `/orders/${issued.locator}/refund_requests/confirm`, {
      refund_request_id: quote.body.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(toMinor(await balanceOf(db(), own.companyId))).toBe(afterIssue + airlineRefund - 300);
    // Entries of one posting share their moment, so the order within one is not asserted.
    expect((await ledgerOf(own.companyId)).map((l) => l.reason).sort()).toEqual(
      [
        `Tickets ${issued.locator}`,
        `Issue fee ${issued.locator}`,
        `Refund ${issued.locator}`,
        `Refund fee ${issued.locator}`,
      ].sort(),
    );
    const [refundDoc] = await salesOf(issued.locator);
    expect(refundDoc).toMatchObject({ kind: 'refund', fees: '3.00' });
  });

  it('refunds exactly once under 20 concurrent confirms: one credit, one sales document', async () => {
    const { own, payer } = await balanceTenant();
    const issued = await issuedBooking(payer);
    const quote = await post(payer.token, `/orders/${issued.locator}/refund_requests/create`);
    const start = toMinor(await balanceOf(db(), own.companyId));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(payer.token, `/orders/${issued.locator}/refund_requests/confirm`, { refund_request_id: quote.body.id }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.status === 409))
      expect(['change_in_progress', 'request_already_confirmed']).toContain(a.body.errors[0].code);
    expect(toMinor(await balanceOf(db(), own.companyId))).toBe(start + toMinor(quote.body.refund.amount));
    expect((await ledgerOf(own.companyId)).filter((l) => l.reason === `Refund ${issued.locator}`)).toHaveLength(1);
    expect((await salesOf(issued.locator)).filter((d) => d.kind === 'refund')).toHaveLength(1);
  });

  it('replays a confirm sent again with the same Idempotency-Key', async () => {
    const issued = await issuedBooking(agent);
    const quote = await post(agent.token, `/orders/${issued.locator}/refund_requests/create`);
    const send = () =>
      request(stack.baseUrl)
        .post(`/api/v1/orders/${issued.locator}/refund_requests/confirm`)
        .set(bearer(agent.token))
        .set('Idempotency-Key', `refund-${quote.body.id}`)
        .send({ refund_request_id: quote.body.id });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
  });
});

describe('a confirm whose answer was lost', () => {
  it('is settled from the airline’s order when the booking is next opened', async () => {
    const { own, payer } = await balanceTenant();
    const issued = await issuedBooking(payer);
    const quote = await post(payer.token, `/orders/${issued.locator}/refund_requests/create`);
    // The claim as a crashed process leaves it; the airline refunded before the process died.
    await db()
      .updateTable('booking_requests')
      .set({
        status: 'confirming',
        attempt_id: 'cfm_crashed',
        confirming_started_at: new Date(Date.now() - 5 * 60_000),
      })
      .where('id', '=', quote.body.id)
      .execute();
    const stored = await db()
      .selectFrom('booking_requests as r')
      .innerJoin('bookings as b', 'b.id', 'r.booking_id')
      .select(['b.airline_locator', 'r.airline_quote_id'])
      .where('r.id', '=', quote.body.id)
      .executeTakeFirstOrThrow();
    const airline = await request(stack.sandboxUrl)
      .post('/ndc/OrderChange')
      .set('Authorization', `Bearer sbx_LH_${own.agencyId}`)
      .send({
        OrderID: stored.airline_locator,
        ChangeOrder: { AcceptRefundQuote: { RefundQuoteID: stored.airline_quote_id } },
      });
    expect(airline.status).toBe(200);
    const start = toMinor(await balanceOf(db(), own.companyId));
    const seen = await request(stack.baseUrl).get(`/api/v1/bookings/${issued.locator}`).set(bearer(payer.token));
    expect(seen.body).toMatchObject({ status: 'refunded', provider_status: 'refunded' });
    expect(toMinor(await balanceOf(db(), own.companyId))).toBe(start + toMinor(quote.body.refund.amount));
    await request(stack.baseUrl).get(`/api/v1/bookings/${issued.locator}`).set(bearer(payer.token));
    expect((await ledgerOf(own.companyId)).filter((l) => l.reason === `Refund ${issued.locator}`)).toHaveLength(1);
  });
});

describe('refusals that change nothing', () => {
  it('a held booking has nothing to refund', async () => {
    const held = await heldBooking(agent);
    const res = await post(agent.token, `/orders/${held.locator}/refund_requests/create`);
    expect(res.status).toBe(409);
    expect(res.body.errors[0].code).toBe('booking_not_issued');
  });

  it('another booking’s quote, an unknown one or a replaced one is refused; the booking stays issued', async () => {
    const a = await issuedBooking(agent);
    const b = await issuedBooking(agent);
    const quoteB = await post(agent.token, `/orders/${b.locator}/refund_requests/create`);
    const foreign = await post(agent.token, `/orders/${a.locator}/refund_requests/confirm`, {
      refund_request_id: quoteB.body.id,
    });
    expect(foreign.status).toBe(404);
    const unknown = await post(agent.token, `/orders/${a.locator}/refund_requests/confirm`, {
      refund_request_id: 'brq_nosuchquote',
    });
    expect(unknown.status).toBe(404);
    const missing = await post(agent.token, `/orders/${a.locator}/refund_requests/confirm`, {});
    expect(missing.status).toBe(400);
    const extra = await post(agent.token, `/orders/${a.locator}/refund_requests/create`, { amount: 1 });
    expect(extra.status).toBe(400);
    for (const locator of [a.locator, b.locator]) {
      const seen = await request(stack.baseUrl).get(`/api/v1/bookings/${locator}`).set(bearer(agent.token));
      expect(seen.body).toMatchObject({ status: 'issued', tickets_present: true });
    }
    // A newer quote replaces the older one at the airline, so the older one can no longer be confirmed.
    const newer = await post(agent.token, `/orders/${b.locator}/refund_requests/create`);
    const old = await post(agent.token, `/orders/${b.locator}/refund_requests/confirm`, {
      refund_request_id: quoteB.body.id,
    });
    expect(old.status).toBe(409);
    expect(old.body.errors[0].code).toBe('request_failed');
    const ok = await post(agent.token, `/orders/${b.locator}/refund_requests/confirm`, {
      refund_request_id: newer.body.id,
    });
    expect(ok.status).toBe(200);
    expect(await salesOf(a.locator)).toHaveLength(1);
  });
});

async function bookingId(locator: string) {
  const row = await db().selectFrom('bookings').select('id').where('locator', '=', locator).executeTakeFirstOrThrow();
  return row.id;
}
