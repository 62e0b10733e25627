// Changing a booking against the sandbox airlines over real HTTP: the price check (reprice), the
// reshop of a held booking, contact and passenger corrections the airline sees, comments, and bad
// input that changes nothing. Refunds and flight changes have their own files.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, findFares, type FoundFare } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

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

const api = () => request(stack.baseUrl);
const post = (path: string, body: object) => api().post(`/api/v1${path}`).set(bearer(agent.token)).send(body);
const get = (path: string) => api().get(`/api/v1${path}`).set(bearer(agent.token));
const historyOf = async (locator: string) =>
  (await get(`/bookings/${locator}/history?per_page=100`)).body.data as {
    action: string;
    detail: string | null;
    actor_account_id: string | null;
  }[];

let day = 60;
async function lhFare(family?: string): Promise<FoundFare> {
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { carriers: ['LH'] },
  );
  return fares.find((f) => !family || f.family === family) ?? fares[0]!;
}
const lhBooking = async (surname?: string) => book(stack.baseUrl, bearer(agent.token), await lhFare(), surname);

/** The order as the airline has it (OrderRetrieve on the agency's own LH channel). */
async function airlineOrder(locator: string) {
  const row = await stack.ctx.db
    .selectFrom('bookings')
    .select('airline_locator')
    .where('locator', '=', locator)
    .executeTakeFirstOrThrow();
  const res = await request(stack.sandboxUrl)
    .post('/ndc/OrderRetrieve')
    .set('Authorization', `Bearer sbx_LH_${tenant.agencyId}`)
    .send({ OrderID: row.airline_locator });
  expect(res.status).toBe(200);
  return res.body;
}

describe('POST /bookings/reprice', () => {
  it('answers the price now beside the booking’s, and changes nothing', async () => {
    const booked = await lhBooking();
    const res = await post('/bookings/reprice', { locator: booked.locator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      locator: booked.locator,
      price: booked.price,
      new_price: booked.price,
      difference: { amount: '0.00', currency: booked.price.currency },
      price_changed: false,
    });
    expect(res.body.offer_id).toMatch(/^rsh_/);
    expect(new Date(res.body.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect((await get(`/bookings/${booked.locator}`)).body).toMatchObject({ status: 'new', price: booked.price });
    expect((await historyOf(booked.locator)).map((h) => h.action)).toEqual(['created']);
  });

  it('checks an issued booking too, and refuses an ended one', async () => {
    const booked = await lhBooking();
    expect((await post('/bookings/issue', { locator: booked.locator })).status).toBe(200);
    expect((await post('/bookings/reprice', { locator: booked.locator })).body.price_changed).toBe(false);
    expect((await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token))).status).toBe(200);
    const ended = await post('/bookings/reprice', { locator: booked.locator });
    expect(ended.status).toBe(409);
    expect(ended.body.errors[0].code).toBe('booking_closed');
  });
});

describe('POST /bookings/reshop', () => {
  it('leaves a held booking as it is when the price has not moved', async () => {
    const booked = await lhBooking();
    const res = await post('/bookings/reshop', { locator: booked.locator });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'new', price: booked.price });
    expect((await historyOf(booked.locator)).map((h) => h.action)).toEqual(['created']);
  });

  it('refuses an unknown offer, another booking’s offer and a ticketed booking, changing nothing', async () => {
    const booked = await lhBooking();
    const other = await lhBooking();
    const othersOffer = (await post('/bookings/reprice', { locator: other.locator })).body.offer_id as string;
    const unknown = await post('/bookings/reshop', { locator: booked.locator, offer_id: 'rsh_nosuchoffer' });
    expect(unknown.status).toBe(404);
    const foreign = await post('/bookings/reshop', { locator: booked.locator, offer_id: othersOffer });
    expect(foreign.status).toBe(404);
    expect((await post('/bookings/issue', { locator: booked.locator })).status).toBe(200);
    const issued = await post('/bookings/reshop', { locator: booked.locator });
    expect(issued.status).toBe(409);
    expect(issued.body.errors[0]).toMatchObject({ code: 'booking_already_issued' });
    expect(issued.body.errors[0].detail).toContain('flights_change_requests');
    expect((await historyOf(booked.locator)).map((h) => h.action)).toEqual(['created', 'issue_started', 'issued']);
  });
});

