// Ancillaries of a booking against the sandbox airlines over real HTTP: what the airline offers;
// before issue the services are priced into the order (and paid, with their EMDs, at issue); after
// issue the answer is 202 and the worker issues the EMDs exactly once, debiting the company balance
// once — concurrent requests included; slow EMDs flip async_emd_issue back once the airline's clock
// passes; an airline refusal fails the request, gives the money back and says so on the booking.
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { fromMinor, toMinor } from '../../api/src/money.js';
import { startWorker, type WorkerHandle } from '../../api/src/worker.js';
import { addAncillaries, ancillaries, emdRequestsOf, ledgerOf, paidSeat, paidService } from '../support/ancillaries.js';
import { waitFor } from '../support/wait.js';
import {
  advanceSandbox,
  balanceOf,
  bearer,
  book,
  findFares,
  payBy,
  setBalance,
  type FoundFare,
} from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';

const env = { KEY_PREFIX: `${testEnv().KEY_PREFIX}-ancillaries` };
let stack: Stack;
let worker: WorkerHandle | undefined;
let tenant: TestTenant;
let agent: TestAccount;
let day = 60;

beforeAll(async () => {
  stack = await startStack({ env });
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setBalance(stack.ctx.db, tenant.companyId, '100000.00');
});
afterAll(async () => {
  await worker?.close();
  await stack.close();
});

const api = () => request(stack.baseUrl);
const db = () => stack.ctx.db;
const startTheWorker = async () => {
  worker ??= await startWorker(loadConfig(testEnv({ ...env, SANDBOX_URL: stack.sandboxUrl })));
};
/** The cheapest LH fare with `seats` seats left (the sandbox's seats on a date depend on the date). */
async function lhFare(seats = 1): Promise<FoundFare> {
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { currency: 'EUR', carriers: ['LH'] },
  );
  return fares.find((f) => f.seatsLeft >= seats)!;
}
async function held(surname?: string, fare?: FoundFare) {
  return book(stack.baseUrl, bearer(agent.token), fare ?? (await lhFare()), surname);
}
async function issued(surname?: string, fare?: FoundFare) {
  const booked = await held(surname, fare);
  const res = await api().post('/api/v1/bookings/issue').set(bearer(agent.token)).send({ locator: booked.locator });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { locator: string; price: { amount: string } };
}
const getBooking = async (locator: string) =>
  (await api().get(`/api/v1/bookings/${locator}`).set(bearer(agent.token))).body;
const historyOf = async (locator: string) =>
  (await api().get(`/api/v1/bookings/${locator}/history`).set(bearer(agent.token))).body.data.map(
    (h: { action: string }) => h.action,
  );
const emdSales = (locator: string) =>
  db()
    .selectFrom('sales_documents')
    .select(['number', 'total', 'kind'])
    .where('locator', '=', locator)
    .where('kind', '=', 'emd')
    .execute();

it('lists the bags, other services and seat maps the airline offers for the booking', async () => {
  const booked = await held();
  const bags = await ancillaries(stack.baseUrl, agent.token, booked.locator, 'bags');
  expect(bags.status).toBe(200);
  expect(bags.body).toMatchObject({ locator: booked.locator, type: 'bags', seat_maps: [] });
  expect(bags.body.services.length).toBeGreaterThan(0);
  expect(bags.body.services[0]).toMatchObject({ type: 'bags', passenger_ids: ['PAX1'], price: { currency: 'EUR' } });
  const other = await ancillaries(stack.baseUrl, agent.token, booked.locator, 'other');
  expect(other.body.services.every((s: { type: string }) => s.type === 'other')).toBe(true);
  const seats = await ancillaries(stack.baseUrl, agent.token, booked.locator, 'seats');
  const flights = (await getBooking(booked.locator)).segments.map((s: { flight_id: string }) => s.flight_id);
  expect(seats.body.seat_maps.map((m: { flight_id: string }) => m.flight_id)).toEqual(flights);
});

