// Notifications for people: who hears of each event (the booking's agent, the agency's supervisors,
// staff for platform alerts), once per person and event even when it is handed over again or two
// dispatchers race; the notification centre's walls, order and read marks; preferences and their
// defaults; the "action required" queue and its order.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagePaths } from '../../console/src/app/paths.js';
import { createDb, type Db } from '../../api/src/db/database.js';
import { createEventDispatcher } from '../../api/src/domain/events/event-dispatch.js';
import { recordEvent } from '../../api/src/domain/events/record-event.js';
import { newId } from '../../api/src/domain/ids.js';
import { consolePages } from '../../api/src/domain/notifications/console-links.js';
import { createNotificationConsumer } from '../../api/src/domain/notifications/notification-consumer.js';
import { demoAccounts } from '../../api/src/scripts/seed.js';
import { bearer, book, findFares, payBy } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { tell } from '../support/notifications.js';
import { raceRounds } from '../support/races.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let supervisor: TestAccount;
let consumer: ReturnType<typeof createNotificationConsumer>;
const adminId = demoAccounts.find((a) => a.userType === 'Admin')!.id;

beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  consumer = createNotificationConsumer({ mail: stack.ctx.mail, appUrl: 'https://console.example.test' });
});
afterAll(async () => {
  await stack.close();
});

const db = () => stack.ctx.db;
const api = () => request(stack.baseUrl);
const recipientsOf = async (eventId: string) =>
  (
    await db()
      .selectFrom('notifications')
      .select('recipient_id')
      .where('event_id', '=', eventId)
      .orderBy('recipient_id')
      .execute()
  ).map((r) => r.recipient_id);

async function notificationsOf(token: string, query: Record<string, string> = {}) {
  const res = await api().get('/api/v1/notifications').query(query).set(bearer(token));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    data: Array<Record<string, any>>;
    meta: { page: number; per_page: number; total: number; unread: number };
  };
}

/** A booking row of the tenant's agent, made through the API (so the event has a real booking). */
async function bookingOf(who: TestAccount, surname: string) {
  // A direct flight: the texts below name the route, and on some days the cheapest fare connects.
  const fares = await findFares(stack.baseUrl, bearer(who.token), { origin: 'WAW', destination: 'FRA', days: 40 });
  const fare = fares.find((f) => f.inventory.length === 1);
  const created = await book(stack.baseUrl, bearer(who.token), fare!, surname);
  const row = await db()
    .selectFrom('bookings')
    .select(['id', 'agent_id', 'company_id'])
    .where('locator', '=', created.locator)
    .executeTakeFirstOrThrow();
  return { ...row, locator: created.locator };
}

