// The booking lifecycle against the sandbox airlines over real HTTP: search -> book -> get -> issue
// -> void through the SDK, book -> cancel, the company balance paying with the agency's fee, every
// ticketing gate closed in turn, opening a booking the airline no longer has (416) or a malformed
// locator (400), the list with its visibility and search, and the history.
import {
  cancelBooking,
  createBooking,
  getBooking,
  issueBooking,
  listBookingHistory,
  listBookings,
  resetConfig,
  searchOffers,
} from '@contrail/sdk';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { fromMinor, toMinor } from '../../api/src/money.js';
import {
  balanceOf,
  bearer,
  book,
  bookingBody,
  findFares,
  inDays,
  payBy,
  setBalance,
  setAgencyFee,
  setIssueFee,
} from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { as, refusal } from '../support/sdk-calls.js';
import { testSecretKey } from '../support/services.js';
import { startStack, tokens, type Stack } from '../support/stack.js';
import { expectBalancesMatchLedgers, reopenBalance, setupReasons } from '../support/ledgers.js';

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
afterEach(() => resetConfig());

const api = () => request(stack.baseUrl);
const db = () => stack.ctx.db;
const salesOf = (locator: string) =>
  db()
    .selectFrom('sales_documents')
    .select(['kind', 'number', 'total', 'fees'])
    .where('locator', '=', locator)
    .execute();

describe('the lifecycle through the SDK', () => {
  it('searches, books, reads, issues and voids; sales documents follow', async () => {
    as(stack.apiUrl, agent.token);
    const result = await searchOffers({
      origin_destinations: [{ origin: 'WAW', destination: 'FRA', departure_date: inDays(30) }],
      passengers: { adults: 1 },
    });
    const offer = result.offers.find((o) => o.owner.code === 'LH')!;
    const fare = offer.fares[0]!;
    const booked = await createBooking({
      fare_id: fare.fare_id,
      search_result_id: result.id,
      passengers: [{ type: 'ADT', first_name: 'Olena', last_name: 'Kovalenko', title: 'MRS', birthdate: '1985-03-14' }],
      contacts: { email: 'olena@example.com', phone: '+48 600 100 200' },
    });
    expect(booked).toMatchObject({
      status: 'new',
      provider_status: 'held',
      fake_booking: true,
      tickets_present: false,
      async_emd_issue: false,
      carrier: 'LH',
      price: { amount: fare.price.amount, currency: fare.price.currency },
      passengers: [{ id: 'PAX1', type: 'ADT', first_name: 'Olena', last_name: 'Kovalenko' }],
      contacts: { email: 'olena@example.com', phone: '+48 600 100 200' },
      documents: [],
    });
    expect(booked.locator).toMatch(/^[A-Z0-9]{6}$/);
    expect(new Date(booked.time_limit!).getTime()).toBeGreaterThan(Date.now());
    expect(booked.cancel_before).toBe(booked.time_limit);
    expect(booked.segments[0]).toMatchObject({ origin: 'WAW', carrier: 'LH' });

    expect(await getBooking(booked.locator)).toMatchObject({ locator: booked.locator, status: 'new' });
    const listed = await listBookings({ q: booked.locator.toLowerCase(), status: 'new' });
    expect(listed.data.map((b) => b.locator)).toEqual([booked.locator]);

    const issued = await issueBooking({ locator: booked.locator });
    expect(issued).toMatchObject({
      status: 'issued',
      provider_status: 'issued',
      tickets_present: true,
      form_of_payment: 'bsp_cash',
    });
    expect(issued.time_limit).toBeNull();
    expect(issued.documents).toHaveLength(1);
    expect(issued.documents[0]).toMatchObject({ type: 'ticket', passenger_id: 'PAX1', status: 'issued' });
    expect(issued.documents[0]!.number).toMatch(/^220\d{10}$/);
    expect(new Date(issued.cancel_before!).getTime()).toBeGreaterThan(Date.now());
    expect(await salesOf(booked.locator)).toEqual([
      expect.objectContaining({ kind: 'ticket', number: issued.documents[0]!.number, total: fare.price.amount }),
    ]);

    const again = await refusal(issueBooking({ locator: booked.locator }));
    expect(again).toEqual({ status: 409, code: 'booking_already_issued' });

    const voided = await cancelBooking(booked.locator);
    expect(voided).toMatchObject({ status: 'voided', provider_status: 'voided', tickets_present: false });
    expect(voided.documents[0]).toMatchObject({ status: 'voided' });
    expect((await salesOf(booked.locator)).map((d) => d.kind).sort()).toEqual(['ticket', 'void']);
    expect(await refusal(cancelBooking(booked.locator))).toEqual({ status: 409, code: 'booking_closed' });

    const history = await listBookingHistory(booked.locator);
    expect(history.data.map((h) => h.action)).toEqual(['created', 'issue_started', 'issued', 'voided']);
    expect(history.data.every((h) => h.actor_account_id === agent.id)).toBe(true);
  });

  it('books and cancels before issue; a cancelled booking cannot be issued', async () => {
    as(stack.apiUrl, agent.token);
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'VIE', days: 31 });
    const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
    const cancelled = await cancelBooking(booked.locator);
    expect(cancelled).toMatchObject({ status: 'cancelled', provider_status: 'cancelled', time_limit: null });
    expect(await refusal(issueBooking({ locator: booked.locator }))).toEqual({ status: 409, code: 'booking_closed' });
    expect(await salesOf(booked.locator)).toEqual([]);
  });
});