it('refuses unknown services, flights and passengers with a pointer each, and changes nothing', async () => {
  const booked = await held();
  const bag = await paidService(stack.baseUrl, agent.token, booked.locator);
  const res = await addAncillaries(stack.baseUrl, agent.token, booked.locator, [
    { service_id: 'SVNOSUCH', passenger_id: 'PAX1' },
    { service_id: bag.id, passenger_id: 'PAX9' },
    { seat: { segment_id: 'XX1-AAABBB-2030-01-01', row: 3, column: 'A' }, passenger_id: 'PAX1' },
  ]);
  expect(res.status).toBe(422);
  expect(res.body.errors.map((e: { code: string; source: { pointer: string } }) => [e.code, e.source.pointer])).toEqual(
    [
      ['ancillary_invalid', '/items/0/service_id'],
      ['ancillary_invalid', '/items/1/passenger_id'],
      ['ancillary_invalid', '/items/2/seat/segment_id'],
    ],
  );
  const after = await getBooking(booked.locator);
  expect(after).toMatchObject({ price: booked.price, ancillaries: [] });
  expect(await historyOf(booked.locator)).toEqual(['created']);
});

it('before issue prices the services into the booking; issuing pays for them and brings their EMDs', async () => {
  const booked = await held();
  const bag = await paidService(stack.baseUrl, agent.token, booked.locator);
  const seat = await paidSeat(stack.baseUrl, agent.token, booked.locator);
  const res = await addAncillaries(stack.baseUrl, agent.token, booked.locator, [
    { service_id: bag.id, passenger_id: 'PAX1' },
    { seat, passenger_id: 'PAX1' },
  ]);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.ancillaries.map((a: { kind: string; status: string }) => [a.kind, a.status])).toEqual([
    ['bags', 'priced'],
    ['seat', 'priced'],
  ]);
  const seatPrice = res.body.ancillaries[1].price.amount as string;
  const added = Math.round((Number(bag.price.amount) + Number(seatPrice)) * 100);
  expect(Math.round(Number(res.body.price.amount) * 100)).toBe(Math.round(Number(booked.price.amount) * 100) + added);
  expect(res.body.async_emd_issue).toBe(false);
  expect(await historyOf(booked.locator)).toEqual(['created', 'ancillaries_added']);

  const again = await addAncillaries(stack.baseUrl, agent.token, booked.locator, [
    { service_id: bag.id, passenger_id: 'PAX1' },
  ]);
  expect(again.status).toBe(409);
  expect(again.body.errors[0]).toMatchObject({ code: 'ancillary_already_added', source: { pointer: '/items/0' } });

  const before = await balanceOf(db(), tenant.companyId);
  const paid = await api().post('/api/v1/bookings/issue').set(bearer(agent.token)).send({ locator: booked.locator });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  expect(Math.round((Number(before) - Number(await balanceOf(db(), tenant.companyId))) * 100)).toBe(
    Math.round(Number(res.body.price.amount) * 100),
  );
  const emds = paid.body.documents.filter((d: { type: string }) => d.type === 'emd');
  expect(emds).toHaveLength(2);
  expect(paid.body.ancillaries.map((a: { status: string; emd_number: string }) => [a.status, a.emd_number])).toEqual(
    emds.map((d: { number: string }) => ['issued', d.number]),
  );
  expect((await emdSales(booked.locator)).map((s) => s.number).sort()).toEqual(
    emds.map((d: { number: string }) => d.number).sort(),
  );
});

it('records an airline refusal after issue: the request fails, the balance gets its money back', async () => {
  const fare = await lhFare(2); // two bookings take it
  const first = await issued(undefined, fare);
  const seat = await paidSeat(stack.baseUrl, agent.token, first.locator);
  const balance = await balanceOf(db(), tenant.companyId);
  // No worker yet: the request waits in PostgreSQL while another booking takes the seat.
  const asked = await addAncillaries(stack.baseUrl, agent.token, first.locator, [{ seat, passenger_id: 'PAX1' }]);
  expect(asked.status, JSON.stringify(asked.body)).toBe(202);
  expect(asked.body).toMatchObject({ async_emd_issue: true, ancillaries: [{ kind: 'seat', status: 'pending' }] });
  expect(Number(await balanceOf(db(), tenant.companyId))).toBeLessThan(Number(balance));
  const second = await held(undefined, fare);
  const took = await addAncillaries(stack.baseUrl, agent.token, second.locator, [{ seat, passenger_id: 'PAX1' }]);
  expect(took.status, JSON.stringify(took.body)).toBe(200);

  await startTheWorker();
  const [failed] = await waitFor(
    'the request to fail',
    () => emdRequestsOf(db(), first.locator),
    (rows) => rows[0]?.status === 'failed',
  );
  expect(failed!.error).toContain('not available');
  expect(await balanceOf(db(), tenant.companyId)).toBe(balance);
  const after = await getBooking(first.locator);
  expect(after).toMatchObject({ async_emd_issue: false, ancillaries: [{ kind: 'seat', status: 'failed' }] });
  expect(after.error).toContain('EMD issue failed');
  expect(await historyOf(first.locator)).toEqual([
    'created',
    'issue_started',
    'issued',
    'emds_requested',
    'emds_failed',
  ]);
  expect(await emdSales(first.locator)).toEqual([]);
});

