// Advance passenger data (APIS) end to end: the sandbox airlines require gender and a travel
// document on flights to and from APIS countries (WAW–JFK) and not within Europe (WAW–FRA); the
// fare says so; a booking without them, or with a document that expires before the last flight, is
// refused with an error per field (in the reader's language) and books nothing; given, they reach
// the airline through NDC, which keeps and echoes them, and the booking shows them.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineParts } from '../../api/src/core.js';
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import { bearer, bookingBody, findFares, inDays, type FoundFare } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let airline: ReturnType<typeof airlineParts>;

beforeAll(async () => {
  stack = await startStack();
  airline = airlineParts(stack.config, stack.ctx.db);
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const api = () => request(stack.baseUrl);
const bookingCount = async () =>
  Number(
    (
      await stack.ctx.db
        .selectFrom('bookings')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('agency_id', '=', tenant.agencyId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const passport = {
  type: 'passport',
  number: 'FP1234567',
  issuing_country: 'UA',
  nationality: 'UA',
  expiry_date: inDays(3650),
};

async function requirementsOf(destination: string, days: number) {
  const res = await api()
    .post('/api/v1/offers')
    .set(bearer(agent.token))
    .send({
      origin_destinations: [{ origin: 'WAW', destination, departure_date: inDays(days) }],
      passengers: { adults: 1 },
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.offers as { fares: { passenger_requirements: unknown }[] }[]).flatMap((o) =>
    o.fares.map((f) => f.passenger_requirements),
  );
}

describe('passenger requirements on fares', () => {
  it('ask for gender and a travel document to and from an APIS country, and not within Europe', async () => {
    const longHaul = await requirementsOf('JFK', 30);
    expect(longHaul.length).toBeGreaterThan(0);
    for (const r of longHaul) expect(r).toEqual({ birthdate: true, gender: true, identity_document: true });
    const european = await requirementsOf('FRA', 30);
    expect(european.length).toBeGreaterThan(0);
    for (const r of european) expect(r).toEqual({ birthdate: true, gender: false, identity_document: false });
  });
});

describe('booking a fare that requires APIS data', () => {
  let fare: FoundFare;
  beforeAll(async () => {
    [fare] = (await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'JFK', days: 31 })) as [
      FoundFare,
    ];
  });

  it('refuses a passenger without gender and document, one error per field, in the reader’s language, booking nothing', async () => {
    const before = await bookingCount();
    const res = await api().post('/api/v1/bookings').set(bearer(agent.token)).send(bookingBody(fare));
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(
      res.body.errors.map((e: { code: string; source: { pointer: string } }) => [e.code, e.source.pointer]),
    ).toEqual([
      ['passenger_data_required', '/passengers/0/gender'],
      ['passenger_data_required', '/passengers/0/identity_document'],
    ]);
    const polish = await api()
      .post('/api/v1/bookings')
      .set({ ...bearer(agent.token), 'Accept-Language': 'pl' })
      .send(bookingBody(fare));
    expect(polish.body.errors[0].title).toBe(
      'Linia lotnicza potrzebuje na ten lot więcej danych pasażera: płci i dokumentu podróży.',
    );
    expect(await bookingCount()).toBe(before);
  });

  it('refuses a document that expires before the last flight', async () => {
    const body = bookingBody(fare);
    body.passengers[0] = {
      ...body.passengers[0]!,
      gender: 'female',
      identity_document: { ...passport, expiry_date: inDays(20) },
    } as never;
    const res = await api().post('/api/v1/bookings').set(bearer(agent.token)).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors).toMatchObject([
      { code: 'identity_document_expired', source: { pointer: '/passengers/0/identity_document/expiry_date' } },
    ]);
  });

  it('books with them: the airline keeps and echoes them through NDC, and the booking shows them', async () => {
    const body = bookingBody(fare);
    body.passengers[0] = { ...body.passengers[0]!, gender: 'female', identity_document: passport } as never;
    const res = await api().post('/api/v1/bookings').set(bearer(agent.token)).send(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.passengers[0]).toMatchObject({ gender: 'female', identity_document: passport });

    const read = await api().get(`/api/v1/bookings/${res.body.locator}`).set(bearer(agent.token));
    expect(read.body.passengers[0]).toMatchObject({ gender: 'female', identity_document: passport });

    const row = await stack.ctx.db
      .selectFrom('bookings')
      .selectAll()
      .where('locator', '=', res.body.locator)
      .executeTakeFirstOrThrow();
    const { channel } = await airline.channels.forBooking(row);
    const order = await airline.provider.retrieveOrder(channel, orderRefOf(row));
    expect(order.passengers[0]).toMatchObject({
      gender: 'female',
      identityDocument: { type: 'passport', number: 'FP1234567', issuingCountry: 'UA', nationality: 'UA' },
    });
  });
});

describe('a fare within Europe', () => {
  it('books without APIS data, and the booking says none was given', async () => {
    const [fare] = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 32 });
    const res = await api().post('/api/v1/bookings').set(bearer(agent.token)).send(bookingBody(fare!));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.passengers[0]).toMatchObject({ gender: null, identity_document: null });
  });
});