describe('POST /bookings', () => {
  it('requires email and phone, and passengers matching the fare', async () => {
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 32 });
    const body = bookingBody(fare!);
    const noPhone = await api()
      .post('/api/v1/bookings')
      .set(bearer(agent.token))
      .send({ ...body, contacts: { email: 'a@example.com' } });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.errors[0].source.pointer).toBe('/contacts/phone');
    const two = await api()
      .post('/api/v1/bookings')
      .set(bearer(agent.token))
      .send({ ...body, passengers: [body.passengers[0], { ...body.passengers[0], first_name: 'Ivan' }] });
    expect(two.status).toBe(422);
    expect(two.body.errors[0].code).toBe('passenger_mismatch');
  });

  it('replays the same Idempotency-Key instead of booking twice', async () => {
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 33 });
    const send = () =>
      api()
        .post('/api/v1/bookings')
        .set(bearer(agent.token))
        .set('Idempotency-Key', `book-${fare!.fareId.slice(-12)}`)
        .send(bookingBody(fare!));
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.body.locator).toBe(first.body.locator);
    expect(second.headers['idempotency-replayed']).toBe('true');
  });

  it('does not book another agency’s fare', async () => {
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 34 });
    const stranger = await createAccount(db(), { userType: 'Agent', tenant: await createTenant(db()) });
    const res = await api().post('/api/v1/bookings').set(bearer(stranger.token)).send(bookingBody(fare!));
    expect(res.status).toBe(404);
  });
});

/**
 * A new agency paying from its company's balance, with the issue fee given (none: the agency's
 * own), its agent, and a EUR fare `days` ahead; `needMinor` is what issuing it debits.
 */
async function payingTenant(days: number, issueFee: string | null = '2.50') {
  const own = await createTenant(db());
  const payer = await createAccount(db(), { userType: 'Agent', tenant: own });
  await payBy(db(), own, 'company_balance');
  if (issueFee) await setIssueFee(db(), own, issueFee);
  const [fare] = await findFares(
    stack.baseUrl,
    bearer(payer.token),
    { origin: 'WAW', destination: 'FRA', days },
    { currency: 'EUR' },
  );
  return { own, payer, fare: fare!, needMinor: toMinor(fare!.amount) + (issueFee ? toMinor(issueFee) : 0) };
}

