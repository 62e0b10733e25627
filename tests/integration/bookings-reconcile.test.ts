// The reconciler settles airline intents a killed process left open, from the airline's order: a
// void the airline carried out but nobody recorded is finished once (one credit, one void sales
// document each) however many rounds run, concurrently included; a void that never reached the
// airline is rolled back, nothing moves, and the booking can be voided again. Both say so in the
// booking's history.
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import request from 'supertest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { airlineParts } from '../../api/src/core.js';
import { findBookingByLocator } from '../../api/src/db/bookings.repository.js';
import type { BookingDeps } from '../../api/src/domain/bookings/booking-deps.js';
import { takeBooking } from '../../api/src/domain/bookings/booking-intents.js';
import { reconcileIntents } from '../../api/src/domain/bookings/booking-reconcile.js';
import { systemClock } from '../../api/src/domain/clock.js';
import { toMinor } from '../../api/src/money.js';
import { ledgerOf } from '../support/ancillaries.js';
import { bearer, payBy, setAgencyFee } from '../support/bookings.js';
import { createAccount, createTenant, type TestTenant } from '../support/factories.js';
import { expectBalancesMatchLedgers } from '../support/ledgers.js';
import { issuedBooking, raceRounds, type RaceWorld } from '../support/races.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let world: RaceWorld;
let deps: BookingDeps;
let day = 200;

beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(stack.ctx.db);
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setAgencyFee(stack.ctx.db, tenant, 'void', '2.00');
  const airline = airlineParts(stack.config, stack.ctx.db);
  world = { urls: [stack.baseUrl], db: stack.ctx.db, token: agent.token, airline };
  deps = { db: stack.ctx.db, clock: systemClock, ...airline };
}, 180_000);
afterAll(async () => {
  await stack?.close();
});

/** What a killed process leaves: the void's intent written, and (when `called`) the airline's void done. */
async function strandedVoid(called: boolean) {
  const booked = await issuedBooking(world, (day += 1));
  const row = (await findBookingByLocator(stack.ctx.db, booked.locator))!;
  await stack.ctx.db
    .transaction()
    .execute((trx) => takeBooking(trx, row.id, row, { operation: 'void', at: new Date() }));
  if (called) await deps.provider.voidOrder((await deps.channels.forBooking(row)).channel, orderRefOf(row));
  return row;
}

const historyOf = async (bookingId: string) =>
  (await stack.ctx.db.selectFrom('booking_history').select('action').where('booking_id', '=', bookingId).execute()).map(
    (h) => h.action,
  );

it('finishes a void the airline did, once, however many rounds run', { timeout: 600_000 }, async () => {
  for (let round = 0; round < raceRounds(); round += 1) {
    const row = await strandedVoid(true);
    // Another operation of the booking waits for the open intent.
    const blocked = await request(stack.baseUrl).delete(`/api/v1/bookings/${row.locator}`).set(bearer(world.token));
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(409);
    expect(blocked.body.errors[0].code).toBe('booking_changed_concurrently');

    const rounds = await Promise.all([reconcileIntents(deps, { staleMs: 0 }), reconcileIntents(deps, { staleMs: 0 })]);
    await reconcileIntents(deps, { staleMs: 0 });
    expect(rounds.reduce((n, r) => n + r.finished, 0)).toBe(1);
    const now = (await findBookingByLocator(stack.ctx.db, row.locator))!;
    expect(now.status).toBe('voided');
    const credits = (await ledgerOf(stack.ctx.db, tenant.companyId)).filter((t) => t.reason === `Void ${row.locator}`);
    expect(credits).toEqual([{ amount: row.airline_total, reason: `Void ${row.locator}` }]);
    expect(
      (await ledgerOf(stack.ctx.db, tenant.companyId)).filter((t) => t.reason === `Void fee ${row.locator}`),
    ).toHaveLength(1);
    const history = await historyOf(row.id);
    expect(history.filter((a) => a === 'voided')).toHaveLength(1);
    expect(history.filter((a) => a === 'intent_reconciled')).toHaveLength(1);
    const voids = await stack.ctx.db
      .selectFrom('sales_documents')
      .select('kind')
      .where('locator', '=', row.locator)
      .where('kind', '=', 'void')
      .execute();
    expect(voids).toHaveLength(1);
  }
});

it('rolls back a void that never reached the airline; the booking can then be voided', async () => {
  const row = await strandedVoid(false);
  const before = (await ledgerOf(stack.ctx.db, tenant.companyId)).length;
  const result = await reconcileIntents(deps, { staleMs: 0 });
  expect(result).toMatchObject({ rolled_back: 1, finished: 0 });
  expect((await findBookingByLocator(stack.ctx.db, row.locator))!.status).toBe('issued');
  expect((await ledgerOf(stack.ctx.db, tenant.companyId)).length).toBe(before);
  expect(await historyOf(row.id)).toContain('intent_reconciled');
  const voided = await request(stack.baseUrl).delete(`/api/v1/bookings/${row.locator}`).set(bearer(world.token));
  expect(voided.status, JSON.stringify(voided.body)).toBe(200);
  expect(toMinor(voided.body.price.amount)).toBeGreaterThan(0);
  expect((await reconcileIntents(deps, { staleMs: 0 })).finished).toBe(0);
});

it('leaves every balance equal to the sum of its ledger entries', async () => {
  await expectBalancesMatchLedgers(stack.ctx.db);
});
