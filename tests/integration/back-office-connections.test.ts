// Back-office connections over HTTP against real OpenSSH servers on loopback: a supervisor manages
// their agency's (staff name the agency; another agency's answers 404); credentials are write-only
// (no answer and no log line holds them); bad input is a 400 in the errors format (in Ukrainian
// when asked) and changes nothing; a host the address guard refuses is a 422; the connection test
// names what failed (host key, credentials, unreachable, read-only folder); deliveries are paged;
// the next batch is previewed. Races, for BACK_OFFICE_ROUNDS rounds (default 10): 30 concurrent
// resends of one delivery are one send, and 30 concurrent backfills of one range are one batch; a
// connection failing for 24 hours is announced once per failing spell (event and notification) while
// 30 of its deliveries fail at once.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../../api/src/db/back-office-connections.repository.js';
import {
  alertAfterMs,
  cutBatch,
  sendDueDelivery,
  type DeliveryDeps,
} from '../../api/src/domain/back-office-feed/deliveries.js';
import { createNotificationConsumer } from '../../api/src/domain/notifications/notification-consumer.js';
import { dispatchedOf } from '../support/notifications.js';
import { recordTopUps } from '../support/accounting-documents.js';
import { bearer } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { testSecretKey } from '../support/services.js';
import { startSftpServer, type SftpServer } from '../support/sftp-server.js';
import { deliveryDeps } from '../support/back-office-deliveries.js';
import { startStack, type Stack } from '../support/stack.js';

const rounds = Number(process.env.BACK_OFFICE_ROUNDS ?? 10);
const password = 'pw-never-shown-7Hq2';

let stack: Stack;
let server: SftpServer;
let readOnly: SftpServer;
let other: SftpServer;
let tenant: TestTenant;
let supervisor: TestAccount;
let stranger: TestAccount;
let admin: TestAccount;
let agentId: string;
let deps: DeliveryDeps;
const logLines: string[] = [];
const bodies: string[] = [];

const api = () => request(stack.baseUrl);
const keyLine = (s: SftpServer) => s.privateKey.split('\n')[2]!;

/** Every answer's text, kept to grep for credentials. */
async function call<T extends request.Test>(test: T) {
  const res = await test;
  bodies.push(res.text);
  return res;
}

const sftpOf = (s: SftpServer, extra: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port: s.port,
  username: s.username,
  folder: s.folder,
  host_key_fingerprint: s.hostKeyFingerprint,
  private_key: s.privateKey,
  ...extra,
});

async function create(who: TestAccount, body: Record<string, unknown>, query: Record<string, string> = {}) {
  return call(api().post('/api/v1/back_office_connections').query(query).set(bearer(who.token)).send(body));
}

async function connectionTo(s: SftpServer, extra: Record<string, unknown> = {}) {
  const res = await create(supervisor, {
    name: 'Mid office',
    kind: 'sftp',
    format: 'csv',
    schedule: 'each',
    sftp: sftpOf(s, extra),
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

beforeAll(async () => {
  stack = await startStack({
    withSandbox: false,
    env: { WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8', LOG_LEVEL: 'debug', ACCESS_LOG: 'true' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  [server, readOnly, other] = await Promise.all([
    startSftpServer(),
    startSftpServer({ readOnly: true }),
    startSftpServer(),
  ]);
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  stranger = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: await createTenant(stack.ctx.db) });
  admin = await createAccount(stack.ctx.db, { userType: 'Admin' });
  agentId = (await createAccount(stack.ctx.db, { userType: 'Agent', tenant })).id;
  deps = deliveryDeps(stack.ctx.db, testSecretKey);
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.close(), readOnly?.close(), other?.close()]);
  await stack?.close();
});

