// Each agency's own sandbox clock through the API: test mode only; moving it expires the agency's
// held test bookings and raises their time-limit warnings at once, and moves nothing for another
// agency; concurrent moves add up (in PostgreSQL and at the sandbox airlines); a move the airlines
// could not hear is kept and answered (a retry replays it, never moves twice), and they hear it on
// the next read; a reset never takes time back. The scenario catalogue is the sandbox airlines' own, with a ready search that runs.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../api/src/domain/ids.js';
import { generateToken } from '../../api/src/domain/auth/api-tokens.js';
import { nameTriggers, routeTriggers } from '../../sandbox/src/engine/scenarios.js';
import { bearer, book, findFares } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let otherTenant: TestTenant;
let otherAgent: TestAccount;

beforeAll(async () => {
  stack = await startStack();
  [tenant, otherTenant] = await Promise.all([createTenant(stack.ctx.db), createTenant(stack.ctx.db)]);
  [agent, otherAgent] = await Promise.all([
    createAccount(stack.ctx.db, { userType: 'Agent', tenant }),
    createAccount(stack.ctx.db, { userType: 'Agent', tenant: otherTenant }),
  ]);
});
afterAll(async () => {
  await stack.close();
});

const api = () => request(stack.baseUrl);
const clockOf = async (token: string) => {
  const res = await api().get('/api/v1/sandbox/clock').set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { now: string; real_now: string; offset_seconds: number; held_until: string | null };
};
const advance = (token: string, seconds: number) =>
  api().post('/api/v1/sandbox/clock/advance').set(bearer(token)).send({ seconds });
const channelClock = async (agencyId: string, carrier = 'LH') =>
  (
    await request(stack.sandboxUrl)
      .get('/sandbox/channel_clock')
      .set(bearer(`sbx_${carrier}_${agencyId}`))
  ).body as { offset_ms: number; version: number; now: string };
const bookingOf = async (token: string, locator: string) =>
  (await api().get(`/api/v1/bookings/${locator}`).set(bearer(token))).body as { status: string };
async function hold(account: TestAccount, days: number) {
  const fares = await findFares(
    stack.baseUrl,
    bearer(account.token),
    { origin: 'WAW', destination: 'FRA', days },
    { carriers: ['LH'] },
  );
  const booked = await book(stack.baseUrl, bearer(account.token), fares[0]!);
  const row = await stack.ctx.db
    .selectFrom('bookings')
    .select('time_limit')
    .where('locator', '=', booked.locator)
    .executeTakeFirstOrThrow();
  return { locator: booked.locator, timeLimit: row.time_limit! };
}

