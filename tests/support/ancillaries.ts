// Ancillaries and EMDs in tests: the booking's offered services and seats, adding them, and the
// rows PostgreSQL keeps for what the worker does with them.
import request from 'supertest';
import { expect } from 'vitest';
import type { Db } from '../../api/src/db/database.js';
import { bearer } from './bookings.js';

export function ancillaries(baseUrl: string, token: string, locator: string, type: 'bags' | 'seats' | 'other') {
  return request(baseUrl).get(`/api/v1/bookings/${locator}/ancillaries`).query({ type }).set(bearer(token));
}

export function addAncillaries(baseUrl: string, token: string, locator: string, items: object[]) {
  return request(baseUrl).post(`/api/v1/bookings/${locator}/ancillaries`).set(bearer(token)).send({ items });
}

/** The first service of a type with a price, for the booking's first passenger. */
export async function paidService(baseUrl: string, token: string, locator: string, type: 'bags' | 'other' = 'bags') {
  const res = await ancillaries(baseUrl, token, locator, type);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const service = (res.body.services as { id: string; price: { amount: string }; passenger_ids: string[] }[]).find(
    (s) => Number(s.price.amount) > 0 && s.passenger_ids.includes('PAX1'),
  );
  expect(service).toBeDefined();
  return service!;
}

/** A free-to-choose seat with a price on the booking's first flight. */
export async function paidSeat(baseUrl: string, token: string, locator: string) {
  const res = await ancillaries(baseUrl, token, locator, 'seats');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const map = res.body.seat_maps[0] as {
    flight_id: string;
    rows: { number: number; seats: { column: string; available: boolean; price: { amount: string } | null }[] }[];
  };
  for (const row of map.rows)
    for (const seat of row.seats)
      if (seat.available && seat.price) return { segment_id: map.flight_id, row: row.number, column: seat.column };
  throw new Error('no paid seat free');
}

export async function emdRequestsOf(db: Db, locator: string) {
  return db
    .selectFrom('booking_emd_requests as r')
    .innerJoin('bookings as b', 'b.id', 'r.booking_id')
    .selectAll('r')
    .where('b.locator', '=', locator)
    .orderBy('r.created_at')
    .execute();
}

export async function ledgerOf(db: Db, companyId: string) {
  return db
    .selectFrom('transactions')
    .select(['amount', 'reason'])
    .where('company_id', '=', companyId)
    .orderBy('created_at')
    .execute();
}
