// The users of an agency through the API: a supervisor gives presets and custom sets and the next
// request obeys them; a user's own booking visibility overrides the company's switch in lists and
// reads; invites are emailed, accepted once, and make the account with the invited access;
// suspension ends a live session and a token at once, and no write that starts after it commits
// succeeds, over rounds of concurrent writes by the suspended user.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, book, bookingBody, findFares, inDays } from '../support/bookings.js';
import { createAccount, createTenant, type TestTenant } from '../support/factories.js';
import { asSession, signInWithPassword, type TestSession } from '../support/sessions.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let supervisor: TestSession;
let supervisorId: string;
beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(stack.ctx.db);
  const account = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  supervisorId = account.id;
  supervisor = await signInWithPassword(stack.baseUrl, account.email, account.password);
});
afterAll(async () => {
  await stack.close();
});

const api = () => request(stack.baseUrl);
const patchUser = (id: string, body: object, as = supervisor) =>
  api().patch(`/api/v1/agency_users/${id}`).set(asSession(as)).send(body);

describe('permissions', () => {
  it('a preset given by a supervisor decides the very next request, server-side', async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const leg = { origin: 'WAW', destination: 'FRA', days: 41 };
    const search = () =>
      api()
        .post('/api/v1/offers')
        .set(bearer(agent.token))
        .send({
          origin_destinations: [{ origin: leg.origin, destination: leg.destination, departure_date: '2027-01-10' }],
          passengers: [{ type: 'ADT' }],
        });
    expect((await search()).status).not.toBe(403);
    const view = await patchUser(agent.id, { preset: 'accountant' });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body).toMatchObject({ preset: 'accountant', permissions: ['balance'], user_type: 'Agent' });
    const refused = await search();
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('forbidden');
    // A custom set: search back, still no booking; the view says custom.
    const custom = await patchUser(agent.id, { permissions: ['search', 'users'] });
    expect(custom.body).toMatchObject({ preset: 'custom', permissions: ['search', 'users'] });
    expect((await search()).status).not.toBe(403);
    // `users` lets them list the agency's people, but never touch a supervisor.
    const list = await api().get('/api/v1/agency_users').set(bearer(agent.token));
    expect(list.status).toBe(200);
    const aSupervisor = (list.body.data as { id: string; user_type: string }[]).find(
      (u) => u.user_type === 'Supervisor',
    )!;
    const touch = await api()
      .patch(`/api/v1/agency_users/${aSupervisor.id}`)
      .set(bearer(agent.token))
      .send({ preset: 'agent' });
    expect(touch.status).toBe(404);
    // Bad input changes nothing.
    const both = await patchUser(agent.id, { preset: 'agent', permissions: ['search'] });
    expect(both.status).toBe(400);
    expect((await api().get(`/api/v1/agency_users/${agent.id}`).set(asSession(supervisor))).body.preset).toBe('custom');
    // Another agency's supervisor does not reach this user.
    const other = await createTenant(stack.ctx.db);
    const stranger = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: other });
    const far = await api().get(`/api/v1/agency_users/${agent.id}`).set(bearer(stranger.token));
    expect(far.status).toBe(404);
  });
});

describe('the balance permission', () => {
  it("account details carry the company's balance only to an account holding `balance`", async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const details = () => api().get('/api/v1/account/details').set(bearer(agent.token));
    const held = await details();
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.permissions).toContain('balance');
    expect(held.body.company).toMatchObject({ id: tenant.companyId, balance: { currency: 'EUR' } });
    expect(held.body.company.balance.amount).toMatch(/^-?[0-9]+\.[0-9]{2}$/);
    // Taken away: the company is still named, its balance figure is gone from the very next answer.
    expect((await patchUser(agent.id, { permissions: ['search', 'book'] })).status).toBe(200);
    const without = await details();
    expect(without.status).toBe(200);
    expect(without.body.permissions).not.toContain('balance');
    expect(without.body.company).toEqual({ id: tenant.companyId, name: held.body.company.name, balance: null });
    expect(JSON.stringify(without.body)).not.toContain(held.body.company.balance.amount);
    // Given back (the accountant preset holds it): the figure returns.
    expect((await patchUser(agent.id, { preset: 'accountant' })).status).toBe(200);
    expect((await details()).body.company.balance).toEqual(held.body.company.balance);
  });
});