describe('paying from the company balance', () => {
  it('debits the tickets and the issue fee in one go, and a void gives the tickets back', async () => {
    const { own, payer, fare } = await payingTenant(35);
    const booked = await book(stack.baseUrl, bearer(payer.token), fare);
    const start = toMinor(await balanceOf(db(), own.companyId));
    const issued = await api()
      .post('/api/v1/bookings/issue')
      .set(bearer(payer.token))
      .send({ locator: booked.locator });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.form_of_payment).toBe('company_balance');
    // Server-Timing splits the airline's part of the wait from the whole request.
    const [, airlineMs, requestMs] = /^airline;dur=([\d.]+), request;dur=([\d.]+)$/
      .exec(issued.headers['server-timing'] ?? '')!
      .map(Number);
    expect(airlineMs).toBeGreaterThan(0);
    expect(requestMs).toBeGreaterThan(airlineMs!);
    expect(toMinor(await balanceOf(db(), own.companyId))).toBe(start - toMinor(fare.amount) - 250);
    const ledger = await db()
      .selectFrom('transactions')
      .select(['amount', 'reason'])
      .where('company_id', '=', own.companyId)
      .where('reason', 'not in', setupReasons)
      .orderBy('created_at')
      .execute();
    expect(ledger.map((l) => l.reason)).toEqual([`Tickets ${booked.locator}`, `Issue fee ${booked.locator}`]);
    expect((await salesOf(booked.locator))[0]).toMatchObject({ fees: '2.50' });

    const voided = await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(payer.token));
    expect(voided.body.status).toBe('voided');
    expect(toMinor(await balanceOf(db(), own.companyId))).toBe(start - 250);
  });

  it('refuses a balance too low and changes nothing', async () => {
    const { own, payer, fare } = await payingTenant(36, null);
    await setBalance(db(), own.companyId, '1.00');
    const booked = await book(stack.baseUrl, bearer(payer.token), fare);
    const res = await api().post('/api/v1/bookings/issue').set(bearer(payer.token)).send({ locator: booked.locator });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('insufficient_balance');
    expect(await balanceOf(db(), own.companyId)).toBe('1.00');
    const after = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(payer.token));
    expect(after.body).toMatchObject({ status: 'new', provider_status: 'held', tickets_present: false });
    expect(
      await db()
        .selectFrom('transactions')
        .select('id')
        .where('company_id', '=', own.companyId)
        .where('reason', 'not in', setupReasons)
        .execute(),
    ).toEqual([]);
  });
});

describe('the issue claim and its debit in one statement', () => {
  const issue = (token: string, locator: string) =>
    api().post('/api/v1/bookings/issue').set(bearer(token)).send({ locator });
  const ledgerOf = (companyId: string) =>
    db()
      .selectFrom('transactions')
      .select(['amount', 'balance_after', 'reason', 'kind', 'booking_id'])
      .where('company_id', '=', companyId)
      .where('reason', 'not in', setupReasons)
      .orderBy('seq')
      .execute();

  it('a cent short: refused as before, with nothing claimed, no intent, no history and no ledger entry', async () => {
    const { own, payer, fare, needMinor } = await payingTenant(51);
    const booked = await book(stack.baseUrl, bearer(payer.token), fare);
    await setBalance(db(), own.companyId, fromMinor(needMinor - 1));
    const refused = await issue(payer.token, booked.locator);
    expect(refused.status).toBe(422);
    expect(refused.body.errors[0].code).toBe('insufficient_balance');
    expect(refused.body.errors[0].detail).toBe(
      `The balance is ${fromMinor(needMinor - 1)} EUR; this needs ${fromMinor(needMinor)} EUR.`,
    );
    const row = await db()
      .selectFrom('bookings')
      .select(['id', 'status', 'balance_debit', 'issue_attempt_id'])
      .where('locator', '=', booked.locator)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'new', balance_debit: null, issue_attempt_id: null });
    expect(await db().selectFrom('airline_intents').select('id').where('booking_id', '=', row.id).execute()).toEqual(
      [],
    );
    const history = await db()
      .selectFrom('booking_history')
      .select('action')
      .where('booking_id', '=', row.id)
      .execute();
    expect(history.map((h) => h.action)).not.toContain('issue_started');
    expect(await balanceOf(db(), own.companyId)).toBe(fromMinor(needMinor - 1));
    expect(await ledgerOf(own.companyId)).toEqual([]);

    // A cent more, and the same statement takes it all: each entry with the balance right after it.
    await setBalance(db(), own.companyId, fromMinor(needMinor));
    const issued = await issue(payer.token, booked.locator);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(await balanceOf(db(), own.companyId)).toBe('0.00');
    expect(await ledgerOf(own.companyId)).toEqual([
      {
        amount: fromMinor(-toMinor(fare.amount)),
        balance_after: '2.50',
        reason: `Tickets ${booked.locator}`,
        kind: 'booking',
        booking_id: row.id,
      },
      {
        amount: '-2.50',
        balance_after: '0.00',
        reason: `Issue fee ${booked.locator}`,
        kind: 'booking',
        booking_id: row.id,
      },
    ]);
  });

  it('an issue that takes the balance below the low-balance threshold announces balance.low once', async () => {
    const { own, payer, fare, needMinor } = await payingTenant(52);
    // 1,000.00 left after the first issue, a cent below the threshold.
    await setBalance(db(), own.companyId, fromMinor(needMinor + 100_000));
    await db()
      .updateTable('companies')
      .set({ low_balance_threshold: '1000.01' })
      .where('id', '=', own.companyId)
      .execute();
    const lows = () =>
      db()
        .selectFrom('events')
        .select('id')
        .where('type', '=', 'balance.low')
        .where('company_id', '=', own.companyId)
        .execute();
    const first = await book(stack.baseUrl, bearer(payer.token), fare);
    expect((await issue(payer.token, first.locator)).status).toBe(200); // crosses
    expect(await lows()).toHaveLength(1);
    const [again] = await findFares(
      stack.baseUrl,
      bearer(payer.token),
      { origin: 'WAW', destination: 'FRA', days: 53 },
      { currency: 'EUR' },
    );
    const second = await book(stack.baseUrl, bearer(payer.token), again!);
    const paid = await issue(payer.token, second.locator); // already below
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await lows()).toHaveLength(1);
    expect(await balanceOf(db(), own.companyId)).toBe(fromMinor(100_000 - (toMinor(again!.amount) + 250)));
  });
});

