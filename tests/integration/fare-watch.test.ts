// Fare Watch over HTTP against the sandbox airlines: a cheaper class with equal conditions becomes an
// opportunity (check log, event, "action required"); a worse one is refused with its reason; accept
// rebooks into a new airline order and releases the old hold, the booking keeping its locator;
// decline takes a reason; settings are the supervisor's; opt-out stops the checks. Then the
// exactly-once race, RACE_ROUNDS rounds (default 3): 4 concurrent watch passes auto-applying and 20
// concurrent accepts on one opportunity give one rebook and one release, and no money moves.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { airlineParts } from '../../api/src/core.js';
import { saveSettings } from '../../api/src/db/fare-watch.repository.js';
import { insertIntent } from '../../api/src/db/airline-intents.repository.js';
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import { reconcileIntents } from '../../api/src/domain/bookings/booking-reconcile.js';
import { newId } from '../../api/src/domain/ids.js';
import { systemClock } from '../../api/src/domain/clock.js';
import { balanceOf, bearer, book, findFares, payBy, setBalance } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { raceRounds } from '../support/races.js';
import { startStack, testEnv, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let supervisor: TestAccount;
let airline: ReturnType<typeof airlineParts>;

beforeAll(async () => {
  stack = await startStack({ env: { KEY_PREFIX: `${testEnv().KEY_PREFIX}-fare-watch` } });
  airline = airlineParts(stack.config, stack.ctx.db);
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  await payBy(stack.ctx.db, tenant, 'company_balance');
  await setBalance(stack.ctx.db, tenant.companyId, '100000.00');
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

const api = () => request(stack.baseUrl);
const db = () => stack.ctx.db;
let day = 40;

/** A held LH booking of `family` (CL: changeable for a fee, so a worse class exists). */
async function heldBooking(family = 'CL') {
  const fares = await findFares(
    stack.baseUrl,
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 1) },
    { carriers: ['LH'], currency: 'EUR' },
  );
  const fare = fares.find((f) => f.family === family) ?? fares[0]!;
  return book(stack.baseUrl, bearer(agent.token), fare);
}

const cheaperFare = (locator: string, conditions: 'equal' | 'worse') =>
  api().post(`/api/v1/sandbox/bookings/${locator}/cheaper_fare`).set(bearer(agent.token)).send({ conditions });

const bookingRow = (locator: string) =>
  db().selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirstOrThrow();

async function airlineOrder(bookingId: string, airlineLocator: string) {
  const row = await db().selectFrom('bookings').selectAll().where('id', '=', bookingId).executeTakeFirstOrThrow();
  const { channel } = await airline.channels.forBooking(row);
  return airline.provider.retrieveOrder(channel, orderRefOf({ id: bookingId, airline_locator: airlineLocator }));
}

describe('settings', () => {
  it('a supervisor reads the defaults and sets the agency settings; an agent may not', async () => {
    const read = await api().get('/api/v1/fare_watch/settings').set(bearer(supervisor.token));
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({ agency_id: tenant.agencyId, held_enabled: false, check_every_hours: 6 });
    const put = await api()
      .put('/api/v1/fare_watch/settings')
      .set(bearer(supervisor.token))
      .send({ held_enabled: true, min_saving_amount: '1.00', min_saving_percent: 1 });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ held_enabled: true, min_saving_amount: '1.00', auto_apply_held: false });
    const bad = await api()
      .put('/api/v1/fare_watch/settings')
      .set(bearer(supervisor.token))
      .send({ check_every_hours: 0 });
    expect(bad.status).toBe(400);
    expect((await api().get('/api/v1/fare_watch/settings').set(bearer(agent.token))).status).toBe(403);
  });
});