describe('managing connections', () => {
  it('creates, reads, lists, changes and deletes within the agency; never answers or logs a credential', async () => {
    const created = await create(supervisor, {
      name: 'Mid office',
      kind: 'sftp',
      format: 'jsonl',
      schedule: 'daily',
      daily_at: '06:30',
      sftp: sftpOf(server, { password }),
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      agency_id: tenant.agencyId,
      kind: 'sftp',
      format: 'jsonl',
      schedule: 'daily',
      daily_at: '06:30',
      enabled: true,
      delivered_through: 0,
      failing_since: null,
      sftp: { host: '127.0.0.1', port: server.port, folder: server.folder },
    });
    const id = created.body.id as string;
    expect(Object.keys(created.body.sftp).sort()).toEqual([
      'folder',
      'host',
      'host_key_fingerprint',
      'port',
      'username',
    ]);
    const row = (await repo.findConnection(stack.ctx.db, id))!;
    expect(row.credentials_sealed).not.toContain(password);
    expect(JSON.stringify(row.settings)).not.toContain(password);

    expect((await call(api().get(`/api/v1/back_office_connections/${id}`).set(bearer(supervisor.token)))).status).toBe(
      200,
    );
    const listed = await call(api().get('/api/v1/back_office_connections').set(bearer(supervisor.token)));
    expect(listed.body.data.map((c: { id: string }) => c.id)).toContain(id);
    // Another agency's supervisor: not there at all.
    const foreign = await call(api().get(`/api/v1/back_office_connections/${id}`).set(bearer(stranger.token)));
    expect(foreign.status).toBe(404);
    const theirs = await call(api().get('/api/v1/back_office_connections').set(bearer(stranger.token)));
    expect(theirs.body.data).toEqual([]);
    expect((await call(api().delete(`/api/v1/back_office_connections/${id}`).set(bearer(stranger.token)))).status).toBe(
      404,
    );
    // Staff name the agency.
    const staffList = await call(
      api().get('/api/v1/back_office_connections').query({ agency_id: tenant.agencyId }).set(bearer(admin.token)),
    );
    expect(staffList.body.data.map((c: { id: string }) => c.id)).toContain(id);
    const unnamed = await create(admin, {
      name: 'x',
      kind: 'sftp',
      format: 'csv',
      schedule: 'each',
      sftp: sftpOf(server),
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.errors[0].source).toEqual({ parameter: 'agency_id' });

    const changed = await call(
      api()
        .patch(`/api/v1/back_office_connections/${id}`)
        .set(bearer(supervisor.token))
        .send({ name: 'Accountant', schedule: 'hourly', sftp: { private_key: other.privateKey } }),
    );
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toMatchObject({ name: 'Accountant', schedule: 'hourly', daily_at: null });
    // The new key replaced the credentials as a whole.
    expect(
      JSON.parse(deps.credentials.open((await repo.findConnection(stack.ctx.db, id))!.credentials_sealed)),
    ).toEqual({
      private_key: other.privateKey,
    });

    const deleted = await call(api().delete(`/api/v1/back_office_connections/${id}`).set(bearer(supervisor.token)));
    expect(deleted.status).toBe(204);
    expect((await call(api().get(`/api/v1/back_office_connections/${id}`).set(bearer(supervisor.token)))).status).toBe(
      404,
    );

    for (const secret of [password, keyLine(server), keyLine(other)]) {
      expect(bodies.some((b) => b.includes(secret))).toBe(false);
      expect(logLines.some((l) => l.includes(secret))).toBe(false);
    }
    expect(logLines.length).toBeGreaterThan(0);
  });

  it('answers bad input with a 400 in the errors format, in the language asked, and changes nothing', async () => {
    const { id } = await connectionTo(server);
    const before = await repo.findConnection(stack.ctx.db, id);
    const cases: [Record<string, unknown>, string][] = [
      [{ schedule: 'daily' }, '/daily_at'],
      [{ sftp: { host_key_fingerprint: 'MD5:aa:bb' } }, '/sftp/host_key_fingerprint'],
      [{ sftp: { folder: 'relative/path' } }, '/sftp/folder'],
      [{ sftp: { private_key: 'not a key' } }, '/sftp/private_key'],
      [{ name: '   ' }, '/name'],
      [{ format: 'xlsx' }, '/format'],
      [{ sftp: { port: 0 } }, '/sftp/port'],
    ];
    for (const [body, pointer] of cases) {
      const res = await call(
        api()
          .patch(`/api/v1/back_office_connections/${id}`)
          .set(bearer(supervisor.token))
          .set('Accept-Language', 'uk')
          .send(body),
      );
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'validation_failed', title: 'Запит містить помилки.' });
      expect(res.body.errors[0].source.pointer).toBe(pointer);
    }
    expect(await repo.findConnection(stack.ctx.db, id)).toEqual(before);

    // Creating without a credential, with an unknown field, or for an address the guard refuses.
    const noCredential = await create(supervisor, {
      name: 'x',
      kind: 'sftp',
      format: 'csv',
      schedule: 'each',
      sftp: { ...sftpOf(server), private_key: undefined },
    });
    expect(noCredential.status).toBe(400);
    expect(noCredential.body.errors[0].source.pointer).toBe('/sftp/password');
    for (const host of ['169.254.169.254', '10.1.2.3', '::1']) {
      const refused = await call(
        api()
          .post('/api/v1/back_office_connections')
          .set(bearer(supervisor.token))
          .set('Accept-Language', 'pl')
          .send({ name: 'x', kind: 'sftp', format: 'csv', schedule: 'each', sftp: sftpOf(server, { host }) }),
      );
      expect(refused.status, `${host}: ${refused.text}`).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        code: 'back_office_host_refused',
        source: { pointer: '/sftp/host' },
        title: 'Ten serwer nie łączy się z takim adresem: podaj publiczny host zaplecza.',
      });
    }
    const count = await stack.ctx.db
      .selectFrom('back_office_connections')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('agency_id', '=', tenant.agencyId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(
      (await repo.listConnections(stack.ctx.db, tenant.agencyId, { page: 1, perPage: 100 })).total,
    );
  });
});