describe('who hears of an event', () => {
  it("tells a booking's agent and its agency's supervisors, not a colleague, another agency or staff", async () => {
    const own = await createTenant(db());
    const mine = await createAccount(db(), { userType: 'Agent', tenant: own });
    const first = await createAccount(db(), { userType: 'Supervisor', tenant: own });
    const colleague = await createAccount(db(), { userType: 'Agent', tenant: own });
    const second = await createAccount(db(), { userType: 'Supervisor', tenant: own });
    const stranger = await createAccount(db(), { userType: 'Supervisor', tenant: await createTenant(db()) });
    const booking = await bookingOf(mine, 'Belltower');
    const id = await tell(db(), consumer, {
      type: 'emd.failed',
      agencyId: own.agencyId,
      companyId: own.companyId,
      bookingId: booking.id,
      agentId: mine.id,
      liveMode: false,
      object: { locator: booking.locator },
    });
    const told = await recipientsOf(id);
    expect(told).toEqual([mine.id, first.id, second.id].sort());
    expect(told).not.toContain(colleague.id);
    expect(told).not.toContain(stranger.id);
    expect(told).not.toContain(adminId);

    const [told1] = (await notificationsOf(mine.token)).data.filter((n) => n.event_id === id);
    expect(told1).toMatchObject({
      type: 'emd.failed',
      family: 'emd',
      severity: 'alert',
      booking_locator: booking.locator,
      link: `/bookings?locator=${booking.locator}`,
      live_mode: false,
      read_at: null,
      title: `Services not issued for ${booking.locator}`,
    });
    expect(told1!.body).toContain('WAW-FRA');
  });

  it('tells staff of a live low balance (and the supervisors), not of a test one', async () => {
    const object = {
      id: tenant.companyId,
      name: 'Branch Nord',
      balance_amount: { amount: '90.00', currency: 'EUR' },
      low_balance_threshold: '100.00',
    };
    const base = { type: 'balance.low' as const, agencyId: tenant.agencyId, companyId: tenant.companyId, object };
    const liveEvent = await tell(db(), consumer, { ...base, liveMode: true });
    const live = await recipientsOf(liveEvent);
    expect(live).toContain(adminId);
    expect(live).toContain(supervisor.id);
    expect(live).not.toContain(agent.id);
    const test = await recipientsOf(await tell(db(), consumer, { ...base, liveMode: false }));
    expect(test).toEqual([supervisor.id]);
    // Staff open the company's page; the supervisor their agency.
    const links = await db()
      .selectFrom('notifications')
      .select(['recipient_id', 'link'])
      // This event's: staff hear of every live company's low balance, other files' too.
      .where('event_id', '=', liveEvent)
      .where('recipient_id', 'in', [adminId, supervisor.id])
      .execute();
    expect(links.find((l) => l.recipient_id === adminId)?.link).toBe(`/admin/company?id=${tenant.companyId}`);
    expect(links.find((l) => l.recipient_id === supervisor.id)?.link).toBe('/agency');
  });

  it('tells only the person who asked for a sales report', async () => {
    const exportId = newId('sxp');
    await db()
      .insertInto('sales_exports')
      .values({
        id: exportId,
        account_id: agent.id,
        email: agent.email,
        language: 'en',
        scope_kind: 'agent',
        scope_id: agent.id,
        status: 'done',
      })
      .execute();
    const id = await tell(db(), consumer, {
      type: 'sales_report.ready',
      agencyId: tenant.agencyId,
      companyId: tenant.companyId,
      liveMode: true,
      object: { id: exportId, status: 'done', date_from: '2026-01-01', date_to: '2026-01-31', rows: 12 },
    });
    expect(await recipientsOf(id)).toEqual([agent.id]);
  });

  it('tells staff of a platform-wide event (no agency)', async () => {
    const id = await tell(db(), consumer, {
      type: 'webhook_endpoint.disabled',
      agencyId: null,
      liveMode: false,
      object: { url: 'https://hooks.example.test/x' },
    });
    expect(await recipientsOf(id)).toContain(adminId);
  });

  it('tells each person once when the same event is handed over again, and mails once', async () => {
    const booking = await bookingOf(agent, 'Twicehanded');
    const id = await tell(db(), consumer, {
      type: 'emd.failed',
      agencyId: tenant.agencyId,
      companyId: tenant.companyId,
      bookingId: booking.id,
      agentId: agent.id,
      liveMode: false,
      object: {},
    });
    const { dispatchedOf } = await import('../support/notifications.js');
    const event = await dispatchedOf(db(), id);
    await Promise.all(
      [1, 2, 3].map(() =>
        db()
          .transaction()
          .execute((trx) => consumer.fanOut(trx, [event])),
      ),
    );
    expect(await recipientsOf(id)).toEqual([agent.id, supervisor.id].sort());
    const mails = await db()
      .selectFrom('mail_messages')
      .select(['recipient', 'language'])
      .where('recipient', 'in', [agent.email, supervisor.email])
      .where('subject', 'like', `%${booking.locator}%`)
      .execute();
    // emd: `both` by default, so each of the two has one mail, in their language.
    expect(mails.map((m) => m.recipient).sort()).toEqual([agent.email, supervisor.email].sort());
    expect(mails.every((m) => m.language === 'en')).toBe(true);
  });

  it('links only to pages the console has', () => {
    for (const path of Object.values(consolePages)) expect(pagePaths as readonly string[]).toContain(path);
  });
});