it('after issue answers 202; the worker issues the EMD once and the balance is debited once', async () => {
  await startTheWorker();
  const booked = await issued();
  const bag = await paidService(stack.baseUrl, agent.token, booked.locator);
  const before = await balanceOf(db(), tenant.companyId);
  const res = await addAncillaries(stack.baseUrl, agent.token, booked.locator, [
    { service_id: bag.id, passenger_id: 'PAX1' },
  ]);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toMatchObject({ status: 'issued', async_emd_issue: true });
  await waitFor(
    'the EMD',
    () => emdRequestsOf(db(), booked.locator),
    (rows) => rows[0]?.status === 'done',
  );
  const after = await getBooking(booked.locator);
  expect(after.async_emd_issue).toBe(false);
  const emd = after.documents.find((d: { type: string }) => d.type === 'emd');
  expect(emd).toMatchObject({ amount: bag.price, status: 'issued' });
  expect(after.ancillaries).toEqual([
    expect.objectContaining({ kind: 'bags', status: 'issued', emd_number: emd.number }),
  ]);
  expect(await emdSales(booked.locator)).toEqual([{ number: emd.number, total: bag.price.amount, kind: 'emd' }]);
  expect(Math.round((Number(before) - Number(await balanceOf(db(), tenant.companyId))) * 100)).toBe(
    Math.round(Number(bag.price.amount) * 100),
  );
  const debits = (await ledgerOf(db(), tenant.companyId)).filter((t) => t.reason === `EMDs ${booked.locator}`);
  expect(debits).toEqual([{ amount: `-${bag.price.amount}`, reason: `EMDs ${booked.locator}` }]);
  expect(await historyOf(booked.locator)).toEqual([
    'created',
    'issue_started',
    'issued',
    'emds_requested',
    'emds_issued',
  ]);
});

it('gives the EMDs bought after issue back with the tickets when the booking is voided', async () => {
  await startTheWorker();
  const start = await balanceOf(db(), tenant.companyId);
  const booked = await issued();
  const bag = await paidService(stack.baseUrl, agent.token, booked.locator);
  expect(
    (await addAncillaries(stack.baseUrl, agent.token, booked.locator, [{ service_id: bag.id, passenger_id: 'PAX1' }]))
      .status,
  ).toBe(202);
  await waitFor(
    'the EMD',
    () => emdRequestsOf(db(), booked.locator),
    (rows) => rows[0]?.status === 'done',
  );
  const voided = await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
  expect(voided.status, JSON.stringify(voided.body)).toBe(200);
  expect(voided.body.ancillaries).toEqual([expect.objectContaining({ status: 'voided' })]);
  expect(await balanceOf(db(), tenant.companyId)).toBe(start);
  const kinds = await db()
    .selectFrom('sales_documents')
    .select(['kind', 'total'])
    .where('locator', '=', booked.locator)
    .orderBy('kind')
    .execute();
  expect(kinds.map((k) => k.kind)).toEqual(['emd', 'ticket', 'void', 'void']);
});

it('takes one of concurrent requests for the same items: one EMD, one debit, the same answer to each', async () => {
  await startTheWorker();
  // The airline holds this passenger's EMDs until its clock moves: the first request stays open
  // however slowly the others arrive (one arriving after a finished EMD would be a new purchase).
  const booked = await issued('SLOWEMD');
  const bag = await paidService(stack.baseUrl, agent.token, booked.locator);
  const answers = await Promise.all(
    Array.from({ length: 8 }, () =>
      addAncillaries(stack.baseUrl, agent.token, booked.locator, [{ service_id: bag.id, passenger_id: 'PAX1' }]),
    ),
  );
  // A repeat of items already claimed gets the existing request: the same answer, nothing bought again.
  expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 8 }, () => 202));
  await waitFor(
    'the airline to take the service',
    () => getBooking(booked.locator),
    (b: { ancillaries: { id: string; status: string }[] }) =>
      b.ancillaries[0]?.status === 'pending' && !b.ancillaries[0].id.startsWith('emr_'),
  );
  await advanceSandbox(stack.sandboxUrl, 700);
  await waitFor(
    'the EMD',
    () => emdRequestsOf(db(), booked.locator),
    (rows) => rows[0]?.status === 'done',
  );
  const after = await getBooking(booked.locator);
  expect(after.documents.filter((d: { type: string }) => d.type === 'emd')).toHaveLength(1);
  expect(after.ancillaries).toHaveLength(1);
  expect(await emdSales(booked.locator)).toHaveLength(1);
  expect((await ledgerOf(db(), tenant.companyId)).filter((t) => t.reason === `EMDs ${booked.locator}`)).toHaveLength(1);
});

