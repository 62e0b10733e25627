// How an issue is finished once the airline has ticketed. While the booking row is still as its
// claim left it, the issue finishes in one statement, with the event and sales documents worked out
// from that row. When anything else changed the row between the claim and the airline's answer, the
// statement writes nothing and the issue finishes in a transaction from the row as it is then.
// Either way: one ticket sales document with its accounting document, one `booking.issued` event
// showing the booking as committed, the intent closed, one `issued` history entry, and the answer
// is the committed row.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { airlineParts } from '../../api/src/core.js';
import type { BookingDeps } from '../../api/src/domain/bookings/booking-deps.js';
import { issueBooking } from '../../api/src/domain/bookings/booking-issue.js';
import { systemClock } from '../../api/src/domain/clock.js';
import type { Principal } from '../../api/src/domain/principal.js';
import type { AirlineProvider } from '../../api/src/providers/airline-provider.js';
import { bearer, book, findFares, payBy } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let deps: BookingDeps;
let day = 150;

beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'bsp_cash');
  deps = { db: stack.ctx.db, clock: systemClock, ...airlineParts(stack.config, stack.ctx.db) };
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

const principal = (): Principal => ({
  accountId: agent.id,
  userType: 'Agent',
  agencyId: tenant.agencyId,
  companyId: tenant.companyId,
  onboardingComplete: true,
  via: { kind: 'token', tokenId: 'tok_issue_finish', mode: 'test', source: 'api' },
});

async function heldBooking() {
  const fares = await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: day++ });
  return book(stack.baseUrl, bearer(agent.token), fares[0]!);
}

/** The airline as the API reaches it, running `meanwhile` after it ticketed and before it answers. */
function airlineThat(meanwhile: () => Promise<void>): AirlineProvider {
  const provider = Object.create(deps.provider) as AirlineProvider;
  provider.issueOrder = async (...args) => {
    const order = await deps.provider.issueOrder(...args);
    await meanwhile();
    return order;
  };
  return provider;
}

async function expectIssuedOnce(locator: string, email: string) {
  const { db } = stack.ctx;
  const row = await db.selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirstOrThrow();
  expect(row.status).toBe('issued');
  const sales = await db
    .selectFrom('sales_documents')
    .select(['id', 'kind'])
    .where('booking_id', '=', row.id)
    .execute();
  expect(sales.map((s) => s.kind)).toEqual(['ticket']);
  const accounting = await db
    .selectFrom('accounting_documents')
    .select('transaction_code')
    .where('source_id', '=', sales[0]!.id)
    .execute();
  expect(accounting.map((a) => a.transaction_code)).toEqual(['TKTT']);
  const events = await db
    .selectFrom('events')
    .select('data')
    .where('booking_id', '=', row.id)
    .where('type', '=', 'booking.issued')
    .execute();
  expect(events).toHaveLength(1);
  const shown = (typeof events[0]!.data === 'string' ? JSON.parse(events[0]!.data) : events[0]!.data) as {
    object: { status: string; contacts: { email: string }; documents: unknown[] };
  };
  expect(shown.object.status).toBe('issued');
  expect(shown.object.contacts.email).toBe(email);
  expect(shown.object.documents).toHaveLength(1);
  const history = await db.selectFrom('booking_history').select('action').where('booking_id', '=', row.id).execute();
  expect(history.filter((h) => h.action === 'issued')).toHaveLength(1);
  const intents = await db
    .selectFrom('airline_intents')
    .select('state')
    .where('booking_id', '=', row.id)
    .where('operation', '=', 'issue')
    .execute();
  expect(intents.map((i) => i.state)).toEqual(['succeeded']);
}

it('finishes from the claimed row when nothing else changed it', { timeout: 120_000 }, async () => {
  const booked = await heldBooking();
  const issued = await issueBooking(deps, principal(), { locator: booked.locator });
  expect(issued.status).toBe('issued');
  expect(issued.contacts.email).toBe('olena@example.com');
  await expectIssuedOnce(booked.locator, 'olena@example.com');
});

it('finishes from the row as it is when it changed after the claim', { timeout: 120_000 }, async () => {
  const booked = await heldBooking();
  const email = 'changed-meanwhile@example.com';
  const provider = airlineThat(async () => {
    await stack.ctx.db
      .updateTable('bookings')
      .set({ contacts: JSON.stringify({ email, phone: '+48 600 100 200' }) })
      .where('locator', '=', booked.locator)
      .execute();
  });
  const issued = await issueBooking({ ...deps, provider }, principal(), { locator: booked.locator });
  expect(issued.status).toBe('issued');
  expect(issued.contacts.email).toBe(email);
  await expectIssuedOnce(booked.locator, email);
});
