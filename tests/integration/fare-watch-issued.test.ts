// Fare Watch for issued bookings over HTTP against the sandbox airlines: the saving is judged net
// of the change penalty and of the residual a non-refundable fare forfeits (a Classic fare: the
// residual is a credit, so nothing is saved; a Flex fare: refunded in cash) and against the agency's
// threshold; bookings with seats or EMDs are skipped unless the agency opts in; an accept is a flight
// change of the booking (one exchange: one confirmed request, the tickets reissued, one debit and
// one residual back on the balance), however many accept at once — 20 concurrent accepts,
// RACE_ROUNDS rounds (default 3); a refusal before the airline is asked leaves it open. The
// reconciler reopens an accept whose process died before the flight change's claim, and finishes
// one whose airline answer was lost (the opportunity follows its flight change request). Held
// bookings carry their ancillaries to the rebooked order; one the new booking cannot have (a seat
// the old hold keeps) disqualifies the candidate.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineParts } from '../../api/src/core.js';
import { saveSettings } from '../../api/src/db/fare-watch.repository.js';
import { takeBooking } from '../../api/src/domain/bookings/booking-intents.js';
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import { reconcileIntents } from '../../api/src/domain/bookings/booking-reconcile.js';
import {
  claimForConfirm,
  insertNewRequest,
  quotedRequest,
  type StoredOffer,
} from '../../api/src/domain/bookings/booking-request.js';
import { systemClock } from '../../api/src/domain/clock.js';
import { newId } from '../../api/src/domain/ids.js';
import { toMinor } from '../../api/src/money.js';
import { addAncillaries, ledgerOf, paidSeat, paidService } from '../support/ancillaries.js';
import { balanceOf, bearer, book, findFares, payBy, setAgencyFee, setBalance } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { raceRounds } from '../support/races.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;