describe('booking visibility', () => {
  it("a user's own visibility overrides the company's switch in lists and reads", async () => {
    const first = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const second = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const leg = { origin: 'WAW', destination: 'FRA', days: 43 };
    const a = await book(
      stack.baseUrl,
      bearer(first.token),
      (await findFares(stack.baseUrl, bearer(first.token), leg))[0]!,
    );
    const b = await book(
      stack.baseUrl,
      bearer(second.token),
      (await findFares(stack.baseUrl, bearer(second.token), leg))[1]!,
    );
    const listed = async (token: string) =>
      ((await api().get('/api/v1/bookings?per_page=100').set(bearer(token))).body.data as { locator: string }[])
        .map((x) => x.locator)
        .filter((l) => l === a.locator || l === b.locator)
        .sort();
    const read = async (token: string, locator: string) =>
      (await api().get(`/api/v1/bookings/${locator}`).set(bearer(token))).status;
    // The company does not share: each agent their own.
    expect(await listed(first.token)).toEqual([a.locator]);
    expect(await read(first.token, b.locator)).toBe(404);
    // Company visibility for the first agent only.
    expect((await patchUser(first.id, { booking_visibility: 'company' })).body.booking_visibility).toBe('company');
    expect(await listed(first.token)).toEqual([a.locator, b.locator].sort());
    expect(await read(first.token, b.locator)).toBe(200);
    expect(await listed(second.token)).toEqual([b.locator]);
    // The company shares, but the second agent is kept to their own.
    await stack.ctx.db
      .updateTable('companies')
      .set({ shared_bookings: true })
      .where('id', '=', tenant.companyId)
      .execute();
    await patchUser(second.id, { booking_visibility: 'own' });
    expect(await listed(second.token)).toEqual([b.locator]);
    expect(await read(second.token, a.locator)).toBe(404);
    // Back to the default: the company's switch decides.
    await patchUser(second.id, { booking_visibility: null });
    expect(await listed(second.token)).toEqual([a.locator, b.locator].sort());
    await stack.ctx.db
      .updateTable('companies')
      .set({ shared_bookings: false })
      .where('id', '=', tenant.companyId)
      .execute();
  });
});