describe('a booking’s balance posting, the last statement of its transaction', () => {
  const ledgerOf = (companyId: string) =>
    db()
      .selectFrom('transactions')
      .select(['amount', 'balance_after', 'reason', 'currency'])
      .where('company_id', '=', companyId)
      .where('reason', 'not in', setupReasons)
      .orderBy('seq')
      .execute();
  const lows = (companyId: string) =>
    db()
      .selectFrom('events')
      .select('id')
      .where('type', '=', 'balance.low')
      .where('company_id', '=', companyId)
      .execute();
  const issueAndVoidAtOnce = async (
    days: number,
    voidFee: (fareMinor: number) => string,
    setup: (companyId: string, needMinor: number) => Promise<void>,
  ) => {
    const { own, payer, fare, needMinor } = await payingTenant(days, null);
    await setup(own.companyId, needMinor);
    const booked = await book(stack.baseUrl, bearer(payer.token), fare);
    const issued = await api()
      .post('/api/v1/bookings/issue')
      .set(bearer(payer.token))
      .send({ locator: booked.locator });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    await setAgencyFee(db(), own, 'void', voidFee(toMinor(fare.amount)));
    return { own, payer, fare, booked };
  };

  it('30 voids at once credit once, each entry with the balance right after it', async () => {
    const { own, payer, fare, booked } = await issueAndVoidAtOnce(
      54,
      () => '1.50',
      (companyId, needMinor) => setBalance(db(), companyId, fromMinor(needMinor + 100_000)),
    );
    const voids = await Promise.all(
      Array.from({ length: 30 }, () => api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(payer.token))),
    );
    expect(voids.filter((v) => v.status >= 500)).toEqual([]);
    expect(voids.filter((v) => v.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(db(), own.companyId)).toBe(fromMinor(100_000 + toMinor(fare.amount) - 150));
    expect((await ledgerOf(own.companyId)).slice(1)).toEqual([
      {
        amount: fare.amount,
        balance_after: fromMinor(100_000 + toMinor(fare.amount)),
        reason: `Void ${booked.locator}`,
        currency: 'EUR',
      },
      {
        amount: '-1.50',
        balance_after: fromMinor(100_000 + toMinor(fare.amount) - 150),
        reason: `Void fee ${booked.locator}`,
        currency: 'EUR',
      },
    ]);
    await expectBalancesMatchLedgers(db());
  });

  it('a void that takes the balance below the low-balance threshold is posted by the ledger, which announces it', async () => {
    // A void fee 100.00 above the tickets' price: the void debits 100.00, from 1,000.00 to 900.00.
    const { own, payer, booked } = await issueAndVoidAtOnce(
      55,
      (fareMinor) => fromMinor(fareMinor + 10_000),
      (companyId, needMinor) => setBalance(db(), companyId, fromMinor(needMinor + 100_000)),
    );
    await db()
      .updateTable('companies')
      .set({ low_balance_threshold: '950.00' })
      .where('id', '=', own.companyId)
      .execute();
    const voided = await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(payer.token));
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(await balanceOf(db(), own.companyId)).toBe('900.00');
    expect((await ledgerOf(own.companyId)).at(-1)!.balance_after).toBe('900.00');
    expect(await lows(own.companyId)).toHaveLength(1);
  });

  it('a balance in another currency since issue: the ledger refuses the credit and nothing is posted', async () => {
    const { own, payer, booked } = await issueAndVoidAtOnce(
      56,
      () => '0.00',
      async () => {},
    );
    await reopenBalance(db(), own.companyId, 'USD', '500.00');
    const voided = await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(payer.token));
    expect(voided.status).toBe(422);
    expect(voided.body.errors[0].code).toBe('currency_mismatch');
    expect(await balanceOf(db(), own.companyId)).toBe('500.00');
    expect(await ledgerOf(own.companyId)).toEqual([]);
  });
});