beforeAll(async () => {
  stack = await startStack({ env: { KEY_PREFIX: `${testEnv().KEY_PREFIX}-fare-watch-issued` } });
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setBalance(stack.ctx.db, tenant.companyId, '100000.00');
  await setAgencyFee(stack.ctx.db, tenant, 'exchange', '4.00');
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const api = () => request(stack.baseUrl);
const db = () => stack.ctx.db;
const post = (path: string, body: object = {}) => api().post(`/api/v1${path}`).set(bearer(agent.token)).send(body);
let day = 60;

async function settings(input: { min_saving_amount?: string; issued_with_ancillaries?: boolean } = {}) {
  await saveSettings(db(), {
    agency_id: tenant.agencyId,
    held_enabled: true,
    issued_enabled: true,
    issued_with_ancillaries: input.issued_with_ancillaries ?? false,
    min_saving_amount: input.min_saving_amount ?? '1.00',
    min_saving_percent: '1',
    check_every_hours: 6,
    stop_before_hours: 0,
    auto_apply_held: false,
    channel_ids: null,
    updated_by: null,
    updated_at: new Date(),
  });
}

/** An LH booking of `family` (CL changes for a fee and refunds nothing, FX changes and refunds free). */
async function held(family: 'CL' | 'FX') {
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { carriers: ['LH'], currency: 'EUR' },
  );
  const fare = fares.find((f) => f.family === family);
  expect(fare, `an LH ${family} fare`).toBeDefined();
  return book(stack.baseUrl, bearer(agent.token), fare!);
}

async function issue(locator: string) {
  const res = await post('/bookings/issue', { locator });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { locator: string; documents: { number: string; type: string; status: string }[] };
}

const issued = async (family: 'CL' | 'FX') => issue((await held(family)).locator);
const cheaperFare = (locator: string, conditions: 'equal' | 'worse' = 'equal') =>
  post(`/sandbox/bookings/${locator}/cheaper_fare`, { conditions });
const opportunity = (id: string) => api().get(`/api/v1/fare_watch/opportunities/${id}`).set(bearer(agent.token));

describe('issued bookings: the saving net of penalty and forfeited residual', () => {
  it('a Classic fare refunds its residual only as a credit: net of the penalty nothing is saved', async () => {
    await settings();
    const booking = await issued('CL');
    const check = await cheaperFare(booking.locator);
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toMatchObject({ outcome: 'rejected', opportunity_id: null });
    expect(check.body.reason).toMatch(/net of the change penalty .* refunded as credit/);
    expect(Number(check.body.saving.amount)).toBeGreaterThan(0);
  });

  it('a Flex fare below the threshold is no opportunity; above it, one, with its parts and tier', async () => {
    await settings({ min_saving_amount: '100000.00' });
    const booking = await issued('FX');
    const below = await cheaperFare(booking.locator);
    expect(below.body).toMatchObject({ outcome: 'rejected', opportunity_id: null });
    expect(below.body.reason).toMatch(/below the agency's threshold/);

    await settings();
    const above = await cheaperFare(booking.locator);
    expect(above.body, JSON.stringify(above.body)).toMatchObject({ outcome: 'found' });
    const opp = await opportunity(above.body.opportunity_id as string);
    expect(opp.status).toBe(200);
    expect(opp.body).toMatchObject({
      tier: 'issued',
      status: 'open',
      net_saving_parts: { residual_refund: 'cash', forfeited_residual: { amount: '0.00' } },
    });
    const parts = opp.body.net_saving_parts;
    expect(toMinor(opp.body.net_saving.amount)).toBe(
      toMinor(parts.fare_saving.amount) -
        toMinor(parts.change_penalty.amount) -
        toMinor(parts.forfeited_residual.amount),
    );
    const row = await db()
      .selectFrom('bookings')
      .select('id')
      .where('locator', '=', booking.locator)
      .executeTakeFirstOrThrow();
    const events = await db()
      .selectFrom('events')
      .select(['type', 'data'])
      .where('booking_id', '=', row.id)
      .where('type', '=', 'booking.cheaper_fare_found')
      .execute();
    expect(events).toHaveLength(1);
    expect((events[0]!.data as { fare_watch: object }).fare_watch).toMatchObject({
      opportunity_id: above.body.opportunity_id,
      tier: 'issued',
    });
  });

  it('a booking with an EMD (a paid bag) is skipped unless the agency opts in', async () => {
    await settings();
    const booking = await held('FX');
    const bag = await paidService(stack.baseUrl, agent.token, booking.locator);
    const added = await addAncillaries(stack.baseUrl, agent.token, booking.locator, [
      { service_id: bag.id, passenger_id: 'PAX1' },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    await issue(booking.locator);
    const skipped = await cheaperFare(booking.locator);
    expect(skipped.body).toMatchObject({ outcome: 'rejected', opportunity_id: null });
    expect(skipped.body.reason).toMatch(/seats or EMDs/);

    await settings({ issued_with_ancillaries: true });
    const watched = await cheaperFare(booking.locator);
    expect(watched.body, JSON.stringify(watched.body)).toMatchObject({ outcome: 'found' });
  });
});

describe('accepting an issued opportunity: one exchange', () => {
  it(`20 concurrent accepts: one flight change, the tickets reissued once, one debit and one residual (${raceRounds()} rounds)`, async () => {
    await settings();
    for (let round = 0; round < raceRounds(); round += 1) {
      const booking = await issued('FX');
      const oldTickets = booking.documents.filter((d) => d.type === 'ticket').map((d) => d.number);
      const found = await cheaperFare(booking.locator);
      expect(found.body, JSON.stringify(found.body)).toMatchObject({ outcome: 'found' });
      const id = found.body.opportunity_id as string;
      const balance = toMinor(await balanceOf(db(), tenant.companyId));
      const ledger = (await ledgerOf(db(), tenant.companyId)).length;

      const answers = await Promise.all(
        Array.from({ length: 20 }, () => post(`/fare_watch/opportunities/${id}/accept`, {})),
      );
      for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
      const won = answers.filter((a) => a.status === 200);
      expect(won).toHaveLength(1);
      expect(won[0]!.body).toMatchObject({ status: 'accepted', tier: 'issued' });
      for (const a of answers.filter((x) => x.status === 409))
        expect(a.body.errors[0].code).toBe('fare_watch_opportunity_decided');

      const row = await db()
        .selectFrom('bookings')
        .selectAll()
        .where('locator', '=', booking.locator)
        .executeTakeFirstOrThrow();
      const requests = await db()
        .selectFrom('booking_requests')
        .selectAll()
        .where('booking_id', '=', row.id)
        .where('kind', '=', 'change')
        .execute();
      expect(requests.map((r) => r.status)).toEqual(['confirmed']);
      const intents = await db()
        .selectFrom('airline_intents')
        .select('state')
        .where('booking_id', '=', row.id)
        .where('operation', '=', 'change')
        .execute();
      expect(intents.map((i) => i.state)).toEqual(['succeeded']);
      // The old tickets exchanged once: one new ticket per old one.
      const docs = row.documents as { number: string; type: string; status: string }[];
      const live = docs.filter((d) => d.type === 'ticket' && d.status === 'issued').map((d) => d.number);
      expect(live).toHaveLength(oldTickets.length);
      expect(live.some((n) => oldTickets.includes(n))).toBe(false);
      // One balance effect: the exchange fee (and the penalty, none on Flex) out, the residual back.
      const opp = (await opportunity(id)).body;
      const moved = (await ledgerOf(db(), tenant.companyId)).slice(ledger);
      expect(moved.length).toBeLessThanOrEqual(2);
      const residual = toMinor(opp.net_saving_parts.fare_saving.amount);
      expect(toMinor(await balanceOf(db(), tenant.companyId)) - balance).toBe(
        residual - toMinor(opp.net_saving_parts.change_penalty.amount) - 400,
      );
      const events = await db()
        .selectFrom('events')
        .select('type')
        .where('booking_id', '=', row.id)
        .where('type', 'in', ['booking.rebooked_cheaper', 'booking.exchanged'])
        .execute();
      expect(events.map((e) => e.type).sort()).toEqual(['booking.exchanged', 'booking.rebooked_cheaper']);
    }
  }, 300_000);

  it('a balance too low refuses the accept and leaves the opportunity open', async () => {
    await settings();
    await setAgencyFee(db(), tenant, 'exchange', '50.00');
    const booking = await issued('FX');
    const found = await cheaperFare(booking.locator);
    const id = found.body.opportunity_id as string;
    await setBalance(db(), tenant.companyId, '0.00');
    const refused = await post(`/fare_watch/opportunities/${id}/accept`, {});
    expect(refused.status, JSON.stringify(refused.body)).toBe(422);
    expect((await opportunity(id)).body.status).toBe('open');
    await setBalance(db(), tenant.companyId, '100000.00');
    const accepted = await post(`/fare_watch/opportunities/${id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    await setAgencyFee(db(), tenant, 'exchange', '4.00');
  }, 60_000);
});

describe('an exchange accept its process left open', () => {
  const reconcile = () =>
    reconcileIntents(
      { db: db(), clock: systemClock, ...airlineParts(stack.config, stack.ctx.db) },
      { staleMs: 60_000 },
    );
  const long = () => new Date(Date.now() - 3_600_000);

  /** An issued booking's opportunity claimed with its flight change request, as a dead process left it. */
  async function claimed() {
    await settings();
    const booking = await issued('FX');
    const found = await cheaperFare(booking.locator);
    expect(found.body, JSON.stringify(found.body)).toMatchObject({ outcome: 'found' });
    const opp = await db()
      .selectFrom('fare_watch_opportunities')
      .selectAll()
      .where('id', '=', found.body.opportunity_id)
      .executeTakeFirstOrThrow();
    const row = await db()
      .selectFrom('bookings')
      .selectAll()
      .where('locator', '=', booking.locator)
      .executeTakeFirstOrThrow();
    const offer = opp.exchange_offer as StoredOffer;
    const request = quotedRequest(
      row,
      'change',
      { accountId: agent.id, at: long() },
      { journeys: [], offers: [offer], expires_at: new Date(offer.expires_at) },
    );
    await insertNewRequest(db(), request);
    await db()
      .updateTable('fare_watch_opportunities')
      .set({ status: 'accepting', stage: 'exchanging', change_request_id: request.id, claimed_at: long() })
      .where('id', '=', opp.id)
      .execute();
    return { row, opp, request, offer };
  }

  it('died before the flight change claimed its request: the opportunity is open again', async () => {
    const { opp, request } = await claimed();
    await reconcile();
    expect((await opportunity(opp.id)).body.status).toBe('open');
    const closed = await db()
      .selectFrom('booking_requests')
      .select('status')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(closed.status).toBe('failed');
    const accepted = await post(`/fare_watch/opportunities/${opp.id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe('accepted');
  });

  it("the airline's answer to the exchange was lost: the reconciler finishes it and the opportunity follows, once", async () => {
    const { row, opp, request, offer } = await claimed();
    // The flight change's own claim and intent, then the airline carries it out and the answer is lost.
    const attempt = newId('cfm');
    await db()
      .transaction()
      .execute(async (trx) => {
        await takeBooking(trx, row.id, row, {
          operation: 'change',
          requestId: request.id,
          attemptId: attempt,
          at: long(),
        });
        await claimForConfirm(trx, request, attempt, long(), offer.offer_id);
      });
    await db()
      .updateTable('airline_intents')
      .set({ state: 'unknown' })
      .where('booking_id', '=', row.id)
      .where('operation', '=', 'change')
      .execute();
    const airline = airlineParts(stack.config, stack.ctx.db);
    const { channel } = await airline.channels.forBooking(row);
    await airline.provider.changeOrder(channel, orderRefOf(row), offer.airline_offer_id, null);

    await reconcile();
    await reconcile();
    expect((await opportunity(opp.id)).body.status).toBe('accepted');
    const settled = await db()
      .selectFrom('booking_requests')
      .select('status')
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(settled.status).toBe('confirmed');
    const events = await db()
      .selectFrom('events')
      .select('type')
      .where('booking_id', '=', row.id)
      .where('type', '=', 'booking.rebooked_cheaper')
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe('held bookings: ancillaries carried over', () => {
  const rowOf = (locator: string) =>
    db().selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirstOrThrow();

  it('a bag priced into the hold is on the rebooked order, and the old hold is released', async () => {
    await settings();
    const booking = await held('FX');
    const bag = await paidService(stack.baseUrl, agent.token, booking.locator);
    const added = await addAncillaries(stack.baseUrl, agent.token, booking.locator, [
      { service_id: bag.id, passenger_id: 'PAX1' },
    ]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const before = await rowOf(booking.locator);
    const found = await cheaperFare(booking.locator);
    expect(found.body, JSON.stringify(found.body)).toMatchObject({ outcome: 'found' });
    const accepted = await post(`/fare_watch/opportunities/${found.body.opportunity_id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe('accepted');

    const after = await rowOf(booking.locator);
    expect(after.airline_locator).not.toBe(before.airline_locator);
    const airline = airlineParts(stack.config, stack.ctx.db);
    const { channel } = await airline.channels.forBooking(after);
    const rebooked = await airline.provider.retrieveOrder(channel, orderRefOf(after));
    const old = await airline.provider.retrieveOrder(channel, orderRefOf(before));
    expect(old.status).toBe('cancelled');
    const codes = (o: typeof rebooked) =>
      o.services.filter((x) => x.status !== 'voided').map((x) => `${x.code}:${x.passengerIds.join()}`);
    expect(codes(rebooked)).toEqual(codes(old).length ? codes(old) : [expect.any(String)]);
    const view = await api().get(`/api/v1/bookings/${booking.locator}`).set(bearer(agent.token));
    expect(view.body.ancillaries.map((a: { code: string }) => a.code)).toEqual(
      (before.ancillaries as { code: string }[]).map((a) => a.code),
    );
  });

  it('a seat the old hold keeps cannot be had by the new booking: the candidate is refused, and logged', async () => {
    await settings();
    const booking = await held('CL');
    const seat = await paidSeat(stack.baseUrl, agent.token, booking.locator);
    const added = await addAncillaries(stack.baseUrl, agent.token, booking.locator, [{ seat, passenger_id: 'PAX1' }]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const check = await cheaperFare(booking.locator);
    expect(check.body, JSON.stringify(check.body)).toMatchObject({ outcome: 'rejected', opportunity_id: null });
    expect(check.body.reason).toMatch(/cannot have a carried ancillary: Seat \d+[A-Z] .* is taken/);
    const log = await api().get(`/api/v1/bookings/${booking.locator}/fare_watch`).set(bearer(agent.token));
    expect(log.body.checks[0]).toMatchObject({ outcome: 'rejected', reason: check.body.reason });
  });
});