describe('two dispatchers racing', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let sdb: Db;
  beforeAll(async () => {
    scratch = await createScratchDatabase('notifications');
    sdb = createDb(scratch.url, 10);
  });
  afterAll(async () => {
    await sdb.destroy();
    await scratch.drop();
  });

  it('write one notification per person and event, whatever the batches', async () => {
    const own = await createTenant(sdb);
    const ownAgent = await createAccount(sdb, { userType: 'Agent', tenant: own });
    const ownSupervisors = await Promise.all(
      [1, 2].map(() => createAccount(sdb, { userType: 'Supervisor', tenant: own })),
    );
    // The mail outbox of the scratch database: queueIn writes in the dispatcher's transaction.
    const noMail = {
      queueIn: (...args: Parameters<typeof stack.ctx.mail.queueIn>) => stack.ctx.mail.queueIn(...args),
      trigger: async () => undefined,
    };
    const rounds = raceRounds();
    for (let round = 0; round < rounds; round++) {
      await sdb.transaction().execute(async (trx) => {
        for (let i = 0; i < 60; i++)
          await recordEvent(trx, {
            type: i % 2 ? 'emd.failed' : 'booking.created',
            agencyId: own.agencyId,
            companyId: own.companyId,
            bookingId: `bkg_race_${i % 7}`,
            agentId: ownAgent.id,
            liveMode: false,
            object: { round, i },
            at: new Date(),
          });
      });
      const make = (batch: number) =>
        createEventDispatcher({
          db: sdb,
          consumers: [createNotificationConsumer({ mail: noMail, appUrl: 'https://console.example.test' })],
        }).dispatchPending(batch);
      const counts = await Promise.all([make(5), make(7), make(50)]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(60);
    }
    const rows = await sdb
      .selectFrom('notifications')
      .select(['recipient_id', 'event_id'])
      .where('recipient_id', 'in', [ownAgent.id, ...ownSupervisors.map((s) => s.id)])
      .execute();
    expect(rows).toHaveLength(60 * rounds * 3);
    expect(new Set(rows.map((r) => `${r.recipient_id} ${r.event_id}`)).size).toBe(rows.length);
    // emd.failed (half of them) is mailed to all three by default; booking.created is not.
    const mails = await sdb
      .selectFrom('mail_messages')
      .select('id')
      .where('recipient', 'in', [ownAgent.email, ...ownSupervisors.map((s) => s.email)])
      .execute();
    expect(mails).toHaveLength(30 * rounds * 3);
  });
});

describe('the notification centre', () => {
  it('lists a person their own notifications, unread first then newest, and marks them read', async () => {
    const me = await createAccount(db(), { userType: 'Agent', tenant });
    // Another agent's booking, named as mine by the events: my own booking's booking.created could
    // be dispatched meanwhile by a worker another test file runs on this database.
    const booking = await bookingOf(agent, 'Readfirst');
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    const ids: string[] = [];
    for (const [type, minutes] of [
      ['booking.issued', 30],
      ['booking.time_limit_changed', 20],
      ['booking.voided', 10],
    ] as const)
      ids.push(
        await tell(db(), consumer, {
          type,
          agencyId: tenant.agencyId,
          companyId: tenant.companyId,
          bookingId: booking.id,
          agentId: me.id,
          liveMode: false,
          object: { time_limit: '2026-12-24T10:00:00.000Z' },
          at: at(minutes),
        }),
      );
    const first = await notificationsOf(me.token);
    const mine = first.data;
    expect(mine.map((n) => n.type)).toEqual(['booking.voided', 'booking.time_limit_changed', 'booking.issued']);
    expect(first.meta.unread).toBe(3);
    expect(mine[1]!.body).toContain('24 Dec 2026, 10:00 UTC');

    // Reading the newest sends it below the unread ones.
    const read = await api().post(`/api/v1/notifications/${mine[0]!.id}/read`).set(bearer(me.token));
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.read_at).not.toBeNull();
    const again = await api().post(`/api/v1/notifications/${mine[0]!.id}/read`).set(bearer(me.token));
    expect(again.body.read_at).toBe(read.body.read_at);
    const second = await notificationsOf(me.token);
    expect(second.data.map((n) => n.type)).toEqual(['booking.time_limit_changed', 'booking.issued', 'booking.voided']);
    expect(second.meta.unread).toBe(2);

    // Pages.
    const page2 = await notificationsOf(me.token, { per_page: '2', page: '2' });
    expect(page2.data.map((n) => n.type)).toEqual(['booking.voided']);
    expect(page2.meta).toMatchObject({ page: 2, per_page: 2, total: 3, unread: 2 });

    // Walls: nobody else reads or marks them.
    const otherAgent = await createAccount(db(), { userType: 'Agent', tenant });
    expect((await api().post(`/api/v1/notifications/${mine[1]!.id}/read`).set(bearer(otherAgent.token))).status).toBe(
      404,
    );
    expect((await api().post(`/api/v1/notifications/${mine[1]!.id}/read`).set(bearer(tokens.Admin))).status).toBe(404);
    expect((await notificationsOf(otherAgent.token)).data).toEqual([]);
    const allOther = await api().post('/api/v1/notifications/read_all').set(bearer(otherAgent.token));
    expect(allOther.body).toEqual({ read: 0, unread: 0 });
    expect((await notificationsOf(me.token)).meta.unread).toBe(2);

    const all = await api().post('/api/v1/notifications/read_all').set(bearer(me.token));
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ read: 2, unread: 0 });
    expect((await notificationsOf(me.token)).data.every((n) => n.read_at !== null)).toBe(true);

    const missing = await api().post('/api/v1/notifications/ntf_nosuchthing/read').set(bearer(me.token));
    expect(missing.status).toBe(404);
    expect(missing.body.errors[0].code).toBe('not_found');
  });

  it("shows a test token no live notifications, and renders in the reader's language", async () => {
    const me = await createAccount(db(), { userType: 'Supervisor', tenant: await createTenant(db()) });
    const myAgency = (
      await db().selectFrom('accounts').select('agency_id').where('id', '=', me.id).executeTakeFirstOrThrow()
    ).agency_id!;
    await tell(db(), consumer, {
      type: 'balance.low',
      agencyId: myAgency,
      liveMode: true,
      object: { name: 'Oddział', balance_amount: { amount: '5.00', currency: 'PLN' }, low_balance_threshold: '50.00' },
    });
    expect((await notificationsOf(me.token)).data).toEqual([]);
    // The console's session sees both modes.
    const rows = await db().selectFrom('notifications').select('id').where('recipient_id', '=', me.id).execute();
    expect(rows).toHaveLength(1);
    await db().updateTable('accounts').set({ language: 'pl' }).where('id', '=', me.id).execute();
    const view = await stack.ctx.notifications.list(
      {
        accountId: me.id,
        userType: 'Supervisor',
        agencyId: myAgency,
        companyId: null,
        onboardingComplete: true,
        via: { kind: 'session', sessionId: 'ses_test' },
      },
      { page: 1, perPage: 10 },
    );
    expect(view.items[0]).toMatchObject({ title: 'Niskie saldo: Oddział', severity: 'alert', link: '/agency' });
    expect(view.items[0]!.body).toContain('5.00 PLN');
  });
});