describe('invites', () => {
  it('emails a link that makes the account once, with the invited access', async () => {
    const email = `invited-${Date.now()}@example.com`;
    const created = await api().post('/api/v1/agency_invites').set(asSession(supervisor)).send({
      email,
      first_name: 'Olena',
      last_name: 'Bondar',
      preset: 'senior_agent',
      company_id: tenant.companyId,
      booking_visibility: 'company',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const token = new URL(created.body.accept_url as string).searchParams.get('token')!;
    const mail = await stack.ctx.db.selectFrom('mail_messages').selectAll().where('recipient', '=', email).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body).toContain(created.body.accept_url);
    const listed = await api().get('/api/v1/agency_invites').set(asSession(supervisor));
    expect((listed.body.data as { id: string }[]).map((i) => i.id)).toContain(created.body.id);
    // Two acceptances at once: one account.
    const answers = await Promise.all([0, 1, 2].map(() => api().post('/api/v1/agency_invites/accept').send({ token })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const made = answers.find((r) => r.status === 201)!.body;
    expect(made).toMatchObject({
      email,
      preset: 'senior_agent',
      booking_visibility: 'company',
      company_id: tenant.companyId,
      agency_id: tenant.agencyId,
    });
    expect(
      (await api().post('/api/v1/agency_invites/accept').send({ token: 'inv_nothing_of_the_kind_at_all' })).status,
    ).toBe(404);
    // An agent without `users` cannot invite.
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const refused = await api()
      .post('/api/v1/agency_invites')
      .set(bearer(agent.token))
      .send({ email: 'x@example.com', first_name: 'X', last_name: 'Y' });
    expect(refused.status).toBe(403);
  });
});

describe('suspension', () => {
  it('ends a live session and a token at once; reactivation needs a new sign-in', async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const session = await signInWithPassword(stack.baseUrl, agent.email, agent.password);
    // Both are live and cached.
    expect((await api().get('/api/v1/account/details').set(asSession(session))).status).toBe(200);
    expect((await api().get('/api/v1/account/details').set(bearer(agent.token))).status).toBe(200);
    const suspended = await api().post(`/api/v1/agency_users/${agent.id}/suspend`).set(asSession(supervisor));
    expect(suspended.status).toBe(200);
    expect(suspended.body.suspended_at).not.toBeNull();
    expect((await api().get('/api/v1/account/details').set(asSession(session))).status).toBe(401);
    expect((await api().get('/api/v1/account/details').set(bearer(agent.token))).status).toBe(401);
    // Nobody suspends themselves.
    const self = await api().post(`/api/v1/agency_users/${supervisorId}/suspend`).set(asSession(supervisor));
    expect(self.status).toBe(409);
    const back = await api().post(`/api/v1/agency_users/${agent.id}/reactivate`).set(asSession(supervisor));
    expect(back.body.suspended_at).toBeNull();
    // The old credentials stay dead; a new sign-in works.
    expect((await api().get('/api/v1/account/details').set(bearer(agent.token))).status).toBe(401);
    const again = await signInWithPassword(stack.baseUrl, agent.email, agent.password);
    expect((await api().get('/api/v1/account/details').set(asSession(again))).status).toBe(200);
  });

  it('an issue, whose own first read checks the suspension, refuses a suspended caller still cached', async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const fare = (
      await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 44 })
    )[0]!;
    const booked = await book(stack.baseUrl, bearer(agent.token), fare);
    // Suspended by another API process: this one's cached principal still lets the token in.
    await stack.ctx.db.updateTable('accounts').set({ suspended_at: new Date() }).where('id', '=', agent.id).execute();
    expect((await api().get(`/api/v1/bookings/${booked.locator}`).set(bearer(agent.token))).status).toBe(200);
    const issue = (locator: string) => api().post('/api/v1/bookings/issue').set(bearer(agent.token)).send({ locator });
    for (const locator of [booked.locator, 'NOSUCH']) {
      const refused = await issue(locator);
      expect(refused.status, JSON.stringify(refused.body)).toBe(401);
      expect(refused.body.errors[0]).toMatchObject({ code: 'unauthenticated', detail: 'This account is suspended.' });
    }
    // With an Idempotency-Key the guard refuses before the key is claimed: no key is kept.
    const keyed = await issue(booked.locator).set('Idempotency-Key', `suspended-${agent.id}`);
    expect(keyed.status).toBe(401);
    const kept = await stack.ctx.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', '=', `suspended-${agent.id}`)
      .execute();
    expect(kept).toEqual([]);
    // Nothing changed: the booking is not claimed, and nothing was asked of the airline.
    const row = await stack.ctx.db
      .selectFrom('bookings')
      .select(['status', 'issue_attempt_id'])
      .where('locator', '=', booked.locator)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'new', issue_attempt_id: null });
    const intents = await stack.ctx.db
      .selectFrom('airline_intents')
      .innerJoin('bookings', 'bookings.id', 'airline_intents.booking_id')
      .select('airline_intents.id')
      .where('bookings.locator', '=', booked.locator)
      .execute();
    expect(intents).toEqual([]);
  });

  it("a booking's create, whose reads check the suspension, refuses a suspended caller still cached", async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const fare = (
      await findFares(stack.baseUrl, bearer(agent.token), { origin: 'WAW', destination: 'FRA', days: 45 })
    )[0]!;
    // Suspended by another API process: this one's cached principal still lets the token in.
    await stack.ctx.db.updateTable('accounts').set({ suspended_at: new Date() }).where('id', '=', agent.id).execute();
    const create = (body: object) => api().post('/api/v1/bookings').set(bearer(agent.token)).send(body);
    // The suspension is answered before any other refusal (a fare that is not there).
    for (const body of [bookingBody(fare), { ...bookingBody(fare), fare_id: 'nosuchfare' }]) {
      const refused = await create(body);
      expect(refused.status, JSON.stringify(refused.body)).toBe(401);
      expect(refused.body.errors[0]).toMatchObject({ code: 'unauthenticated', detail: 'This account is suspended.' });
    }
    // Nothing was booked.
    const made = await stack.ctx.db.selectFrom('bookings').select('id').where('agent_id', '=', agent.id).execute();
    expect(made).toEqual([]);
  });

  it('a search, whose channels read checks the suspension, refuses a suspended caller still cached', async () => {
    // One agency with its sandbox channels, one with none (no channel row to answer beside).
    const bare = await createTenant(stack.ctx.db);
    await stack.ctx.db.deleteFrom('agency_channels').where('agency_id', '=', bare.agencyId).execute();
    for (const agent of [
      await createAccount(stack.ctx.db, { userType: 'Agent', tenant }),
      await createAccount(stack.ctx.db, { userType: 'Agent', tenant: bare }),
    ]) {
      const body = (carriers?: string[]) => ({
        origin_destinations: [{ origin: 'WAW', destination: 'FRA', departure_date: inDays(46) }],
        passengers: { adults: 1 },
        ...(carriers ? { carriers } : {}),
      });
      const search = (b: object) => api().post('/api/v1/offers').set(bearer(agent.token)).send(b);
      // The token's principal is cached by a first request.
      expect((await api().get('/api/v1/account/details').set(bearer(agent.token))).status).toBe(200);
      // Suspended by another API process: this one's cached principal still lets the token in.
      await stack.ctx.db.updateTable('accounts').set({ suspended_at: new Date() }).where('id', '=', agent.id).execute();
      // The suspension is answered before any refusal of the channels (a carrier it has none of).
      for (const b of [body(), body(['ZZ'])]) {
        const refused = await search(b);
        expect(refused.status, JSON.stringify(refused.body)).toBe(401);
        expect(refused.body.errors[0]).toMatchObject({ code: 'unauthenticated', detail: 'This account is suspended.' });
      }
      // Nothing was stored.
      const stored = await stack.ctx.db
        .selectFrom('search_results')
        .select('id')
        .where('account_id', '=', agent.id)
        .execute();
      expect(stored).toEqual([]);
    }
  });

  it('no write that starts after the suspension commits succeeds, with 40 in flight (8 rounds)', async () => {
    let succeeded = 0;
    let refused = 0;
    for (let round = 0; round < 8; round++) {
      const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
      const session = await signInWithPassword(stack.baseUrl, agent.email, agent.password);
      const sent: { at: number; status: number; token?: string }[] = [];
      let suspendedAt = Infinity;
      const write = async (i: number) => {
        // Half by the session, half by the token; each makes an API token (an effect we can count).
        await new Promise((r) => setTimeout(r, i * 2));
        const at = performance.now();
        const res = await api()
          .post('/api/v1/account/api_token')
          .set(i % 2 ? asSession(session) : bearer(agent.token))
          .send({ mode: 'test', name: `w${i}` });
        sent.push({ at, status: res.status, token: res.body?.token });
      };
      const suspend = async () => {
        await new Promise((r) => setTimeout(r, 20 + round * 5));
        const res = await api().post(`/api/v1/agency_users/${agent.id}/suspend`).set(asSession(supervisor));
        expect(res.status).toBe(200);
        suspendedAt = performance.now();
      };
      await Promise.all([...Array.from({ length: 40 }, (_, i) => write(i)), suspend()]);
      const after = sent.filter((s) => s.at > suspendedAt);
      expect(
        after.every((s) => s.status === 401),
        JSON.stringify(after),
      ).toBe(true);
      expect(sent.every((s) => s.status === 201 || s.status === 401)).toBe(true);
      // Every success made exactly one token, and none of them lets the suspended user in.
      const made = await stack.ctx.db
        .selectFrom('api_tokens')
        .select('name')
        .where('account_id', '=', agent.id)
        .where('name', 'like', 'w%')
        .execute();
      expect(made.length).toBe(sent.filter((s) => s.status === 201).length);
      succeeded += sent.filter((s) => s.status === 201).length;
      refused += sent.filter((s) => s.status === 401).length;
      for (const s of sent.filter((x) => x.token))
        expect((await api().get('/api/v1/account/details').set(bearer(s.token!))).status).toBe(401);
    }
    // The suspension landed amid the writes: some went through before it, some were refused after.
    expect(succeeded).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  });
});