describe('the sandbox clock', () => {
  it('refuses a live token with sandbox_only, in the errors envelope, and changes nothing', async () => {
    await stack.ctx.db
      .updateTable('agencies')
      .set({ production_api_on: true })
      .where('id', '=', tenant.agencyId)
      .execute();
    const generated = generateToken('live');
    await stack.ctx.db
      .insertInto('api_tokens')
      .values({
        id: newId('tok'),
        account_id: agent.id,
        prefix: generated.prefix,
        token_hash: generated.hash,
        mode: 'live',
        name: 'live',
      })
      .execute();
    for (const res of [
      await api().get('/api/v1/sandbox/clock').set(bearer(generated.token)),
      await advance(generated.token, 3600),
      await api().post('/api/v1/sandbox/clock/reset').set(bearer(generated.token)),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.errors[0].code).toBe('sandbox_only');
      expect(res.body.meta.request_id).toBeTruthy();
    }
    expect((await clockOf(agent.token)).offset_seconds).toBe(0);
  });

  it('refuses a move of no time, and one past 400 days ahead', async () => {
    expect((await advance(agent.token, 0)).status).toBe(400);
    const far = await advance(otherAgent.token, 34_560_000);
    expect(far.status).toBe(200);
    const past = await advance(otherAgent.token, 1);
    expect(past.status).toBe(409);
    expect(past.body.errors[0].code).toBe('sandbox_clock_limit');
    expect((await api().post('/api/v1/sandbox/clock/reset').set(bearer(otherAgent.token))).status).toBe(200);
  });

  it("warns of a held test booking's time limit, then expires it, for the agency that moved time only", async () => {
    const mine = await hold(agent, 30);
    const theirs = await hold(otherAgent, 30);
    const before = await clockOf(agent.token);
    const toWarning = Math.ceil((mine.timeLimit.getTime() - Date.parse(before.now)) / 1000) - 23 * 3600;
    const warned = await advance(agent.token, toWarning);
    expect(warned.status, JSON.stringify(warned.body)).toBe(200);
    expect(warned.body.time_limit_warnings).toBeGreaterThanOrEqual(1);
    expect(warned.body.holds_expired).toBe(0);
    const events = await stack.ctx.db
      .selectFrom('events')
      .select(['type', 'agency_id'])
      .where('type', '=', 'booking.time_limit_approaching')
      .where('agency_id', 'in', [tenant.agencyId, otherTenant.agencyId])
      .execute();
    expect(events.map((e) => e.agency_id)).toEqual([tenant.agencyId]);

    const expired = await advance(agent.token, 24 * 3600);
    expect(expired.status).toBe(200);
    expect(expired.body.holds_expired).toBe(1);
    expect((await bookingOf(agent.token, mine.locator)).status).toBe('expired');
    // The other agency's hold, on the same airline and day, is untouched, and so is its time.
    expect((await bookingOf(otherAgent.token, theirs.locator)).status).toBe('new');
    expect(await stack.ctx.bookings.expireHolds({ agencyId: otherTenant.agencyId })).toEqual({
      checked: 0,
      expired: 0,
    });
    expect((await channelClock(otherTenant.agencyId)).now.slice(0, 13)).toBe(new Date().toISOString().slice(0, 13));
  });

  it('adds up 30 concurrent moves of one agency, at the airlines too, while another agency moves alone', async () => {
    for (let round = 0; round < 5; round += 1) {
      const mineBefore = (await clockOf(agent.token)).offset_seconds;
      const theirsBefore = (await clockOf(otherAgent.token)).offset_seconds;
      const moves = await Promise.all([
        ...Array.from({ length: 30 }, () => advance(agent.token, 60)),
        ...Array.from({ length: 5 }, () => advance(otherAgent.token, 7)),
      ]);
      expect(moves.map((m) => m.status)).toEqual(Array.from({ length: 35 }, () => 200));
      expect((await clockOf(agent.token)).offset_seconds).toBe(mineBefore + 30 * 60);
      expect((await clockOf(otherAgent.token)).offset_seconds).toBe(theirsBefore + 5 * 7);
      // Every sandbox channel of each agency settled on its own sum, whatever order the moves arrived in.
      for (const carrier of ['LH', 'LO']) {
        expect((await channelClock(tenant.agencyId, carrier)).offset_ms).toBe((mineBefore + 1800) * 1000);
        expect((await channelClock(otherTenant.agencyId, carrier)).offset_ms).toBe((theirsBefore + 35) * 1000);
      }
    }
  });

  it('resets to real time, but never back before a moment its test orders recorded', async () => {
    const moved = await clockOf(agent.token);
    const reset = await api().post('/api/v1/sandbox/clock/reset').set(bearer(agent.token));
    expect(reset.status).toBe(200);
    expect(reset.body.offset_seconds).toBe(0);
    // The agency's hold expired at its time limit (72 h ahead): the clock waits there.
    expect(Date.parse(reset.body.now)).toBeLessThan(Date.parse(moved.now));
    expect(Date.parse(reset.body.now)).toBeGreaterThan(Date.now() + 48 * 3600_000);
    expect(reset.body.held_until).toBe(reset.body.now);
    // An agency whose orders recorded nothing ahead goes straight back to real time.
    await advance(otherAgent.token, 86_400);
    const back = (await api().post('/api/v1/sandbox/clock/reset').set(bearer(otherAgent.token))).body;
    expect(back.held_until).toBeNull();
    expect(Math.abs(Date.parse(back.now) - Date.now())).toBeLessThan(60_000);
    // A move after a reset adds to the time it waits at.
    const after = await advance(agent.token, 3600);
    expect(Date.parse(after.body.clock.now)).toBeGreaterThanOrEqual(Date.parse(reset.body.now) + 3_600_000);
    const airline = await channelClock(tenant.agencyId);
    expect(Date.parse(airline.now)).toBeGreaterThanOrEqual(Date.parse(reset.body.now) + 3_600_000);
  });
});