describe('notification preferences', () => {
  it('answers the defaults, keeps a change, and refuses bad input with 400 and changes nothing', async () => {
    const me = await createAccount(db(), { userType: 'Agent', tenant });
    const get = () => api().get('/api/v1/account/notification_preferences').set(bearer(me.token));
    const channels = (body: { families: { family: string; channel: string }[] }) =>
      Object.fromEntries(body.families.map((f) => [f.family, f.channel]));
    const defaults = await get();
    expect(defaults.status).toBe(200);
    expect(channels(defaults.body)).toEqual({
      booking: 'in_app',
      emd: 'both',
      schedule_change: 'both',
      balance: 'both',
      sales_report: 'in_app',
      webhook_endpoint: 'both',
      back_office_connection: 'both',
      support_case: 'both',
    });
    const put = await api()
      .put('/api/v1/account/notification_preferences')
      .set(bearer(me.token))
      .send({ booking: 'both', sales_report: 'none' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(channels(put.body)).toMatchObject({ booking: 'both', sales_report: 'none', emd: 'both' });
    expect(put.body.families.find((f: any) => f.family === 'booking').default_channel).toBe('in_app');

    for (const bad of [{ booking: 'pigeon' }, { weather: 'email' }, {}, { booking: null }]) {
      const res = await api().put('/api/v1/account/notification_preferences').set(bearer(me.token)).send(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ status: '400' });
      expect(res.body.meta.request_id).toBeTruthy();
    }
    expect(channels((await get()).body)).toMatchObject({ booking: 'both', sales_report: 'none' });
    // Another person's are their own.
    expect(
      channels((await api().get('/api/v1/account/notification_preferences').set(bearer(agent.token))).body).booking,
    ).toBe('in_app');
  });

  it('follows the choice: none writes nothing, email only keeps the notification out of the list', async () => {
    const me = await createAccount(db(), { userType: 'Agent', tenant });
    await api()
      .put('/api/v1/account/notification_preferences')
      .set(bearer(me.token))
      .send({ emd: 'none', booking: 'email' })
      .expect(200);
    const booking = await bookingOf(me, 'Quietova');
    const base = { agencyId: tenant.agencyId, bookingId: booking.id, agentId: me.id, liveMode: false, object: {} };
    const silent = await tell(db(), consumer, { ...base, type: 'emd.failed' });
    expect(await recipientsOf(silent)).not.toContain(me.id);
    const mailed = await tell(db(), consumer, { ...base, type: 'booking.issued' });
    expect(await recipientsOf(mailed)).toContain(me.id);
    expect((await notificationsOf(me.token)).data.filter((n) => n.event_id === mailed)).toEqual([]);
    const mail = await db()
      .selectFrom('mail_messages')
      .select(['subject', 'body'])
      .where('recipient', '=', me.email)
      .where('subject', 'like', '%Tickets issued%')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`[Test] Tickets issued for ${booking.locator}`);
    expect(mail.body).toContain(`https://console.example.test/bookings?locator=${booking.locator}`);
  });
});