it('keeps async_emd_issue true while the airline holds slow EMDs, and false once its clock passes', async () => {
  await startTheWorker();
  const booked = await issued('SLOWEMD');
  const bag = await paidService(stack.baseUrl, agent.token, booked.locator);
  const res = await addAncillaries(stack.baseUrl, agent.token, booked.locator, [
    { service_id: bag.id, passenger_id: 'PAX1' },
  ]);
  expect(res.status).toBe(202);
  // The airline took the service and keeps its EMD pending: the request waits for the next check.
  await waitFor(
    'the airline to take the service',
    () => getBooking(booked.locator),
    (b: { ancillaries: { id: string; status: string }[] }) =>
      b.ancillaries[0]?.status === 'pending' && !b.ancillaries[0].id.startsWith('emr_'),
  );
  expect((await getBooking(booked.locator)).async_emd_issue).toBe(true);
  expect((await emdRequestsOf(db(), booked.locator))[0]!.status).not.toBe('done');
  await advanceSandbox(stack.sandboxUrl, 700);
  await waitFor(
    'the EMD',
    () => emdRequestsOf(db(), booked.locator),
    (rows) => rows[0]?.status === 'done',
  );
  const after = await getBooking(booked.locator);
  expect(after).toMatchObject({ async_emd_issue: false, ancillaries: [{ status: 'issued' }] });
  expect(after.ancillaries[0].emd_number).toMatch(/^[0-9]{13}$/);
  // Opening the booking meanwhile may have seen the EMD first ('refreshed'); the job still finishes it.
  expect((await historyOf(booked.locator)).filter((a: string) => a !== 'refreshed')).toEqual([
    'created',
    'issue_started',
    'issued',
    'emds_requested',
    'emds_pending',
    'emds_issued',
  ]);
});

it('an EMD debit the balance cannot pay changes nothing; one crossing the low-balance threshold announces it', async () => {
  const own = await createTenant(db());
  const payer = await createAccount(db(), { userType: 'Agent', tenant: own });
  await payBy(db(), own, 'company_balance');
  await setBalance(db(), own.companyId, '100000.00');
  const fares = await findFares(
    stack.baseUrl,
    bearer(payer.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { currency: 'EUR', carriers: ['LH'] },
  );
  const booked = await book(stack.baseUrl, bearer(payer.token), fares[0]!);
  const issue = await api().post('/api/v1/bookings/issue').set(bearer(payer.token)).send({ locator: booked.locator });
  expect(issue.status, JSON.stringify(issue.body)).toBe(200);
  const bag = await paidService(stack.baseUrl, payer.token, booked.locator);
  const priceMinor = toMinor(bag.price.amount);
  const add = () =>
    addAncillaries(stack.baseUrl, payer.token, booked.locator, [{ service_id: bag.id, passenger_id: 'PAX1' }]);

  // A cent short: refused by the ledger, with no request, no claim and no entry.
  await setBalance(db(), own.companyId, fromMinor(priceMinor - 1));
  const entries = (await ledgerOf(db(), own.companyId)).length;
  const short = await add();
  expect(short.status).toBe(422);
  expect(short.body.errors[0].code).toBe('insufficient_balance');
  expect(await balanceOf(db(), own.companyId)).toBe(fromMinor(priceMinor - 1));
  expect(await ledgerOf(db(), own.companyId)).toHaveLength(entries);
  expect(await emdRequestsOf(db(), booked.locator)).toEqual([]);

  // 10.00 left after it, below a threshold of 10.01: posted, and balance.low said once.
  await setBalance(db(), own.companyId, fromMinor(priceMinor + 1000));
  await db().updateTable('companies').set({ low_balance_threshold: '10.01' }).where('id', '=', own.companyId).execute();
  const paid = await add();
  expect(paid.status, JSON.stringify(paid.body)).toBe(202);
  expect(await balanceOf(db(), own.companyId)).toBe('10.00');
  const lows = await db()
    .selectFrom('events')
    .select('id')
    .where('type', '=', 'balance.low')
    .where('company_id', '=', own.companyId)
    .execute();
  expect(lows).toHaveLength(1);
});