describe('held bookings', () => {
  it('an equal cheaper class becomes an opportunity; accepting rebooks and releases the old hold', async () => {
    const booked = await heldBooking();
    const before = await bookingRow(booked.locator);
    const check = await cheaperFare(booked.locator, 'equal');
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body).toMatchObject({ outcome: 'found' });
    // The next check finds the same price again: the opportunity takes the new offer, and nobody
    // hears of the same fare twice (one event, one history line).
    const repeat = await cheaperFare(booked.locator, 'equal');
    expect(repeat.body).toMatchObject({ outcome: 'found', candidate_price: check.body.candidate_price });
    const id = repeat.body.opportunity_id as string;

    const opp = await api().get(`/api/v1/fare_watch/opportunities/${id}`).set(bearer(agent.token));
    expect(opp.status).toBe(200);
    expect(opp.body).toMatchObject({ locator: booked.locator, status: 'open', tier: 'held' });
    expect(opp.body.candidate.brand).toBe(opp.body.original.brand);
    expect(Number(opp.body.candidate.price.amount)).toBeLessThan(Number(opp.body.original.price.amount));
    const listed = await api()
      .get('/api/v1/fare_watch/opportunities')
      .query({ locator: booked.locator, status: 'open' })
      .set(bearer(agent.token));
    expect(listed.body.data.map((o: { id: string }) => o.id)).toEqual([id]);
    const needs = await api().get('/api/v1/action_required').set(bearer(agent.token));
    expect(
      needs.body.data.some(
        (n: { kind: string; booking_locator: string }) =>
          n.kind === 'cheaper_fare' && n.booking_locator === booked.locator,
      ),
    ).toBe(true);

    const accepted = await api()
      .post(`/api/v1/fare_watch/opportunities/${id}/accept`)
      .set(bearer(agent.token))
      .send({});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    const again = await api().post(`/api/v1/fare_watch/opportunities/${id}/accept`).set(bearer(agent.token)).send({});
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('fare_watch_opportunity_decided');

    const after = await bookingRow(booked.locator);
    expect(after.airline_locator).not.toBe(before.airline_locator);
    expect(Number(after.airline_total)).toBeLessThan(Number(before.airline_total));
    expect(after.status).toBe('new');
    expect((await airlineOrder(after.id, before.airline_locator)).status).toBe('cancelled');
    expect((await airlineOrder(after.id, after.airline_locator)).status).toBe('held');
    const events = await db().selectFrom('events').select('type').where('booking_id', '=', after.id).execute();
    expect(events.filter((e) => e.type === 'booking.cheaper_fare_found')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'booking.rebooked_cheaper')).toHaveLength(1);
    const read = await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token));
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('new');
  });

  it('a worse cheaper class is refused with its reason, and the log says so', async () => {
    const booked = await heldBooking('CL');
    const check = await cheaperFare(booked.locator, 'worse');
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.outcome).toBe('rejected');
    expect(check.body.reason).toMatch(/brand|bags|conditions/i);
    expect(check.body.opportunity_id).toBeNull();
    const log = await api().get(`/api/v1/bookings/${booked.locator}/fare_watch`).set(bearer(agent.token));
    expect(log.status).toBe(200);
    expect(log.body.checks[0]).toMatchObject({ outcome: 'rejected' });
  });

  it('declines with a reason; an opted-out booking is not checked', async () => {
    const booked = await heldBooking();
    const check = await cheaperFare(booked.locator, 'equal');
    const id = check.body.opportunity_id as string;
    const bad = await api()
      .post(`/api/v1/fare_watch/opportunities/${id}/decline`)
      .set(bearer(agent.token))
      .send({ reason: 'whim' });
    expect(bad.status).toBe(400);
    const declined = await api()
      .post(`/api/v1/fare_watch/opportunities/${id}/decline`)
      .set(bearer(agent.token))
      .send({ reason: 'traveller_wants_original', note: 'Keeps the original.' });
    expect(declined.status, JSON.stringify(declined.body)).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', decline_reason: 'traveller_wants_original' });
    expect(
      (await api().post(`/api/v1/fare_watch/opportunities/${id}/accept`).set(bearer(agent.token)).send({})).status,
    ).toBe(409);

    const out = await api()
      .patch(`/api/v1/bookings/${booked.locator}/fare_watch`)
      .set(bearer(agent.token))
      .send({ opted_out: true });
    expect(out.status).toBe(200);
    expect(out.body).toMatchObject({ opted_out: true, next_check_at: null });
    const row = await bookingRow(booked.locator);
    await db()
      .updateTable('fare_watch_bookings')
      .set({ next_check_at: new Date(0) })
      .where('booking_id', '=', row.id)
      .execute();
    const checksBefore = (await api().get(`/api/v1/bookings/${booked.locator}/fare_watch`).set(bearer(agent.token)))
      .body.checks.length;
    await stack.ctx.fareWatch.runPass({ limit: 100, perChannel: 2 });
    const checksAfter = (await api().get(`/api/v1/bookings/${booked.locator}/fare_watch`).set(bearer(agent.token))).body
      .checks.length;
    expect(checksAfter).toBe(checksBefore);
  });

  it('an opportunity of another agency is not found', async () => {
    const booked = await heldBooking();
    const check = await cheaperFare(booked.locator, 'equal');
    const other = await createAccount(db(), { userType: 'Agent', tenant: await createTenant(db()) });
    const res = await api()
      .get(`/api/v1/fare_watch/opportunities/${check.body.opportunity_id}`)
      .set(bearer(other.token));
    expect(res.status).toBe(404);
    expect(
      (
        await api()
          .post(`/api/v1/fare_watch/opportunities/${check.body.opportunity_id}/accept`)
          .set(bearer(other.token))
          .send({})
      ).status,
    ).toBe(404);
  });
});