describe('ticketing gates', () => {
  it('refuses to issue with each gate closed in turn, naming the gate, and issues once all are open', async () => {
    const own = await createTenant(db());
    const payer = await createAccount(db(), { userType: 'Agent', tenant: own });
    const fares = await findFares(
      stack.baseUrl,
      bearer(payer.token),
      { origin: 'WAW', destination: 'FRA', days: 37 },
      { carriers: ['LH'] },
    );
    const booked = await book(stack.baseUrl, bearer(payer.token), fares[0]!);
    const channelId = `ach_${own.agencyId}_lh`;
    const gates: { name: string; close: () => Promise<unknown>; open: () => Promise<unknown> }[] = [
      platformGate('main'),
      platformGate('agency'),
      {
        name: "partner's",
        close: () =>
          db().updateTable('agencies').set({ ticketing_active: false }).where('id', '=', own.agencyId).execute(),
        open: () =>
          db().updateTable('agencies').set({ ticketing_active: true }).where('id', '=', own.agencyId).execute(),
      },
      {
        name: "company's",
        close: () =>
          db().updateTable('companies').set({ ticketing_active: false }).where('id', '=', own.companyId).execute(),
        open: () =>
          db().updateTable('companies').set({ ticketing_active: true }).where('id', '=', own.companyId).execute(),
      },
      platformGate('channel'),
      {
        name: "channel's own",
        close: () =>
          db()
            .updateTable('agency_channels')
            .set({ active_by_supervisor: false })
            .where('id', '=', channelId)
            .execute(),
        open: () =>
          db().updateTable('agency_channels').set({ active_by_supervisor: true }).where('id', '=', channelId).execute(),
      },
    ];
    for (const gate of gates) {
      await gate.close();
      try {
        const res = await api()
          .post('/api/v1/bookings/issue')
          .set(bearer(payer.token))
          .send({ locator: booked.locator });
        expect(res.status, gate.name).toBe(409);
        expect(res.body.errors[0].code).toBe('ticketing_gate_closed');
        expect(res.body.errors[0].detail).toContain(`The ${gate.name}`);
      } finally {
        await gate.open();
      }
    }
    const res = await api().post('/api/v1/bookings/issue').set(bearer(payer.token)).send({ locator: booked.locator });
    expect(res.body.status).toBe('issued');
  });
});

function platformGate(gate: 'main' | 'agency' | 'channel') {
  const set = (active: boolean) =>
    request(stack.baseUrl)
      .patch(`/api/v1/ticketing/${gate}_gate`)
      .set(bearer(tokens.Admin))
      .send({ active })
      .expect(200);
  return { name: gate === 'agency' ? 'agency (consolidator)' : gate, close: () => set(false), open: () => set(true) };
}

describe('opening a booking', () => {
  it('answers 400 for a malformed locator and 404 for an unknown one', async () => {
    expect((await api().get('/api/v1/bookings/abc').set(bearer(agent.token))).status).toBe(400);
    expect((await api().get('/api/v1/bookings/ZZZZZZ').set(bearer(agent.token))).status).toBe(404);
  });

  it('answers 416 when the airline no longer has the booking, which leaves the active list', async () => {
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 38 });
    const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
    // Another airline record under this booking: as if the airline dropped ours.
    await db()
      .updateTable('bookings')
      .set({ airline_locator: 'QQQQQQ' })
      .where('locator', '=', booked.locator)
      .execute();
    const res = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(res.status).toBe(416);
    expect(res.body.errors[0].code).toBe('booking_gone');
    const active = await api().get('/api/v1/bookings?status=new&per_page=100').set(bearer(agent.token));
    expect(active.body.data.map((b: { locator: string }) => b.locator)).not.toContain(booked.locator);
  });
});

