// Race scenarios of the money and ticket paths, as functions so that any set of API processes can
// run them: each takes the API base URLs and spreads its concurrent requests round-robin across
// them (one URL for a single process, two for a scaled-out run). The checks read PostgreSQL and the
// airline's own order.
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import request from 'supertest';
import { expect } from 'vitest';
import type { Db } from '../../api/src/db/database.js';
import { toMinor } from '../../api/src/money.js';
import type { AirlineProvider } from '../../api/src/providers/airline-provider.js';
import type { ChannelsService } from '../../api/src/domain/channels/channels.service.js';
import { addAncillaries, paidService } from './ancillaries.js';
import { bearer, book, findFares } from './bookings.js';

export interface RaceWorld {
  /** API base URLs (no /api/v1); requests go round-robin across them. */
  urls: readonly string[];
  db: Db;
  /** An agent's token whose company pays from its balance. */
  token: string;
  /** The airline as the API reaches it, to compare the booking with the airline's order. */
  airline: { provider: AirlineProvider; channels: ChannelsService };
}

/** Rounds of each race: RACE_ROUNDS, default 3 so CI stays fast. */
export const raceRounds = () => Math.max(1, Number(process.env.RACE_ROUNDS ?? 3));

const urlOf = (world: RaceWorld, i: number) => world.urls[i % world.urls.length]!;
const post = (world: RaceWorld, i: number, path: string, body: object) =>
  request(urlOf(world, i)).post(`/api/v1${path}`).set(bearer(world.token)).send(body);

/** A booking of an LH fare of `family` (CL: changeable for a fee), issued from the company balance. */
export async function issuedBooking(world: RaceWorld, days: number, family = 'CL') {
  const fares = await findFares(
    urlOf(world, 0),
    bearer(world.token),
    { origin: 'WAW', destination: 'FRA', days },
    { carriers: ['LH'], currency: 'EUR' },
  );
  const fare = fares.find((f) => f.family === family) ?? fares[0];
  expect(fare, 'an LH fare').toBeDefined();
  const booked = await book(urlOf(world, 0), bearer(world.token), fare!);
  const res = await post(world, 0, '/bookings/issue', { locator: booked.locator });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { locator: string; documents: { number: string; status: string }[] };
}

/** `n` concurrent requests adding the same paid bag to one issued booking. */
export async function raceSameBag(world: RaceWorld, days: number, n = 30) {
  const booked = await issuedBooking(world, days);
  const bag = await paidService(urlOf(world, 0), world.token, booked.locator);
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      addAncillaries(urlOf(world, i), world.token, booked.locator, [{ service_id: bag.id, passenger_id: 'PAX1' }]),
    ),
  );
  return { locator: booked.locator, bag, answers };
}

/**
 * A void and the confirm of a flight change of one booking: the void `leadMs` before the confirm
 * (negative: after it). `extra` more voids and confirms join them, so 2 + 2·extra requests race.
 */
export async function raceVoidAndChange(world: RaceWorld, days: number, leadMs: number, extra = 0) {
  const booked = await issuedBooking(world, days);
  const created = await post(world, 0, `/orders/${booked.locator}/flights_change_requests/create`, {
    journeys: [
      { origin_destination: 0, date: new Date(Date.now() + (days + 1) * 86_400_000).toISOString().slice(0, 10) },
    ],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const offer = (created.body.alternatives as { offer_id: string }[])[0]!;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
  const voidIt = (i: number) =>
    sleep(leadMs < 0 ? -leadMs : 0).then(() =>
      request(urlOf(world, i)).delete(`/api/v1/bookings/${booked.locator}`).set(bearer(world.token)),
    );
  const confirm = (i: number) =>
    sleep(leadMs > 0 ? leadMs : 0).then(() =>
      post(world, i, `/orders/${booked.locator}/flights_change_requests/confirm`, {
        flights_change_request_id: created.body.id,
        offer_id: offer.offer_id,
      }),
    );
  const answers = await Promise.all(
    Array.from({ length: 1 + extra }, (_, i) => [voidIt(2 * i), confirm(2 * i + 1)]).flat(),
  );
  return {
    locator: booked.locator,
    voids: answers.filter((_, i) => i % 2 === 0),
    confirms: answers.filter((_, i) => i % 2 === 1),
  };
}

/**
 * What must hold for a booking after any race: no 5xx; the booking says what the airline's order
 * says (status and tickets); a void credited the price of the tickets it voided; no airline
 * operation or confirm is left open; every exchange debit of a change that did not happen came back.
 */
export async function expectBookingMatchesAirline(world: RaceWorld, locator: string, answers: { status: number }[]) {
  expect(answers.filter((a) => a.status >= 500).map((a) => JSON.stringify(a))).toEqual([]);
  const row = await world.db
    .selectFrom('bookings')
    .selectAll()
    .where('locator', '=', locator)
    .executeTakeFirstOrThrow();
  const { channel } = await world.airline.channels.forBooking(row);
  const order = await world.airline.provider.retrieveOrder(channel, orderRefOf(row));
  expect(row.status, `${locator}: the booking's status against the airline's`).toBe(order.status);
  const tickets = (docs: readonly { type: string; number: string; status: string }[]) =>
    docs
      .filter((d) => d.type === 'ticket')
      .map((d) => `${d.number}:${d.status}`)
      .sort();
  expect(tickets(row.documents as never), `${locator}: the booking's tickets against the airline's`).toEqual(
    tickets(order.documents),
  );
  const entries = await world.db
    .selectFrom('transactions')
    .select(['amount', 'reason'])
    .where('reason', 'like', `% ${locator}`)
    .execute();
  const sum = (re: RegExp) => entries.filter((e) => re.test(e.reason)).reduce((s, e) => s + toMinor(e.amount), 0);
  if (row.status === 'voided')
    expect(sum(/^Void [A-Z0-9]{6}$/), `${locator}: the void's credit`).toBe(toMinor(order.total.amount));
  else expect(sum(/^Void /)).toBe(0);
  const requests = await world.db
    .selectFrom('booking_requests')
    .select(['status', 'balance_debit'])
    .where('booking_id', '=', row.id)
    .execute();
  expect(requests.filter((r) => r.status === 'confirming')).toEqual([]);
  if (!requests.some((r) => r.status === 'confirmed'))
    expect(sum(/^Exchange /) + sum(/^Flight change not completed /), `${locator}: exchange money back`).toBe(0);
  const open = await world.db
    .selectFrom('airline_intents')
    .select(['operation', 'state'])
    .where('booking_id', '=', row.id)
    .where('state', 'in', ['pending', 'unknown'])
    .execute();
  expect(open).toEqual([]);
}
