// Flight change requests against the sandbox airlines: alternatives for a new date with their price
// difference, penalty and what confirming costs, one priced again, and the confirm that pays from
// the company balance and reissues the tickets (old ones exchanged) exactly once; the airline's
// reissue error (surname REISSUEFAIL) answered with its words, the money back and the tickets as
// they were; bad input that changes nothing.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toMinor } from '../../api/src/money.js';
import type { StoredFares } from '../../api/src/domain/bookings/booking.js';
import { balanceOf, bearer, book, findFares, inDays, payBy, setAgencyFee, setBalance } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let own: TestTenant;
let payer: TestAccount;
beforeAll(async () => {
  stack = await startStack();
  own = await createTenant(stack.ctx.db);
  payer = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: own });
  await payBy(stack.ctx.db, own, 'company_balance');
  await setBalance(stack.ctx.db, own.companyId, '5000.00');
});
afterAll(async () => {
  await stack.close();
});

const db = () => stack.ctx.db;
const post = (path: string, body: object = {}) =>
  request(stack.baseUrl).post(`/api/v1${path}`).set(bearer(payer.token)).send(body);
const balance = async () => toMinor(await balanceOf(db(), own.companyId));
const historyOf = async (locator: string) =>
  (await request(stack.baseUrl).get(`/api/v1/bookings/${locator}/history?per_page=100`).set(bearer(payer.token))).body
    .data as { action: string; airline_answer: string | null }[];

interface Alternative {
  offer_id: string;
  segments: { departure_at: string; origin_destination: number }[];
  new_price: { amount: string; currency: string };
  price_difference: { amount: string };
  penalty: { amount: string };
  fee: { amount: string };
  total_due: { amount: string; currency: string };
  residual: { amount: string; currency: string };
  expires_at: string;
}

/** What confirming moves on the balance: the total due out, a cheaper result's residual back in. */
const balanceMove = (a: Alternative) => toMinor(a.total_due.amount) - toMinor(a.residual.amount);
const byNewPrice = (a: Alternative, b: Alternative) => toMinor(a.new_price.amount) - toMinor(b.new_price.amount);

let day = 100;
/** An issued LH booking of the fare family asked (CL changes for a fee, LT not at all). */
async function issued(family: 'LT' | 'CL' | 'FX', surname?: string) {
  const days = (day += 2);
  const fares = await findFares(
    stack.baseUrl,
    bearer(payer.token),
    { origin: 'WAW', destination: 'FRA', days },
    { carriers: ['LH'], currency: 'EUR' },
  );
  const fare = fares.find((f) => f.family === family);
  expect(fare, `an LH ${family} fare`).toBeDefined();
  const booked = await book(stack.baseUrl, bearer(payer.token), fare!, surname);
  const res = await post('/bookings/issue', { locator: booked.locator });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...(res.body as { locator: string; documents: { number: string; status: string }[] }), days };
}

const createChange = (locator: string, journeys: object[]) =>
  post(`/orders/${locator}/flights_change_requests/create`, { journeys });

