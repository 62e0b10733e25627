// Support cases over real HTTP: an agent opens a case from a booking with a file, staff work the
// queue and answer (the time to first response measured for both sides), the thread's walls between
// agencies, the attachment limits (413, 415), cursor pages, and staff's refund offer that runs only
// on the agent's consent — exactly once under 40 concurrent accepts, and never after a withdrawal
// or the offer's expiry.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createNotificationConsumer } from '../../api/src/domain/notifications/notification-consumer.js';
import { advanceSandbox, bearer, book, findFares, inDays } from '../support/bookings.js';
import { dispatchedOf } from '../support/notifications.js';
import { createAccount, createLiveToken, createTenant, type TestAccount } from '../support/factories.js';
import { raceRounds } from '../support/races.js';
import { asSession, signInWithPassword } from '../support/sessions.js';
import { startStack, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';

let stack: Stack;
let agent: TestAccount;
let stranger: TestAccount;
let support: TestAccount;
const clock = new TestClock();
beforeAll(async () => {
  stack = await startStack({ clock });
  const tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  stranger = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: await createTenant(stack.ctx.db) });
  support = await createAccount(stack.ctx.db, { userType: 'Support' });
});
afterAll(async () => {
  await stack.close();
});

const api = (token: string) => ({
  get: (path: string) => request(stack.baseUrl).get(`/api/v1${path}`).set(bearer(token)),
  post: (path: string, body: object = {}) =>
    request(stack.baseUrl).post(`/api/v1${path}`).set(bearer(token)).send(body),
});
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let day = 120;
async function issuedBooking(account: TestAccount, family?: string) {
  const fares = await findFares(
    stack.baseUrl,
    bearer(account.token),
    { origin: 'WAW', destination: 'FRA', days: (day += 2) },
    { carriers: ['LH'], currency: 'EUR' },
  );
  const fare = family ? fares.find((f) => f.family === family) : fares[0];
  expect(fare, `an LH ${family ?? ''} fare`).toBeDefined();
  const booked = await book(stack.baseUrl, bearer(account.token), fare!);
  const issued = await api(account.token).post('/bookings/issue', { locator: booked.locator });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  return booked.locator;
}