describe('GET /bookings', () => {
  it('lists what each role may see, with search, status and paging', async () => {
    const own = await createTenant(db());
    const first = await createAccount(db(), { userType: 'Agent', tenant: own });
    const second = await createAccount(db(), { userType: 'Agent', tenant: own });
    const supervisor = await createAccount(db(), { userType: 'Supervisor', tenant: own });
    // Search results belong to the searcher, so each agent searches for themselves.
    const leg = { origin: 'WAW', destination: 'FRA', days: 39 };
    const a = await book(
      stack.baseUrl,
      bearer(first.token),
      (await findFares(stack.baseUrl, bearer(first.token), leg))[0]!,
      'Shevchenko',
    );
    const b = await book(
      stack.baseUrl,
      bearer(second.token),
      (await findFares(stack.baseUrl, bearer(second.token), leg))[1]!,
      'Franko',
    );
    const list = async (token: string, query = '') =>
      (await api().get(`/api/v1/bookings?per_page=100${query}`).set(bearer(token))).body as {
        data: { locator: string }[];
        meta: { total: number };
      };
    const read = async (token: string, locator: string) =>
      (await api().get(`/api/v1/bookings/${locator}`).set(bearer(token))).status;
    expect((await list(first.token)).data.map((x) => x.locator)).toEqual([a.locator]);
    // One by one as in the list: their own always, a colleague's only once the company shares.
    expect([await read(first.token, a.locator), await read(first.token, b.locator)]).toEqual([200, 404]);
    await db().updateTable('companies').set({ shared_bookings: true }).where('id', '=', own.companyId).execute();
    expect((await list(first.token)).data.map((x) => x.locator)).toEqual([b.locator, a.locator]);
    expect([await read(first.token, a.locator), await read(first.token, b.locator)]).toEqual([200, 200]);
    expect((await list(supervisor.token)).meta.total).toBe(2);
    expect((await list(supervisor.token, '&q=shevch')).data.map((x) => x.locator)).toEqual([a.locator]);
    expect((await list(supervisor.token, `&q=${b.locator.toLowerCase()}`)).data.map((x) => x.locator)).toEqual([
      b.locator,
    ]);
    expect((await list(supervisor.token, '&status=issued')).meta.total).toBe(0);
    const paged = await api().get('/api/v1/bookings?per_page=1&page=2').set(bearer(supervisor.token));
    expect(paged.body.meta).toEqual({ page: 2, per_page: 1, total: 2 });
    expect(paged.body.data.map((x: { locator: string }) => x.locator)).toEqual([a.locator]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(supervisor.token, `&date_from=${today}&date_to=${today}`)).meta.total).toBe(2);
    expect((await list(supervisor.token, '&date_to=2020-01-01')).meta.total).toBe(0);
    const staff = await list(tokens.Support, `&q=${a.locator}`);
    expect(staff.data.map((x) => x.locator)).toEqual([a.locator]);
    const stranger = await createAccount(db(), { userType: 'Supervisor', tenant: await createTenant(db()) });
    expect((await list(stranger.token)).meta.total).toBe(0);
    expect((await api().get(`/api/v1/bookings/${a.locator}`).set(bearer(stranger.token))).status).toBe(404);
  });

  it('lists the active bookings (held within the time limit, issuing, issued) with status=active', async () => {
    const own = await createTenant(db());
    const someone = await createAccount(db(), { userType: 'Agent', tenant: own });
    const fares = await findFares(stack.baseUrl, bearer(someone.token), {
      origin: 'WAW',
      destination: 'FRA',
      days: 44,
    });
    const booked: string[] = [];
    for (const fare of fares.slice(0, 5)) booked.push((await book(stack.baseUrl, bearer(someone.token), fare)).locator);
    expect(booked).toHaveLength(5);
    const [held, issuing, issued, cancelled, lapsed] = booked as [string, string, string, string, string];
    const set = (locator: string, values: { status?: 'issuing' | 'issued' | 'cancelled'; time_limit?: Date }) =>
      db().updateTable('bookings').set(values).where('locator', '=', locator).execute();
    await set(issuing, { status: 'issuing' });
    await set(issued, { status: 'issued' });
    await set(cancelled, { status: 'cancelled' });
    await set(lapsed, { time_limit: new Date(Date.now() - 60_000) });
    const res = await api().get('/api/v1/bookings?status=active&per_page=100').set(bearer(someone.token));
    expect(res.status).toBe(200);
    expect(res.body.data.map((b: { locator: string }) => b.locator).sort()).toEqual([held, issuing, issued].sort());
    expect(res.body.meta.total).toBe(3);
  });
});