describe('POST /bookings/modify', () => {
  it('sends new contacts to the airline and records before → after', async () => {
    const booked = await lhBooking();
    const res = await post('/bookings/modify', {
      locator: booked.locator,
      contacts: { email: 'olena.k@example.com' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.contacts).toEqual({ email: 'olena.k@example.com', phone: '+48 600 100 200' });
    const order = await airlineOrder(booked.locator);
    expect(order.DataLists.ContactInfoList[0]).toMatchObject({
      EmailAddress: { EmailAddressText: 'olena.k@example.com' },
      Phone: { PhoneNumber: '+48 600 100 200' },
    });
    const last = (await historyOf(booked.locator)).at(-1)!;
    expect(last).toMatchObject({ action: 'modified', actor_account_id: agent.id });
    expect(last.detail).toBe('email olena@example.com → olena.k@example.com.');
  });

  it('corrects a passenger before issue (the airline too), and only before issue', async () => {
    const booked = await lhBooking();
    const res = await post('/bookings/modify', {
      locator: booked.locator,
      passengers: [{ id: 'PAX1', birthdate: '1985-03-15', title: 'MS' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.passengers[0]).toMatchObject({ id: 'PAX1', birthdate: '1985-03-15', title: 'MS' });
    expect((await airlineOrder(booked.locator)).DataLists.PaxList[0]).toMatchObject({
      Birthdate: '1985-03-15',
      Individual: { TitleName: 'MS' },
    });
    expect((await historyOf(booked.locator)).at(-1)!.detail).toBe(
      'PAX1 title MRS → MS; PAX1 birthdate 1985-03-14 → 1985-03-15.',
    );
    expect((await post('/bookings/issue', { locator: booked.locator })).status).toBe(200);
    const after = await post('/bookings/modify', {
      locator: booked.locator,
      passengers: [{ id: 'PAX1', birthdate: '1985-03-16' }],
    });
    expect(after.status).toBe(409);
    expect(after.body.errors[0].code).toBe('booking_already_issued');
    // Contacts still change after issue.
    const contacts = await post('/bookings/modify', {
      locator: booked.locator,
      contacts: { phone: '+48 700 800 900' },
    });
    expect(contacts.status).toBe(200);
    expect(contacts.body.passengers[0].birthdate).toBe('1985-03-15');
  });

  it('refuses bad input and changes nothing', async () => {
    const booked = await lhBooking();
    const before = await historyOf(booked.locator);
    const cases: [object, number, string][] = [
      [{ locator: booked.locator }, 400, '/'],
      [{ locator: booked.locator, passengers: [{ id: 'PAX7', title: 'MR' }] }, 400, '/passengers/0/id'],
      [
        { locator: booked.locator, passengers: [{ id: 'PAX1', birthdate: '2999-01-01' }] },
        400,
        '/passengers/0/birthdate',
      ],
      [{ locator: booked.locator, passengers: [{ id: 'PAX1' }] }, 400, '/passengers/0'],
      [{ locator: booked.locator, contacts: { email: 'not-an-email' } }, 400, '/contacts/email'],
      [{ locator: booked.locator, contacts: {} }, 400, '/contacts'],
    ];
    for (const [body, status, pointer] of cases) {
      const res = await post('/bookings/modify', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.errors[0].source.pointer, JSON.stringify(res.body)).toBe(pointer);
    }
    expect((await post('/bookings/modify', { locator: 'ZZZZZZ', contacts: { phone: '+48 1234567' } })).status).toBe(
      404,
    );
    expect(await historyOf(booked.locator)).toEqual(before);
    expect((await get(`/bookings/${booked.locator}`)).body.passengers[0].birthdate).toBe('1985-03-14');
  });
});

describe('POST /bookings/comment', () => {
  it('adds a comment to the history in any status, 1 to 2000 characters', async () => {
    const booked = await lhBooking();
    const res = await post('/bookings/comment', { locator: booked.locator, text: 'Customer prefers an aisle seat.' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      action: 'comment',
      detail: 'Customer prefers an aisle seat.',
      actor_account_id: agent.id,
      airline_answer: null,
    });
    expect((await api().delete(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token))).status).toBe(200);
    expect((await post('/bookings/comment', { locator: booked.locator, text: 'Cancelled on request.' })).status).toBe(
      201,
    );
    const history = await historyOf(booked.locator);
    expect(history.map((h) => h.action)).toEqual(['created', 'comment', 'cancelled', 'comment']);
    expect(history[0]).not.toHaveProperty('text');
    expect((await post('/bookings/comment', { locator: booked.locator, text: '' })).status).toBe(400);
    expect((await post('/bookings/comment', { locator: booked.locator, text: 'x'.repeat(2001) })).status).toBe(400);
    expect((await post('/bookings/comment', { locator: booked.locator, text: '   ' })).status).toBe(400);
    expect(await historyOf(booked.locator)).toHaveLength(4);
  });

  it('is not for another agency’s booking', async () => {
    const booked = await lhBooking();
    const stranger = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: await createTenant(stack.ctx.db) });
    const res = await api()
      .post('/api/v1/bookings/comment')
      .set(bearer(stranger.token))
      .send({ locator: booked.locator, text: 'hello' });
    expect(res.status).toBe(404);
  });
});