describe('exactly once', () => {
  it(`4 watch passes auto-applying and 20 accepts on one opportunity: one rebook, one release (${raceRounds()} rounds)`, async () => {
    await saveSettings(db(), {
      agency_id: tenant.agencyId,
      held_enabled: true,
      min_saving_amount: '0',
      min_saving_percent: '0',
      check_every_hours: 6,
      stop_before_hours: 0,
      auto_apply_held: true,
      channel_ids: null,
      updated_by: null,
      updated_at: new Date(),
    });
    const balance = await balanceOf(db(), tenant.companyId);
    for (let round = 0; round < raceRounds(); round += 1) {
      const booked = await heldBooking();
      const before = await bookingRow(booked.locator);
      await airline.provider.openCheaperFare(
        (await airline.channels.forBooking(before)).channel,
        orderRefOf(before),
        'equal',
      );
      // An opportunity to accept, found while auto-apply was off for a moment.
      await db()
        .updateTable('fare_watch_settings')
        .set({ auto_apply_held: false })
        .where('agency_id', '=', tenant.agencyId)
        .execute();
      const found = await stack.ctx.fareWatch.runPass({ limit: 100, perChannel: 2 });
      expect(found).toBeGreaterThanOrEqual(1);
      await db()
        .updateTable('fare_watch_settings')
        .set({ auto_apply_held: true })
        .where('agency_id', '=', tenant.agencyId)
        .execute();
      const opp = await db()
        .selectFrom('fare_watch_opportunities')
        .select('id')
        .where('booking_id', '=', before.id)
        .where('status', '=', 'open')
        .executeTakeFirstOrThrow();
      // Due again at once, so the passes check it (and auto-apply) while the accepts run.
      await db()
        .updateTable('fare_watch_bookings')
        .set({ next_check_at: new Date(0) })
        .where('booking_id', '=', before.id)
        .execute();
      const [answers] = await Promise.all([
        Promise.all(
          Array.from({ length: 20 }, () =>
            api().post(`/api/v1/fare_watch/opportunities/${opp.id}/accept`).set(bearer(agent.token)).send({}),
          ),
        ),
        Promise.all(Array.from({ length: 4 }, () => stack.ctx.fareWatch.runPass({ limit: 100, perChannel: 2 }))),
      ]);
      for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);

      const intents = await db()
        .selectFrom('airline_intents')
        .selectAll()
        .where('booking_id', '=', before.id)
        .where('operation', '=', 'rebook')
        .execute();
      expect(intents.filter((i) => i.state === 'succeeded')).toHaveLength(1);
      // Every new airline order made is noted on its intent: one rebook means one new order.
      expect(intents.filter((i) => i.attempt_id !== null)).toHaveLength(1);
      expect(intents.filter((i) => i.state === 'pending' || i.state === 'unknown')).toHaveLength(0);
      const after = await bookingRow(booked.locator);
      expect(after.airline_locator).toBe(intents.find((i) => i.state === 'succeeded')!.attempt_id);
      expect((await airlineOrder(after.id, before.airline_locator)).status).toBe('cancelled');
      expect((await airlineOrder(after.id, after.airline_locator)).status).toBe('held');
      const events = await db()
        .selectFrom('events')
        .select('type')
        .where('booking_id', '=', after.id)
        .where('type', '=', 'booking.rebooked_cheaper')
        .execute();
      expect(events).toHaveLength(1);
      const history = await db()
        .selectFrom('booking_history')
        .select('action')
        .where('booking_id', '=', after.id)
        .where('action', '=', 'rebooked_cheaper')
        .execute();
      expect(history).toHaveLength(1);
    }
    // A hold moves no money: the balance is as it was.
    expect(await balanceOf(db(), tenant.companyId)).toBe(balance);
    // The tests after this one find opportunities to accept themselves: auto-apply off again.
    await db()
      .updateTable('fare_watch_settings')
      .set({ auto_apply_held: false })
      .where('agency_id', '=', tenant.agencyId)
      .execute();
  }, 240_000);
});