async function refundCase(locator: string) {
  const opened = await api(agent.token).post('/support_cases', {
    kind: 'refund',
    subject: `Refund ${locator}`,
    body: 'The passenger cannot travel; please refund.',
    locator,
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  const offered = await api(support.token).post(`/support_cases/${opened.body.id}/offers`, { kind: 'refund' });
  expect(offered.status, JSON.stringify(offered.body)).toBe(201);
  return { caseId: opened.body.id as string, offerId: offered.body.offers[0].id as string };
}

const refundsOf = (locator: string) =>
  stack.ctx.db
    .selectFrom('sales_documents')
    .select('id')
    .where('locator', '=', locator)
    .where('kind', '=', 'refund')
    .execute();
const consentsOf = (locator: string) =>
  stack.ctx.db
    .selectFrom('booking_history as h')
    .innerJoin('bookings as b', 'b.id', 'h.booking_id')
    .select('h.detail')
    .where('b.locator', '=', locator)
    .where('h.action', '=', 'support_consent')
    .execute();

describe('a support case', () => {
  it('opens from a booking with a file, waits in the queue, and measures staff’s first answer', async () => {
    const locator = await issuedBooking(agent);
    const opened = await api(agent.token).post('/support_cases', {
      kind: 'exchange',
      subject: 'Move to a later flight',
      body: 'Can we fly a day later?',
      locator,
      attachments: [{ file_name: 'passport.png', content_type: 'image/png', content_base64: png.toString('base64') }],
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);
    expect(opened.body).toMatchObject({ status: 'open', locator, first_response_seconds: null });
    expect(opened.body.waiting_since).toBe(opened.body.created_at);
    const file = opened.body.messages[0].attachments[0];
    expect(file).toMatchObject({ file_name: 'passport.png', content_type: 'image/png', size: png.length });

    const queue = await api(support.token).get('/support_queue?waiting=true&limit=100');
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((c: { id: string }) => c.id)).toContain(opened.body.id);

    clock.advance(7_000);
    const answered = await api(support.token).post(`/support_cases/${opened.body.id}/messages`, {
      body: 'Yes: I will offer you the alternatives.',
    });
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body.waiting_since).toBeNull();
    expect(answered.body.first_response_seconds).toBeGreaterThanOrEqual(7);
    const seen = await api(agent.token).get(`/support_cases/${opened.body.id}`);
    expect(seen.body.first_response_seconds).toBe(answered.body.first_response_seconds);
    expect(seen.body.messages.map((m: { side: string }) => m.side)).toEqual(['agent', 'staff']);

    const download = await api(agent.token)
      .get(`/support_cases/${opened.body.id}/attachments/${file.id}`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(download.status).toBe(200);
    expect(Buffer.compare(download.body as Buffer, png)).toBe(0);
    expect(download.headers['content-disposition']).toContain('passport.png');

    // Another agency's agent finds neither the case nor its file.
    expect((await api(stranger.token).get(`/support_cases/${opened.body.id}`)).status).toBe(404);
    expect((await api(stranger.token).get(`/support_cases/${opened.body.id}/attachments/${file.id}`)).status).toBe(404);
    expect((await api(stranger.token).post(`/support_cases/${opened.body.id}/messages`, { body: 'hi' })).status).toBe(
      404,
    );

    const stats = await api(support.token).get(
      `/support_case_stats?date_from=${opened.body.created_at.slice(0, 10)}&date_to=${opened.body.created_at.slice(0, 10)}`,
    );
    expect(stats.status).toBe(200);
    expect(stats.body.days[0].answered).toBeGreaterThanOrEqual(1);
    expect(stats.body.days[0].median_seconds).toBeGreaterThan(0);
    expect((await api(agent.token).get('/support_case_stats?date_from=2026-01-01&date_to=2026-01-02')).status).toBe(
      403,
    );
  });

  it('refuses a file too large (413) or not of an accepted type (415), and writes nothing', async () => {
    const before = await stack.ctx.db.selectFrom('support_cases').select('id').execute();
    const big = await api(agent.token).post('/support_cases', {
      kind: 'other',
      subject: 'Big',
      body: 'x',
      attachments: [
        {
          file_name: 'big.txt',
          content_type: 'text/plain',
          content_base64: Buffer.alloc(600_000, 65).toString('base64'),
        },
      ],
    });
    expect(big.status).toBe(413);
    expect(big.body.errors[0].code).toBe('attachment_too_large');
    const exe = await api(agent.token).post('/support_cases', {
      kind: 'other',
      subject: 'Exe',
      body: 'x',
      attachments: [
        { file_name: 'a.png', content_type: 'image/png', content_base64: Buffer.from('MZ\x90\x00').toString('base64') },
      ],
    });
    expect(exe.status).toBe(415);
    expect(exe.body.errors[0].code).toBe('attachment_type_not_allowed');
    const html = await api(agent.token).post('/support_cases', {
      kind: 'other',
      subject: 'Html',
      body: 'x',
      attachments: [
        { file_name: 'a.html', content_type: 'text/html', content_base64: Buffer.from('<b>').toString('base64') },
      ],
    });
    expect(html.status).toBe(415);
    expect(await stack.ctx.db.selectFrom('support_cases').select('id').execute()).toHaveLength(before.length);
  });

  it('pages the agent’s cases by cursor, newest first, and closes and reopens', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const made = await api(stranger.token).post('/support_cases', {
        kind: 'other',
        subject: `Q${i}`,
        body: 'question',
      });
      ids.push(made.body.id);
    }
    const first = await api(stranger.token).get('/support_cases?limit=2');
    expect(first.body.data.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    const second = await api(stranger.token).get(`/support_cases?limit=2&cursor=${first.body.meta.next_cursor}`);
    expect(second.body.data.map((c: { id: string }) => c.id)).toEqual([ids[0]]);
    expect(second.body.meta.next_cursor).toBeNull();
    expect((await api(stranger.token).get('/support_cases?cursor=bm9wZQ')).status).toBe(400);

    const closed = await api(stranger.token).post(`/support_cases/${ids[0]}/close`);
    expect(closed.body).toMatchObject({ status: 'closed', waiting_since: null });
    const staffInClosed = await api(support.token).post(`/support_cases/${ids[0]}/messages`, { body: 'late' });
    expect(staffInClosed.status).toBe(409);
    // The agent writing again reopens the case and puts it back in the queue.
    const again = await api(stranger.token).post(`/support_cases/${ids[0]}/messages`, { body: 'still there?' });
    expect(again.body).toMatchObject({ status: 'open', closed_at: null });
    expect(again.body.waiting_since).not.toBeNull();
  });
});

describe('test and live cases', () => {
  it('keeps a test-token case out of the live queue and a live one out of the test queue', async () => {
    const tenant = await createTenant(stack.ctx.db);
    await stack.ctx.db
      .updateTable('agencies')
      .set({ production_api_on: true })
      .where('id', '=', tenant.agencyId)
      .execute();
    const someone = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const live = await createLiveToken(stack.ctx.db, someone.id);
    const testCase = await api(someone.token).post('/support_cases', { kind: 'other', subject: 'Sandbox', body: 'x' });
    const liveCase = await api(live).post('/support_cases', { kind: 'other', subject: 'Real', body: 'y' });
    expect(testCase.body.mode).toBe('test');
    expect(liveCase.body.mode).toBe('live');
    const ids = (res: { status: number; body: { data: { id: string }[] } }) => {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((c) => c.id);
    };

    // Each token lists, reads and works only its own mode's cases, whatever it asks.
    expect(ids(await api(support.token).get('/support_queue?limit=100&mode=live'))).toContain(testCase.body.id);
    expect(ids(await api(support.token).get('/support_queue?limit=100'))).not.toContain(liveCase.body.id);
    expect((await api(support.token).get(`/support_cases/${liveCase.body.id}`)).status).toBe(404);
    expect((await api(live).get(`/support_cases/${testCase.body.id}`)).status).toBe(404);
    expect((await api(support.token).post(`/support_cases/${liveCase.body.id}/messages`, { body: 'z' })).status).toBe(
      404,
    );
    expect(ids(await api(live).get('/support_cases?limit=100'))).toEqual([liveCase.body.id]);
    expect(ids(await api(someone.token).get('/support_cases?limit=100&mode=live'))).toEqual([testCase.body.id]);

    // A console session sees the queue it asks for: live by default, test on request.
    const staff = await signInWithPassword(stack.baseUrl, support.email, support.password);
    const byCookie = (path: string) => request(stack.baseUrl).get(`/api/v1${path}`).set(asSession(staff));
    expect(ids(await byCookie('/support_queue?limit=100'))).toContain(liveCase.body.id);
    expect(ids(await byCookie('/support_queue?limit=100'))).not.toContain(testCase.body.id);
    expect(ids(await byCookie('/support_queue?limit=100&mode=test'))).toContain(testCase.body.id);
    expect(ids(await byCookie('/support_queue?limit=100&mode=test'))).not.toContain(liveCase.body.id);

    // Its events carry its mode, as a booking's do.
    const modes = await stack.ctx.db
      .selectFrom('events')
      .select(['live_mode', sql<string>`data->'object'->>'id'`.as('case_id')])
      .where('type', '=', 'support_case.opened')
      .where(sql<boolean>`data->'object'->>'id' in (${testCase.body.id}, ${liveCase.body.id})`)
      .execute();
    expect(new Map(modes.map((m) => [m.case_id, m.live_mode]))).toEqual(
      new Map([
        [testCase.body.id, false],
        [liveCase.body.id, true],
      ]),
    );
  });
});

describe('notifications both ways', () => {
  /** Hands the case's events of `type` to the notification consumer, as the dispatcher would. */
  async function deliver(caseId: string, type: string) {
    const consumer = createNotificationConsumer({ mail: stack.ctx.mail, appUrl: 'https://console.example.test' });
    const rows = await stack.ctx.db
      .selectFrom('events')
      .select('id')
      .where('type', '=', type)
      .where(sql<boolean>`data->'object'->>'id' = ${caseId}`)
      .execute();
    expect(rows).toHaveLength(1);
    const event = await dispatchedOf(stack.ctx.db, rows[0]!.id);
    const after = await stack.ctx.db.transaction().execute((trx) => consumer.fanOut(trx, [event]));
    if (after) await after();
  }
  const mailsTo = (email: string, like: string) =>
    stack.ctx.db
      .selectFrom('mail_messages')
      .select(['subject', 'language'])
      .where('recipient', '=', email)
      .where('subject', 'like', like)
      .execute();

  it('tells staff of a new case and the agent of staff’s answer, each in their own language', async () => {
    const polish = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: await createTenant(stack.ctx.db) });
    await stack.ctx.db.updateTable('accounts').set({ language: 'pl' }).where('id', '=', polish.id).execute();
    const ukrainianStaff = await createAccount(stack.ctx.db, { userType: 'Support' });
    await stack.ctx.db.updateTable('accounts').set({ language: 'ua' }).where('id', '=', ukrainianStaff.id).execute();
    const subject = `Bagaż ${Date.now()}`;
    const opened = await api(polish.token).post('/support_cases', { kind: 'other', subject, body: 'Pytanie' });
    await deliver(opened.body.id, 'support_case.opened');
    expect(await mailsTo(ukrainianStaff.email, `%${subject}%`)).toEqual([
      // A test token's case is a test case: its mail says so.
      { subject: `[Тест] Нове звернення: ${subject}`, language: 'ua' },
    ]);
    // The agent who wrote is not told of their own message.
    expect(await mailsTo(polish.email, `%${subject}%`)).toEqual([]);

    await api(ukrainianStaff.token).post(`/support_cases/${opened.body.id}/messages`, { body: 'Відповідь' });
    await deliver(opened.body.id, 'support_case.staff_replied');
    expect(await mailsTo(polish.email, `%${subject}%`)).toEqual([
      { subject: `[Test] Wsparcie odpowiedziało: ${subject}`, language: 'pl' },
    ]);
    // In the console's notification centre too.
    const inApp = await stack.ctx.db
      .selectFrom('notifications')
      .select(['event_type', 'link', 'in_app'])
      .where('recipient_id', '=', polish.id)
      .execute();
    expect(inApp).toEqual([
      { event_type: 'support_case.staff_replied', link: `/support?case=${opened.body.id}`, in_app: true },
    ]);
  });
  it('tells only the assignee of an assigned case, and all staff while nobody holds it', async () => {
    const asker = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: await createTenant(stack.ctx.db) });
    const holder = await createAccount(stack.ctx.db, { userType: 'Support' });
    const other = await createAccount(stack.ctx.db, { userType: 'Support' });
    const subject = `Routing ${Date.now()}`;
    const opened = await api(asker.token).post('/support_cases', { kind: 'other', subject, body: 'first' });
    await deliver(opened.body.id, 'support_case.opened');
    expect(await mailsTo(holder.email, `%${subject}%`)).toHaveLength(1);
    expect(await mailsTo(other.email, `%${subject}%`)).toHaveLength(1);

    const assigned = await api(holder.token).post(`/support_cases/${opened.body.id}/assign`, {
      assignee_id: holder.id,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await api(asker.token).post(`/support_cases/${opened.body.id}/messages`, { body: 'second' });
    await deliver(opened.body.id, 'support_case.agent_replied');
    expect(await mailsTo(holder.email, `%${subject}%`)).toHaveLength(2);
    expect(await mailsTo(other.email, `%${subject}%`)).toHaveLength(1);
  });
});