describe('fare-watch passes on the moved clock', () => {
  it("checks a watched test booking again once the agency's time passes its next check", async () => {
    const watching = await createTenant(stack.ctx.db);
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: watching });
    const watcher = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: watching });
    const settings = await api()
      .put('/api/v1/fare_watch/settings')
      .set(bearer(supervisor.token))
      .send({ held_enabled: true, check_every_hours: 6, stop_before_hours: 0 });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const { locator } = await hold(watcher, 45);
    const lastChecked = async () =>
      (
        await stack.ctx.db
          .selectFrom('fare_watch_bookings as w')
          .innerJoin('bookings as b', 'b.id', 'w.booking_id')
          .select('w.last_checked_at')
          .where('b.locator', '=', locator)
          .executeTakeFirst()
      )?.last_checked_at ?? null;
    const pass = () => stack.ctx.fareWatch.runPass({ limit: 500, perChannel: 2 });
    await pass();
    const first = await lastChecked();
    expect(first).not.toBeNull();
    // Not due again for 6 hours of real time…
    await pass();
    expect(await lastChecked()).toEqual(first);
    // …but the agency's time is 7 hours on: the next pass checks it.
    expect((await advance(watcher.token, 7 * 3600)).status).toBe(200);
    await pass();
    expect((await lastChecked())!.getTime()).toBeGreaterThan(first!.getTime());
  });
});

describe('the scenario catalogue', () => {
  it("lists every trigger of the sandbox's scenarios with texts in en, ua and pl", async () => {
    const res = await api().get('/api/v1/sandbox/scenarios').set(bearer(agent.token));
    expect(res.status).toBe(200);
    const items = res.body.items as Array<{ id: string; origin: string; destination: string; surname: string | null }>;
    for (const [id, [from, to]] of Object.entries(routeTriggers))
      expect(items.find((i) => i.id === id)).toMatchObject({ origin: from, destination: to });
    for (const [id, surname] of Object.entries(nameTriggers))
      expect(items.find((i) => i.id === id)?.surname).toBe(surname);
  });

  it("runs a scenario's ready search: the no-offers route answers no offers", async () => {
    const { items } = (await api().get('/api/v1/sandbox/scenarios').set(bearer(agent.token))).body as {
      items: Array<{ id: string; search: object }>;
    };
    const search = await api()
      .post('/api/v1/offers')
      .set(bearer(agent.token))
      .send(items.find((i) => i.id === 'no_offers')!.search);
    expect(search.status, JSON.stringify(search.body)).toBe(201);
    expect(search.body.offers).toEqual([]);
  });
});

describe('a move while the sandbox airlines are away', () => {
  it('is kept and answered with the channels behind; a retry replays it; the next read tells them', async () => {
    const own = await createTenant(stack.ctx.db);
    const developer = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: own });
    const start = await stack.stopSandbox();
    let started = false;
    try {
      const move = () =>
        api()
          .post('/api/v1/sandbox/clock/advance')
          .set(bearer(developer.token))
          .set('Idempotency-Key', 'move-while-away')
          .send({ seconds: 3600 });
      const first = await move();
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body.airlines_behind).toBeGreaterThanOrEqual(1);
      expect(first.body.clock.offset_seconds).toBe(3600);
      const again = await move();
      expect(again.status).toBe(200);
      expect(again.headers['idempotency-replayed']).toBe('true');
      const row = await stack.ctx.db
        .selectFrom('sandbox_clocks')
        .select('offset_ms')
        .where('agency_id', '=', own.agencyId)
        .executeTakeFirstOrThrow();
      expect(Number(row.offset_ms)).toBe(3_600_000);
      // A read is safe to ask again, so it says the airlines did not answer.
      expect((await api().get('/api/v1/sandbox/clock').set(bearer(developer.token))).status).toBeGreaterThanOrEqual(
        502,
      );
      await start();
      started = true;
      expect((await clockOf(developer.token)).offset_seconds).toBe(3600);
      expect((await channelClock(own.agencyId)).offset_ms).toBe(3_600_000);
    } finally {
      if (!started) await start();
    }
  });
});