describe('a rebook its process left open', () => {
  /** An opportunity claimed and its rebook intent written, as a process that died at `stage` left them. */
  async function stranded(stage: 'booking' | 'booked' | 'releasing') {
    const booked = await heldBooking();
    const check = await cheaperFare(booked.locator, 'equal');
    const row = await bookingRow(booked.locator);
    const opp = await db()
      .selectFrom('fare_watch_opportunities')
      .selectAll()
      .where('id', '=', check.body.opportunity_id)
      .executeTakeFirstOrThrow();
    let newLocator: string | null = null;
    if (stage !== 'booking') {
      const { channel } = await airline.channels.forBooking(row);
      const order = await airline.provider.createOrder(channel, {
        offerId: opp.airline_offer_id,
        sellerReference: row.id,
        passengers: [
          {
            id: 'PAX1',
            type: 'ADT',
            givenName: 'Olena',
            surname: 'Kovalenko',
            title: 'MRS',
            birthdate: '1985-03-14',
            gender: null,
            identityDocument: null,
          },
        ],
        contact: { email: 'olena@example.com', phone: '+48 600 100 200' },
      });
      newLocator = order.orderId;
    }
    const long = new Date(Date.now() - 3_600_000);
    await db()
      .updateTable('fare_watch_opportunities')
      .set({ status: 'accepting', stage, new_airline_locator: newLocator, claimed_at: long })
      .where('id', '=', opp.id)
      .execute();
    await insertIntent(db(), {
      id: newId('ain'),
      booking_id: row.id,
      operation: 'rebook',
      request_id: opp.id,
      attempt_id: newLocator,
      currency: row.currency.trim(),
      detail: null,
      created_at: long,
      updated_at: long,
    });
    return { row, oppId: opp.id, newLocator };
  }

  const reconcile = () => reconcileIntents({ db: db(), clock: systemClock, ...airline }, { staleMs: 60_000 });

  it('releasing: the old hold is released and the rebook finished, once', async () => {
    const { row, oppId, newLocator } = await stranded('releasing');
    await reconcile();
    await reconcile();
    const after = await bookingRow(row.locator);
    expect(after.airline_locator).toBe(newLocator);
    expect((await airlineOrder(row.id, row.airline_locator)).status).toBe('cancelled');
    const opp = await db()
      .selectFrom('fare_watch_opportunities')
      .select('status')
      .where('id', '=', oppId)
      .executeTakeFirstOrThrow();
    expect(opp.status).toBe('accepted');
    const events = await db()
      .selectFrom('events')
      .select('type')
      .where('booking_id', '=', row.id)
      .where('type', '=', 'booking.rebooked_cheaper')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('booked, the time limit not agreed: the new order is cancelled and the booking kept', async () => {
    const { row, oppId, newLocator } = await stranded('booked');
    await reconcile();
    const after = await bookingRow(row.locator);
    expect(after.airline_locator).toBe(row.airline_locator);
    expect((await airlineOrder(row.id, row.airline_locator)).status).toBe('held');
    expect((await airlineOrder(row.id, newLocator!)).status).toBe('cancelled');
    const opp = await db()
      .selectFrom('fare_watch_opportunities')
      .select('status')
      .where('id', '=', oppId)
      .executeTakeFirstOrThrow();
    expect(opp.status).toBe('failed');
  });

  it('booking, nothing known to be booked: rolled back, the old hold is the booking', async () => {
    const { row, oppId } = await stranded('booking');
    await reconcile();
    const after = await bookingRow(row.locator);
    expect(after.airline_locator).toBe(row.airline_locator);
    expect((await airlineOrder(row.id, row.airline_locator)).status).toBe('held');
    const opp = await db()
      .selectFrom('fare_watch_opportunities')
      .select('status')
      .where('id', '=', oppId)
      .executeTakeFirstOrThrow();
    expect(opp.status).toBe('failed');
    const open = await db()
      .selectFrom('airline_intents')
      .select('state')
      .where('booking_id', '=', row.id)
      .where('state', 'in', ['pending', 'unknown'])
      .execute();
    expect(open).toHaveLength(0);
  });
});