describe('the connection test', () => {
  const test = async (id: string) => {
    const res = await call(api().post(`/api/v1/back_office_connections/${id}/test`).set(bearer(supervisor.token)));
    expect(res.status, res.text).toBe(200);
    return res.body as { ok: boolean; failure: string | null; error: string | null };
  };

  it('writes and removes a probe file, and names what failed otherwise', async () => {
    const good = await connectionTo(server);
    expect(await test(good.id)).toMatchObject({ ok: true, failure: null, error: null });
    expect(readdirSync(server.folder).filter((f) => f.includes('probe'))).toEqual([]);

    const wrongKey = await test((await connectionTo(other, { host_key_fingerprint: server.hostKeyFingerprint })).id);
    expect(wrongKey).toMatchObject({ ok: false, failure: 'host_key' });
    expect(wrongKey.error).toContain(`The server's host key is ${other.hostKeyFingerprint}, not the pinned`);

    const wrongUser = await test((await connectionTo(server, { private_key: other.privateKey })).id);
    expect(wrongUser).toMatchObject({ ok: false, failure: 'auth' });
    expect(wrongUser.error).toBe(`The server refused the user name or its credential (${server.username}).`);

    const closed = await test((await connectionTo(server, { port: 9 })).id);
    expect(closed).toMatchObject({ ok: false, failure: 'connect' });
    expect(closed.error).toMatch(/^Could not connect to 127\.0\.0\.1:9: /);

    const locked = await test((await connectionTo(readOnly)).id);
    expect(locked).toMatchObject({ ok: false, failure: 'write' });
    expect(locked.error).toMatch(new RegExp(`^The server refused a probe file in ${readOnly.folder}: `));
  });
});