describe('an issue whose process died', () => {
  // The claim is left as a crashed process leaves it: `issuing`, started minutes ago.
  const strand = (locator: string) =>
    db()
      .updateTable('bookings')
      .set({
        status: 'issuing',
        issue_attempt_id: 'iss_crashed',
        issuing_started_at: new Date(Date.now() - 5 * 60_000),
        form_of_payment: 'bsp_cash',
      })
      .where('locator', '=', locator)
      .execute();

  it('is finished from the airline’s tickets when the airline issued', async () => {
    const [fare] = await findFares(
      stack.baseUrl,
      bearer(agent.token),
      { origin: 'WAW', destination: 'FRA', days: 41 },
      { carriers: ['LH'] },
    );
    const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
    await strand(booked.locator);
    const row = await db()
      .selectFrom('bookings')
      .select(['airline_locator', 'airline_total'])
      .where('locator', '=', booked.locator)
      .executeTakeFirstOrThrow();
    // The airline ticketed before the process died.
    const paid = await request(stack.sandboxUrl)
      .post('/ndc/OrderChange')
      .set('Authorization', `Bearer sbx_LH_${tenant.agencyId}`)
      .send({
        OrderID: row.airline_locator,
        ChangeOrder: {
          PaymentFunctions: {
            PaymentMethod: { TypeCode: 'CA' },
            Amount: { Amount: row.airline_total, CurCode: 'EUR' },
          },
        },
      });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const res = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(res.body).toMatchObject({ status: 'issued', tickets_present: true });
    expect(await salesOf(booked.locator)).toHaveLength(1);
  });

  it('is given back when the airline never ticketed', async () => {
    const [fare] = await findFares(
      stack.baseUrl,
      bearer(agent.token),
      { origin: 'WAW', destination: 'FRA', days: 42 },
      { carriers: ['LH'] },
    );
    const booked = await book(stack.baseUrl, bearer(agent.token), fare!);
    await strand(booked.locator);
    const res = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(res.body).toMatchObject({ status: 'new', tickets_present: false });
    const issued = await api()
      .post('/api/v1/bookings/issue')
      .set(bearer(agent.token))
      .send({ locator: booked.locator });
    expect(issued.body.status).toBe('issued');
  });
});

describe('an airline refusal at ticketing', () => {
  it('gives the claim and the money back and says what the airline said', async () => {
    const { own, payer, fare } = await payingTenant(43, null);
    const booked = await book(stack.baseUrl, bearer(payer.token), fare, 'Ticketfail');
    const res = await api().post('/api/v1/bookings/issue').set(bearer(payer.token)).send({ locator: booked.locator });
    expect(res.status).toBe(422);
    expect(res.body.errors[0].code).toBe('ticketing_failed');
    expect(await balanceOf(db(), own.companyId)).toBe('1000.00');
    const after = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(payer.token));
    expect(after.body.status).toBe('new');
    expect(after.body.error).toContain('Issue failed');
  });
});

describe('paying by the channel’s credit card', () => {
  it('issues with the card the channel names', async () => {
    const own = await createTenant(db());
    const payer = await createAccount(db(), { userType: 'Agent', tenant: own });
    const cardId = `crd_${own.agencyId}`;
    await db()
      .insertInto('credit_cards')
      .values({
        id: cardId,
        agency_id: own.agencyId,
        brand: 'visa',
        last4: '1111',
        exp_month: 12,
        exp_year: new Date().getFullYear() + 2,
        holder: 'AGENCY',
        number_ciphertext: createSecretBox(testSecretKey, 'card-number').seal('4111111111111111'),
      })
      .execute();
    await db()
      .updateTable('agency_channels')
      .set({ form_of_payment: 'credit_card', ticketing_credit_card_id: cardId })
      .where('agency_id', '=', own.agencyId)
      .execute();
    const [fare] = await findFares(
      stack.baseUrl,
      bearer(payer.token),
      { origin: 'WAW', destination: 'FRA', days: 44 },
      { carriers: ['LH'] },
    );
    const booked = await book(stack.baseUrl, bearer(payer.token), fare!);
    const res = await api().post('/api/v1/bookings/issue').set(bearer(payer.token)).send({ locator: booked.locator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'issued', form_of_payment: 'credit_card', tickets_present: true });
    expect(JSON.stringify(res.body)).not.toContain('4111111111111111');
  });
});