describe('staff’s refund offer', () => {
  it('runs only on the agent’s consent, whose id the booking’s history names', async () => {
    const locator = await issuedBooking(agent);
    const { caseId, offerId } = await refundCase(locator);
    expect((await api(support.token).post(`/support_cases/${caseId}/offers/${offerId}/accept`)).status).toBe(403);
    expect(await refundsOf(locator)).toHaveLength(0);
    const accepted = await api(agent.token).post(`/support_cases/${caseId}/offers/${offerId}/accept`);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const offer = accepted.body.offers[0];
    expect(offer).toMatchObject({ status: 'done', outcome: `Booking ${locator} is refunded.` });
    expect(offer.consent_id).toMatch(/^cns_/);
    expect((await consentsOf(locator)).map((h) => h.detail)).toEqual([expect.stringContaining(offer.consent_id)]);
    expect(await refundsOf(locator)).toHaveLength(1);
  });

  it("reads the offer's summary, and its message in the thread, in each reader's language", async () => {
    const tenant = await createTenant(stack.ctx.db);
    const polish = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    const ukrainian = await createAccount(stack.ctx.db, { userType: 'Support' });
    await stack.ctx.db.updateTable('accounts').set({ language: 'pl' }).where('id', '=', polish.id).execute();
    await stack.ctx.db.updateTable('accounts').set({ language: 'ua' }).where('id', '=', ukrainian.id).execute();
    const locator = await issuedBooking(polish);
    const opened = await api(polish.token).post('/support_cases', {
      kind: 'refund',
      subject: 'Zwrot',
      body: 'x',
      locator,
    });
    const offered = await api(ukrainian.token).post(`/support_cases/${opened.body.id}/offers`, { kind: 'refund' });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    expect(offered.body.offers[0].summary).toMatch(/^Повернення \d+\.\d{2} EUR на /);
    expect(offered.body.messages.at(-1).body).toBe(offered.body.offers[0].summary);
    const read = await api(polish.token).get(`/support_cases/${opened.body.id}`);
    expect(read.body.offers[0].summary).toMatch(/^Zwrot \d+\.\d{2} EUR na .*\(kara linii /);
    expect(read.body.messages.at(-1).body).toBe(read.body.offers[0].summary);
    // The record stays in English.
    const stored = await stack.ctx.db
      .selectFrom('support_case_offers')
      .select('summary')
      .where('id', '=', offered.body.offers[0].id)
      .executeTakeFirstOrThrow();
    expect(stored.summary).toMatch(/^Refund \d+\.\d{2} EUR to /);
  });

  it(`refunds exactly once under 40 concurrent accepts (${raceRounds()} rounds)`, async () => {
    for (let round = 0; round < raceRounds(); round++) {
      const locator = await issuedBooking(agent);
      const { caseId, offerId } = await refundCase(locator);
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => api(agent.token).post(`/support_cases/${caseId}/offers/${offerId}/accept`)),
      );
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.filter((s) => s === 200),
        JSON.stringify(statuses),
      ).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(39);
      expect(await refundsOf(locator)).toHaveLength(1);
      expect(await consentsOf(locator)).toHaveLength(1);
    }
  });

  it(`an accept racing a withdrawal: one of them wins, and nothing runs after a withdrawal (${raceRounds()} rounds)`, async () => {
    for (let round = 0; round < raceRounds(); round++) {
      const locator = await issuedBooking(agent);
      const { caseId, offerId } = await refundCase(locator);
      const [accept, withdraw] = await Promise.all([
        api(agent.token).post(`/support_cases/${caseId}/offers/${offerId}/accept`),
        api(support.token).post(`/support_cases/${caseId}/offers/${offerId}/withdraw`),
      ]);
      expect([accept.status, withdraw.status].sort()).toEqual([200, 409]);
      expect(await refundsOf(locator)).toHaveLength(accept.status === 200 ? 1 : 0);
      expect(await consentsOf(locator)).toHaveLength(accept.status === 200 ? 1 : 0);
    }
  });

  it('offers a change of flights the staff asked the airline for, run on the agent’s consent', async () => {
    const locator = await issuedBooking(agent, 'CL');
    const newDate = inDays(day + 1);
    const opened = await api(agent.token).post('/support_cases', {
      kind: 'exchange',
      subject: `Later flight for ${locator}`,
      body: 'One day later, please.',
      locator,
    });
    // Staff ask the airline through the booking's own change path, then offer one alternative.
    const change = await api(support.token).post(`/orders/${locator}/flights_change_requests/create`, {
      journeys: [{ origin_destination: 0, date: newDate }],
    });
    expect(change.status, JSON.stringify(change.body)).toBe(201);
    const alternative = change.body.alternatives[0];
    const offered = await api(support.token).post(`/support_cases/${opened.body.id}/offers`, {
      kind: 'change',
      flights_change_request_id: change.body.id,
      alternative_id: alternative.offer_id,
    });
    expect(offered.status, JSON.stringify(offered.body)).toBe(201);
    expect(offered.body.offers[0]).toMatchObject({
      kind: 'change',
      status: 'open',
      alternative_id: alternative.offer_id,
    });
    const accepted = await api(agent.token).post(
      `/support_cases/${opened.body.id}/offers/${offered.body.offers[0].id}/accept`,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.offers[0]).toMatchObject({ status: 'done', outcome: `Booking ${locator} is issued.` });
    const actions = await stack.ctx.db
      .selectFrom('booking_history as h')
      .innerJoin('bookings as b', 'b.id', 'h.booking_id')
      .select('h.action')
      .where('b.locator', '=', locator)
      .orderBy('h.created_at')
      .execute();
    const order = actions.map((a) => a.action);
    expect(order).toContain('exchanged');
    expect(order.indexOf('support_consent')).toBeLessThan(order.indexOf('exchanged'));
  });

  it(`30 accepts racing the offer's expiry: at most one runs, and only with its consent (${raceRounds()} rounds)`, async () => {
    let sandboxAheadMs = 0;
    for (let round = 0; round < raceRounds(); round++) {
      // The airline's clock catches up with the API's, moved by the last round: the new quote is live.
      const lag = clock.now().getTime() - Date.now() - sandboxAheadMs;
      if (lag > 0) {
        await advanceSandbox(stack.sandboxUrl, Math.ceil(lag / 1000) + 1);
        sandboxAheadMs += (Math.ceil(lag / 1000) + 1) * 1000;
      }
      const locator = await issuedBooking(agent);
      const { caseId, offerId } = await refundCase(locator);
      const offer = (await api(agent.token).get(`/support_cases/${caseId}`)).body.offers[0];
      expect(Date.parse(offer.expires_at)).toBeGreaterThan(clock.now().getTime());
      const expire = async () => {
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 250));
        clock.advance(Date.parse(offer.expires_at) - clock.now().getTime() + 1000);
      };
      const [answers] = await Promise.all([
        Promise.all(
          Array.from({ length: 30 }, () => api(agent.token).post(`/support_cases/${caseId}/offers/${offerId}/accept`)),
        ),
        expire(),
      ]);
      const ok = answers.filter((a) => a.status === 200).length;
      const final = (await api(agent.token).get(`/support_cases/${caseId}`)).body.offers[0];
      expect(ok).toBeLessThanOrEqual(1);
      expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 409)).toBe(true);
      expect(await refundsOf(locator)).toHaveLength(ok);
      // A consent given just before the expiry may meet the quote expired at the booking's confirm:
      // recorded, nothing refunded, and the offer says it failed.
      const consents = await consentsOf(locator);
      expect(consents.length).toBeLessThanOrEqual(1);
      if (ok === 1) expect(final.status).toBe('done');
      else if (consents.length === 1)
        expect(final).toMatchObject({ status: 'failed', outcome: expect.stringContaining('expired') });
      else expect(final.status).toBe('expired');
    }
  });

  it('cannot be accepted once expired, and runs nothing', async () => {
    const locator = await issuedBooking(agent);
    const { caseId, offerId } = await refundCase(locator);
    const offer = (await api(agent.token).get(`/support_cases/${caseId}`)).body.offers[0];
    clock.advance(Date.parse(offer.expires_at) - clock.now().getTime() + 1000);
    const late = await api(agent.token).post(`/support_cases/${caseId}/offers/${offerId}/accept`);
    expect(late.status).toBe(409);
    expect(late.body.errors[0].code).toBe('support_offer_expired');
    expect(await refundsOf(locator)).toHaveLength(0);
    expect((await api(agent.token).get(`/support_cases/${caseId}`)).body.offers[0].status).toBe('expired');
  });
});