describe('deliveries, resend, backfill and the preview', () => {
  const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
  const path = (p: string) => `/api/v1/back_office_connections${p}`;

  it('previews the next batch, lists deliveries by page, and backfills a date range', async () => {
    const t = tenant;
    const { id } = await connectionTo(server);
    const before = await repo.findConnection(stack.ctx.db, id);
    const first = Number(before!.delivered_through) + 1;
    await recordTopUps(stack.ctx.db, t, agentId, 12);
    const preview = await call(
      api()
        .get(path(`/${id}/preview`))
        .set(bearer(supervisor.token)),
    );
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body).toMatchObject({ first_sequence: first, rows: preview.body.last_sequence - first + 1 });
    expect(preview.body.documents).toHaveLength(Math.min(10, preview.body.rows));
    expect(preview.body.documents[0]).toMatchObject({ sequence: first, transaction_code: 'TOPU' });

    const batch = (await cutBatch(deps, id))!;
    expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'delivered' });
    await recordTopUps(stack.ctx.db, t, agentId, 2);
    await cutBatch(deps, id);
    const page = await call(
      api()
        .get(path(`/${id}/deliveries`))
        .query({ per_page: 1, page: 2 })
        .set(bearer(supervisor.token)),
    );
    expect(page.status, page.text).toBe(200);
    expect(page.body.meta).toEqual({ page: 2, per_page: 1, total: 2 });
    expect(page.body.data[0]).toMatchObject({
      id: batch.id,
      status: 'delivered',
      attempts: 1,
      reason: 'scheduled',
      checksum: batch.checksum,
      file_name: batch.file_name,
    });
    expect(
      (
        await call(
          api()
            .get(path(`/${id}/deliveries`))
            .set(bearer(stranger.token)),
        )
      ).status,
    ).toBe(404);

    const today = new Date().toISOString().slice(0, 10);
    const byDay = await call(
      api()
        .post(path(`/${id}/backfill`))
        .set(bearer(supervisor.token))
        .send({ date_from: today, date_to: today }),
    );
    expect(byDay.status, byDay.text).toBe(202);
    expect(byDay.body).toMatchObject({ reason: 'backfill', status: 'pending', first_sequence: 1 });
    const both = await call(
      api()
        .post(path(`/${id}/backfill`))
        .set(bearer(supervisor.token))
        .send({ after_sequence: 1, date_from: today }),
    );
    expect(both.status).toBe(400);
    const empty = await call(
      api()
        .post(path(`/${id}/backfill`))
        .set(bearer(supervisor.token))
        .send({ after_sequence: 1_000_000 }),
    );
    expect(empty.status).toBe(400);
    expect(empty.body.errors[0].source).toEqual({ pointer: '/after_sequence' });
  });

  it(`sends a delivery once for 30 concurrent resends (${rounds} rounds)`, { timeout: 240_000 }, async () => {
    const t = await createTenant(stack.ctx.db);
    await recordTopUps(stack.ctx.db, t, agentId, 50);
    const supervisorOfT = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: t });
    const created = await create(supervisorOfT, {
      name: 'Mid office',
      kind: 'sftp',
      format: 'csv',
      schedule: 'each',
      sftp: sftpOf(server),
    });
    const id = created.body.id as string;
    const batch = (await cutBatch(deps, id))!;
    expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'delivered' });
    const file = join(server.folder, batch.file_name);
    for (let round = 1; round <= rounds; round += 1) {
      // The receiver lost the file: a person resends it, thirty times at once.
      rmSync(file);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          api()
            .post(path(`/${id}/deliveries/${batch.id}/resend`))
            .set(bearer(supervisorOfT.token)),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(30).fill(202));
      expect(answers.every((a) => a.body.file_name === batch.file_name && a.body.checksum === batch.checksum)).toBe(
        true,
      );
      // Thirty workers take what is due: one of them sends it.
      const sends = await Promise.all(Array.from({ length: 30 }, () => sendDueDelivery(deps, batch.id)));
      expect(sends.filter((s) => s !== null)).toEqual([{ id: batch.id, status: 'delivered' }]);
      expect(await repo.findDelivery(stack.ctx.db, batch.id)).toMatchObject({
        status: 'delivered',
        attempts: 1 + round,
      });
      expect(sha256(file)).toBe(batch.checksum);
    }
    const other = await call(
      api()
        .post(path(`/${id}/deliveries/${batch.id}/resend`))
        .set(bearer(supervisor.token)),
    );
    expect(other.status).toBe(404);
  });

  it(`fixes one batch for 30 concurrent backfills of one range (${rounds} rounds)`, { timeout: 240_000 }, async () => {
    const t = await createTenant(stack.ctx.db);
    await recordTopUps(stack.ctx.db, t, agentId, rounds * 5 + 5);
    const supervisorOfT = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: t });
    const created = await create(supervisorOfT, {
      name: 'Mid office',
      kind: 'sftp',
      format: 'jsonl',
      schedule: 'each',
      sftp: sftpOf(server),
    });
    const id = created.body.id as string;
    for (let round = 1; round <= rounds; round += 1) {
      const range = { after_sequence: round * 5 - 5, through_sequence: round * 5 + 5 };
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          api()
            .post(path(`/${id}/backfill`))
            .set(bearer(supervisorOfT.token))
            .send(range),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(30).fill(202));
      expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
      expect(answers[0]!.body).toMatchObject({
        first_sequence: range.after_sequence + 1,
        last_sequence: range.through_sequence,
        rows: 10,
      });
      const fixed = await stack.ctx.db
        .selectFrom('back_office_deliveries')
        .select(['id'])
        .where('connection_id', '=', id)
        .where('first_sequence', '=', String(range.after_sequence + 1))
        .execute();
      expect(fixed).toHaveLength(1);
    }
    const all = await repo.listDeliveries(stack.ctx.db, { connectionId: id }, { page: 1, perPage: 100 });
    expect(all.total).toBe(rounds);
  });
});

