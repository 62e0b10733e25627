// Searching and booking for booking tests: a search on a route and day, the fares it found (in
// one currency when asked), and a booking of one of them for named passengers.
import request from 'supertest';
import { expect } from 'vitest';
import type { Db } from '../../api/src/db/database.js';
import { postToLedger } from '../../api/src/domain/balances/ledger.js';
import { fromMinor, toMinor } from '../../api/src/money.js';
import type { TestTenant } from './factories.js';

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

export interface FoundFare {
  searchResultId: string;
  fareId: string;
  carrier: string;
  amount: string;
  currency: string;
  seatsLeft: number;
  /** The fare family's code: LT (no change, no refund), CL (change for a fee), FX (free change and refund). */
  family: string;
  /** `flight/class` of each segment: fares that share one share its seats. */
  inventory: string[];
}

export async function findFares(
  baseUrl: string,
  headers: Record<string, string>,
  leg: { origin: string; destination: string; days: number },
  options: { currency?: string; carriers?: string[] } = {},
): Promise<FoundFare[]> {
  const res = await request(baseUrl)
    .post('/api/v1/offers')
    .set(headers)
    .send({
      origin_destinations: [{ origin: leg.origin, destination: leg.destination, departure_date: inDays(leg.days) }],
      passengers: { adults: 1 },
      ...(options.carriers ? { carriers: options.carriers } : {}),
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const fares: FoundFare[] = [];
  for (const offer of res.body.offers) {
    for (const fare of offer.fares) {
      if (options.currency && fare.price.currency !== options.currency) continue;
      fares.push({
        searchResultId: res.body.id,
        fareId: fare.fare_id,
        carrier: offer.owner.code,
        amount: fare.price.amount,
        currency: fare.price.currency,
        family: fare.fare_family.code,
        seatsLeft: Math.min(...fare.fare_segments.map((s: { seats_left: number }) => s.seats_left)),
        inventory: fare.fare_segments.map(
          (s: { flight_id: string; booking_class: string }) => `${s.flight_id}/${s.booking_class}`,
        ),
      });
    }
  }
  return fares;
}

export function bookingBody(fare: FoundFare, surname = 'Kovalenko') {
  return {
    fare_id: fare.fareId,
    search_result_id: fare.searchResultId,
    passengers: [{ type: 'ADT', first_name: 'Olena', last_name: surname, title: 'MRS', birthdate: '1985-03-14' }],
    contacts: { email: 'olena@example.com', phone: '+48 600 100 200' },
  };
}

export async function book(baseUrl: string, headers: Record<string, string>, fare: FoundFare, surname?: string) {
  const res = await request(baseUrl).post('/api/v1/bookings').set(headers).send(bookingBody(fare, surname));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { locator: string; price: { amount: string; currency: string }; status: string };
}

/** Every channel of the tenant's agency pays this way. */
export async function payBy(db: Db, tenant: TestTenant, form: 'bsp_cash' | 'company_balance' | 'credit_card') {
  await db
    .updateTable('agency_channels')
    .set({ form_of_payment: form })
    .where('agency_id', '=', tenant.agencyId)
    .execute();
}

export async function setIssueFee(db: Db, tenant: TestTenant, amount: string) {
  await setAgencyFee(db, tenant, 'issue', amount);
}

export async function setAgencyFee(
  db: Db,
  tenant: TestTenant,
  kind: 'issue' | 'void' | 'refund' | 'exchange',
  amount: string,
  currency = 'EUR',
) {
  await db
    .updateTable('agency_transaction_fees')
    .set({ amount, currency })
    .where('agency_id', '=', tenant.agencyId)
    .where('kind', '=', kind)
    .execute();
}

export async function balanceOf(db: Db, companyId: string): Promise<string> {
  const row = await db
    .selectFrom('companies')
    .select('balance_amount')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  return row.balance_amount;
}

/** Brings the balance to `amount` by a ledger entry (balance = sum of entries, always). */
export async function setBalance(db: Db, companyId: string, amount: string) {
  const moveMinor = toMinor(amount) - toMinor(await balanceOf(db, companyId));
  if (moveMinor === 0) return;
  await db.transaction().execute((trx) =>
    postToLedger(trx, {
      companyId,
      currency: 'EUR',
      entries: [{ amount: fromMinor(moveMinor), reason: 'Test balance adjustment' }],
      actorAccountId: 'system',
      at: new Date(),
    }),
  );
}

/** Moves the sandbox airlines' clock (time limits, void windows). */
export async function advanceSandbox(sandboxUrl: string, seconds: number) {
  const res = await request(sandboxUrl).post('/sandbox/clock').send({ advance_seconds: seconds });
  expect(res.status).toBe(200);
}