describe('action required', () => {
  it('lists held bookings near their time limit and refused EMDs, by deadline then departure, within the walls', async () => {
    const own = await createTenant(db());
    const me = await createAccount(db(), { userType: 'Agent', tenant: own });
    const boss = await createAccount(db(), { userType: 'Supervisor', tenant: own });
    await payBy(db(), own, 'company_balance');
    const soon = await bookingOf(me, 'Soonova');
    const later = await bookingOf(me, 'Laterova');
    const far = await bookingOf(me, 'Farova');
    const refused = await bookingOf(me, 'Refusova');
    const settled = await bookingOf(me, 'Settledova');
    const hours = (h: number) => new Date(Date.now() + h * 3_600_000);
    const setLimit = (id: string, at: Date) =>
      db().updateTable('bookings').set({ time_limit: at }).where('id', '=', id).execute();
    await setLimit(soon.id, hours(2));
    await setLimit(later.id, hours(20));
    await setLimit(far.id, hours(30));
    for (const b of [refused, settled]) {
      const issued = await api().post('/api/v1/bookings/issue').set(bearer(me.token)).send({ locator: b.locator });
      expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    }
    const emdRequest = (bookingId: string, status: 'failed' | 'done', minutesAgo: number) => ({
      id: newId('emr'),
      booking_id: bookingId,
      amount: '30.00',
      currency: 'EUR',
      items: JSON.stringify([]),
      requested_by: me.id,
      status,
      created_at: new Date(Date.now() - minutesAgo * 60_000),
      updated_at: new Date(),
      next_check_at: new Date(),
    });
    await db()
      .insertInto('booking_emd_requests')
      .values([
        emdRequest(refused.id, 'failed', 10),
        emdRequest(settled.id, 'failed', 10),
        emdRequest(settled.id, 'done', 5), // added again since: settled
      ])
      .execute();

    const queue = async (token: string) => {
      const res = await api().get('/api/v1/action_required').set(bearer(token));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { data: Array<Record<string, any>>; meta: { total: number } };
    };
    const mine = await queue(me.token);
    expect(mine.data.map((i) => [i.kind, i.booking_locator])).toEqual([
      ['time_limit', soon.locator],
      ['time_limit', later.locator],
      ['emd_failed', refused.locator],
    ]);
    expect(mine.meta.total).toBe(3);
    expect(mine.data[0]).toMatchObject({
      deadline: expect.any(String),
      route: 'WAW-FRA',
      link: `/bookings?locator=${soon.locator}`,
      live_mode: false,
      what_to_do: 'Issue the tickets before the time limit, or cancel the booking.',
    });
    expect(Date.parse(mine.data[2]!.deadline)).toBe(Date.parse(mine.data[2]!.departure));
    // The agency's supervisor sees the same queue; another agency's agent, and the tenant's other
    // agent (the company does not share bookings), see none of it.
    expect((await queue(boss.token)).data.map((i) => i.booking_locator)).toEqual(
      mine.data.map((i) => i.booking_locator),
    );
    const colleague = await createAccount(db(), { userType: 'Agent', tenant: own });
    expect((await queue(colleague.token)).data).toEqual([]);
    expect((await queue(agent.token)).data.filter((i) => i.booking_locator === soon.locator)).toEqual([]);

    // In the reader's language.
    await db().updateTable('accounts').set({ language: 'ua' }).where('id', '=', me.id).execute();
    expect((await queue(me.token)).data[2]!.what_to_do).toBe(
      'Авіакомпанія відмовила в послугах: додайте їх ще раз або зверніться до підтримки.',
    );
  });
});