describe('a connection failing for 24 hours', () => {
  it(
    `is announced once per failing spell, event and notification, while 30 deliveries fail at once (${rounds} rounds)`,
    { timeout: 240_000 },
    async () => {
      const t = await createTenant(stack.ctx.db);
      await recordTopUps(stack.ctx.db, t, agentId, 30);
      const supervisorOfT = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: t });
      const created = await create(supervisorOfT, {
        name: 'Dead office',
        kind: 'sftp',
        format: 'csv',
        schedule: 'each',
        sftp: sftpOf(server, { port: 9 }),
      });
      const id = created.body.id as string;
      const batches = [];
      for (let n = 0; n < 30; n += 1)
        batches.push(
          (
            await call(
              api()
                .post(`/api/v1/back_office_connections/${id}/backfill`)
                .set(bearer(supervisorOfT.token))
                .send({ after_sequence: n, through_sequence: n + 1 }),
            )
          ).body.id as string,
        );
      const announcements = () =>
        stack.ctx.db
          .selectFrom('events')
          .select(['id', 'data', 'agency_id', 'live_mode'])
          .where('type', '=', 'back_office_connection.failing')
          .where('agency_id', '=', t.agencyId)
          .orderBy('seq')
          .execute();
      const dueNow = () =>
        stack.ctx.db
          .updateTable('back_office_deliveries')
          .set({ next_attempt_at: new Date(0), status: 'failed' })
          .where('connection_id', '=', id)
          .execute();

      // Failing for an hour: nobody is told yet.
      await repo.updateConnection(stack.ctx.db, id, { failing_since: new Date(Date.now() - 3_600_000) });
      await dueNow();
      await Promise.all(batches.map((b) => sendDueDelivery(deps, b)));
      expect(await announcements()).toEqual([]);

      for (let round = 1; round <= rounds; round += 1) {
        // A spell that began a day and a minute ago: thirty deliveries fail at once.
        const since = new Date(Date.now() - alertAfterMs - 60_000 - round);
        await repo.updateConnection(stack.ctx.db, id, { failing_since: since, failing_alerted_at: null });
        await dueNow();
        const results = await Promise.all(batches.map((b) => sendDueDelivery(deps, b)));
        expect(results.every((r) => r?.status === 'failed')).toBe(true);
        // And again, later in the same spell.
        await dueNow();
        await Promise.all(batches.map((b) => sendDueDelivery(deps, b)));
        const events = await announcements();
        expect(events).toHaveLength(round);
        expect(events.at(-1)).toMatchObject({
          live_mode: true,
          data: { object: { id, name: 'Dead office', failing_since: since.toISOString() } },
        });
      }

      // The notification: the agency's supervisors hear of it once, linked to the Back office page.
      const consumer = createNotificationConsumer({ mail: stack.ctx.mail, appUrl: 'https://console.example.test' });
      const [first] = await announcements();
      const event = await dispatchedOf(stack.ctx.db, first!.id);
      for (let n = 0; n < 3; n += 1) {
        const after = await stack.ctx.db.transaction().execute((trx) => consumer.fanOut(trx, [event]));
        if (after) await after();
      }
      const notes = await stack.ctx.db
        .selectFrom('notifications')
        .selectAll()
        .where('event_id', '=', first!.id)
        .where('recipient_id', '=', supervisorOfT.id)
        .execute();
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ event_type: 'back_office_connection.failing', link: '/settings/back_office' });
      expect(JSON.stringify(notes[0]!.params)).toContain('Dead office');

      // A delivery that succeeds ends the spell.
      const connection = (await repo.findConnection(stack.ctx.db, id))!;
      await repo.updateConnection(stack.ctx.db, id, {
        settings: JSON.stringify({ ...(connection.settings as object), port: server.port }),
      });
      await dueNow();
      expect(await sendDueDelivery(deps, batches[0])).toMatchObject({ status: 'delivered' });
      expect(await repo.findConnection(stack.ctx.db, id)).toMatchObject({
        failing_since: null,
        failing_alerted_at: null,
      });
    },
  );
});