describe('a flight change request', () => {
  it('offers other flights, prices one again, and reissues the tickets paid from the balance', async () => {
    await setAgencyFee(db(), own, 'exchange', '4.00');
    const booking = await issued('CL');
    const oldTicket = booking.documents[0]!.number;
    const newDate = inDays(booking.days + 1);
    const created = await createChange(booking.locator, [{ origin_destination: 0, date: newDate }]);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      locator: booking.locator,
      status: 'quoted',
      journeys: [{ origin_destination: 0, date: newDate }],
      confirmed_at: null,
    });
    const alternatives = created.body.alternatives as Alternative[];
    expect(alternatives.length).toBeGreaterThan(0);
    for (const a of alternatives) {
      expect(a.offer_id).toMatch(/^rsh_/);
      expect(a.segments[0]!.departure_at.slice(0, 10)).toBe(newDate);
      expect(toMinor(a.penalty.amount)).toBeGreaterThan(0);
      expect(a.fee).toEqual({ amount: '4.00', currency: 'EUR' });
      expect(toMinor(a.total_due.amount)).toBe(
        Math.max(0, toMinor(a.price_difference.amount)) + toMinor(a.penalty.amount) + 400,
      );
      expect(toMinor(a.residual.amount)).toBe(Math.max(0, -toMinor(a.price_difference.amount)));
    }
    // The dearest alternative: nothing comes back.
    const chosen = alternatives.sort(byNewPrice).at(-1)!;

    const priced = await post(`/orders/${booking.locator}/reshop_offers/price`, { offer_id: chosen.offer_id });
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
    expect(priced.body).toMatchObject({
      flights_change_request_id: created.body.id,
      price_changed: false,
      paid_by: 'company_balance',
      alternative: { offer_id: chosen.offer_id, total_due: chosen.total_due, new_price: chosen.new_price },
    });

    const before = await balance();
    const faresNow = async () =>
      (
        (await db()
          .selectFrom('bookings')
          .select('fares')
          .where('locator', '=', booking.locator)
          .executeTakeFirstOrThrow()) as { fares: StoredFares }
      ).fares.airline[0]!;
    const oldFare = await faresNow();
    const confirmed = await post(`/orders/${booking.locator}/flights_change_requests/confirm`, {
      flights_change_request_id: created.body.id,
      offer_id: chosen.offer_id,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'issued', tickets_present: true, price: chosen.new_price });
    expect(confirmed.body.segments[0].departure_at.slice(0, 10)).toBe(newDate);
    const docs = confirmed.body.documents as { number: string; status: string }[];
    expect(docs.find((d) => d.number === oldTicket)?.status).toBe('exchanged');
    const newTicket = docs.find((d) => d.status === 'issued')!;
    expect(newTicket.number).not.toBe(oldTicket);
    expect(await balance()).toBe(before - balanceMove(chosen));
    const ledger = await db()
      .selectFrom('transactions')
      .select('reason')
      .where('company_id', '=', own.companyId)
      .where('reason', 'like', `Exchange%${booking.locator}`)
      .execute();
    expect(ledger.map((l) => l.reason).sort()).toEqual(
      [
        `Exchange ${booking.locator}`,
        `Exchange fee ${booking.locator}`,
        ...(toMinor(chosen.residual.amount) > 0 ? [`Exchange residual ${booking.locator}`] : []),
      ].sort(),
    );
    const sales = await db()
      .selectFrom('sales_documents')
      .select(['kind', 'number', 'total', 'fees', 'related_document_id'])
      .where('locator', '=', booking.locator)
      .where('kind', '=', 'exchange')
      .execute();
    expect(sales).toEqual([
      expect.objectContaining({ number: newTicket.number, total: chosen.total_due.amount, fees: '4.00' }),
    ]);
    expect(sales[0]!.related_document_id).toMatch(new RegExp(`_${oldTicket}$`));
    // The accounting row: the airline's tax difference by code (new fare's less old fare's), the
    // fare taking the rest of the difference; codes add up to the tax total.
    const newFare = await faresNow();
    expect(newFare.taxes?.length).toBeGreaterThan(0);
    const [exch] = await db()
      .selectFrom('accounting_documents')
      .select(['base_fare', 'taxes', 'tax_total', 'total'])
      // Ticket numbers repeat across sandboxes started with the same seed: this agency's own row.
      .where('agency_id', '=', own.agencyId)
      .where('document_number', '=', newTicket.number)
      .where('transaction_code', '=', 'EXCH')
      .execute();
    const taxes = exch!.taxes as Record<string, string>;
    const byCode = (f: typeof newFare) => {
      const m = new Map<string, number>();
      for (const t of f.taxes ?? []) m.set(t.code, (m.get(t.code) ?? 0) + toMinor(t.amount.amount));
      return m;
    };
    const [next, old] = [byCode(newFare), byCode(oldFare)];
    const expected = Object.fromEntries(
      [...new Set([...next.keys(), ...old.keys()])]
        .map((code) => [code, (next.get(code) ?? 0) - (old.get(code) ?? 0)] as const)
        .filter(([, minor]) => minor !== 0)
        .map(([code, minor]) => [code, (minor / 100).toFixed(2)]),
    );
    expect(taxes).toEqual(expected);
    expect(Object.values(taxes).reduce((a, t) => a + toMinor(t), 0)).toBe(toMinor(exch!.tax_total));
    expect(toMinor(exch!.tax_total)).toBe(toMinor(newFare.taxTotal.amount) - toMinor(oldFare.taxTotal.amount));
    expect(toMinor(exch!.base_fare) + toMinor(exch!.tax_total)).toBe(toMinor(exch!.total));
    expect((await historyOf(booking.locator)).map((h) => h.action).slice(-3)).toEqual([
      'change_quoted',
      'exchange_started',
      'exchanged',
    ]);
    const again = await post(`/orders/${booking.locator}/flights_change_requests/confirm`, {
      flights_change_request_id: created.body.id,
      offer_id: chosen.offer_id,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('request_already_confirmed');
    await setAgencyFee(db(), own, 'exchange', '0.00');
  });

  it('reissues exactly once under 10 concurrent confirms: one debit, one new ticket', async () => {
    const booking = await issued('CL');
    const created = await createChange(booking.locator, [{ origin_destination: 0, date: inDays(booking.days + 1) }]);
    // The cheapest alternative: a residual comes back when it costs less than the booking.
    const chosen = (created.body.alternatives as Alternative[]).sort(byNewPrice)[0]!;
    const before = await balance();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(`/orders/${booking.locator}/flights_change_requests/confirm`, {
          flights_change_request_id: created.body.id,
          offer_id: chosen.offer_id,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await balance()).toBe(before - balanceMove(chosen));
    const seen = await request(stack.baseUrl).get(`/api/v1/bookings/${booking.locator}`).set(bearer(payer.token));
    expect(seen.body.documents.filter((d: { status: string }) => d.status === 'issued')).toHaveLength(1);
    expect(seen.body.documents.filter((d: { status: string }) => d.status === 'exchanged')).toHaveLength(1);
  });

  it('answers the airline’s reissue error with its words; the money goes back, the tickets stay', async () => {
    const booking = await issued('CL', 'Reissuefail');
    const ticket = booking.documents[0]!.number;
    const created = await createChange(booking.locator, [{ origin_destination: 0, date: inDays(booking.days + 1) }]);
    const chosen = (created.body.alternatives as Alternative[])[0]!;
    expect(toMinor(chosen.total_due.amount)).toBeGreaterThan(0);
    const before = await balance();
    const res = await post(`/orders/${booking.locator}/flights_change_requests/confirm`, {
      flights_change_request_id: created.body.id,
      offer_id: chosen.offer_id,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('reissue_failed');
    expect(res.body.errors[0].detail).toContain('REISSUE NOT PERMITTED');
    expect(await balance()).toBe(before);
    const seen = await request(stack.baseUrl).get(`/api/v1/bookings/${booking.locator}`).set(bearer(payer.token));
    expect(seen.body).toMatchObject({ status: 'issued', tickets_present: true });
    expect(seen.body.documents).toEqual([expect.objectContaining({ number: ticket, status: 'issued' })]);
    const history = await historyOf(booking.locator);
    expect(history.at(-1)).toMatchObject({ action: 'exchange_failed' });
    expect(history.at(-1)!.airline_answer).toContain('REISSUE NOT PERMITTED');
    const again = await post(`/orders/${booking.locator}/flights_change_requests/confirm`, {
      flights_change_request_id: created.body.id,
      offer_id: chosen.offer_id,
    });
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('request_failed');
    const sales = await db()
      .selectFrom('sales_documents')
      .select('kind')
      .where('locator', '=', booking.locator)
      .execute();
    expect(sales.map((s) => s.kind)).toEqual(['ticket']);
  });
});

describe('refusals that change nothing', () => {
  it('a Light fare allows no change', async () => {
    const booking = await issued('LT');
    const res = await createChange(booking.locator, [{ origin_destination: 0, date: inDays(booking.days + 1) }]);
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('change_not_allowed');
  });

  it('bad journeys, a held booking, unknown or other bookings’ offers and requests', async () => {
    const booking = await issued('CL');
    const other = await issued('CL');
    const next = inDays(booking.days + 1);
    const bad: [object[], string][] = [
      [[{ origin_destination: 1, date: next }], '/journeys/0/origin_destination'],
      [[{ origin_destination: 0, date: '2020-01-01' }], '/journeys/0/date'],
      [[{ origin_destination: 0, date: 'tomorrow' }], '/journeys/0/date'],
      [
        [
          { origin_destination: 0, date: next },
          { origin_destination: 0, date: next },
        ],
        '/journeys',
      ],
      [[], '/journeys'],
    ];
    for (const [journeys, pointer] of bad) {
      const res = await createChange(booking.locator, journeys);
      expect(res.status, JSON.stringify(journeys)).toBe(400);
      expect(res.body.errors[0].source.pointer).toBe(pointer);
    }
    const fares = await findFares(
      stack.baseUrl,
      bearer(payer.token),
      { origin: 'WAW', destination: 'FRA', days: (day += 2) },
      { carriers: ['LH'] },
    );
    const held = await book(stack.baseUrl, bearer(payer.token), fares[0]!);
    const notIssued = await createChange(held.locator, [{ origin_destination: 0, date: next }]);
    expect(notIssued.status).toBe(409);
    expect(notIssued.body.errors[0].code).toBe('booking_not_issued');

    const theirs = await createChange(other.locator, [{ origin_destination: 0, date: inDays(other.days + 1) }]);
    const theirOffer = (theirs.body.alternatives as Alternative[])[0]!.offer_id;
    expect((await post(`/orders/${booking.locator}/reshop_offers/price`, { offer_id: theirOffer })).status).toBe(404);
    expect((await post(`/orders/${booking.locator}/reshop_offers/price`, { offer_id: 'rsh_unknown' })).status).toBe(
      404,
    );
    const foreign = await post(`/orders/${booking.locator}/flights_change_requests/confirm`, {
      flights_change_request_id: theirs.body.id,
      offer_id: theirOffer,
    });
    expect(foreign.status).toBe(404);
    const mine = await createChange(booking.locator, [{ origin_destination: 0, date: next }]);
    const wrongOffer = await post(`/orders/${booking.locator}/flights_change_requests/confirm`, {
      flights_change_request_id: mine.body.id,
      offer_id: theirOffer,
    });
    expect(wrongOffer.status).toBe(404);
    for (const b of [booking, other]) {
      const seen = await request(stack.baseUrl).get(`/api/v1/bookings/${b.locator}`).set(bearer(payer.token));
      expect(seen.body.documents).toEqual([
        expect.objectContaining({ number: b.documents[0]!.number, status: 'issued' }),
      ]);
      expect((await historyOf(b.locator)).map((h) => h.action)).not.toContain('exchange_started');
    }
  });
});
