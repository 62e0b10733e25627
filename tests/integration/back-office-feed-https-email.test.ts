// Delivering the accounting feed over HTTPS and by email, against real receivers on loopback.
// HTTPS: the connection is created over the API and answers its signing secret once; a loopback
// HTTP server verifies every POST with that secret (Standard Webhooks), and gets the batch's exact
// bytes with headers naming the agency, range, file and checksum, `webhook-id` being the delivery's
// id; a 500 then a 200 is retried and delivered once, with the same webhook-id; the connection test
// POSTs a probe marked as one. A big batch streams with its content-length (rebuilt from the range
// when the spool is gone), verified whole by the receiver; a spool that no longer reads as the fixed
// batch posts nothing. Email: the batch goes through the mail outbox to a loopback SMTP server
// (smtp-server) as an attachment whose bytes are the batch's and whose SHA-256 is its checksum.
// Another kind's settings on a connection are refused (400, in Ukrainian when asked) and change nothing.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../../api/src/db/back-office-connections.repository.js';
import { dropSpool, spoolPathOf } from '../../api/src/domain/back-office-feed/batch-file.js';
import { cutBatch, sendDueDelivery, type DeliveryDeps } from '../../api/src/domain/back-office-feed/deliveries.js';
import { createMailTransport } from '../../api/src/mail/transport.js';
import { recordTopUps } from '../support/accounting-documents.js';
import { deliveryDeps } from '../support/back-office-deliveries.js';
import { bearer } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { testSecretKey } from '../support/services.js';
import { startStack, type Stack } from '../support/stack.js';

interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
  verified: boolean;
}

let stack: Stack;
let receiver: Server;
let receiverUrl: string;
/** What the receiver answers next (then 200); and every request it got. */
const answers: number[] = [];
const got: Received[] = [];
/** The secret the receiver verifies with (the one the API answered at creation). */
let receiverSecret = '';
let smtp: SMTPServer;
const mails: ParsedMail[] = [];
let deps: DeliveryDeps;
let tenant: TestTenant;
let supervisor: TestAccount;
let agentId: string;

const api = () => request(stack.baseUrl);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (c: Buffer) => parts.push(c));
    req.on('end', () => {
      const body = Buffer.concat(parts);
      let verified = false;
      try {
        new Webhook(receiverSecret).verify(body.toString('utf8'), req.headers as Record<string, string>, {
          jsonParse: false,
        });
        verified = true;
      } catch {
        verified = false;
      }
      got.push({ headers: req.headers, body, verified });
      res.statusCode = verified ? (answers.shift() ?? 200) : 401;
      res.end(res.statusCode === 500 ? 'down for a moment' : 'ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/feed`;

  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const transport = createMailTransport({
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    from: 'Contrail <no-reply@contrail.test>',
  });

  stack = await startStack({ withSandbox: false, env: { WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8' } });
  // The outbox as the worker runs it: the trigger delivers the committed message over SMTP.
  const mail = stack.ctx.mail;
  deps = deliveryDeps(stack.ctx.db, testSecretKey, {
    mail: {
      queueIn: (trx, message, attachments) => mail.queueIn(trx, message, attachments),
      trigger: async (id) => void (await mail.deliver(id, transport)),
    },
  });
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  agentId = (await createAccount(stack.ctx.db, { userType: 'Agent', tenant })).id;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => receiver?.close(resolve));
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await stack?.close();
});

const create = (body: Record<string, unknown>, language?: string) => {
  const test = api().post('/api/v1/back_office_connections').set(bearer(supervisor.token));
  return (language ? test.set('Accept-Language', language) : test).send(body);
};

describe('an HTTPS connection', () => {
  it('answers its signing secret once; its batches arrive signed, whole and named; a 500 is retried once', async () => {
    const created = await create({
      name: 'Receiver',
      kind: 'https',
      format: 'csv',
      schedule: 'each',
      https: { url: receiverUrl },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ kind: 'https', https: { url: receiverUrl }, sftp: null, email: null });
    expect(created.body.secret).toMatch(/^whsec_/);
    receiverSecret = created.body.secret as string;
    const id = created.body.id as string;
    const read = await api().get(`/api/v1/back_office_connections/${id}`).set(bearer(supervisor.token));
    expect(read.status).toBe(200);
    expect(read.body.secret).toBeUndefined();
    expect(read.text).not.toContain(receiverSecret);

    // The test POSTs a probe, signed and marked as one.
    const tested = await api().post(`/api/v1/back_office_connections/${id}/test`).set(bearer(supervisor.token));
    expect(tested.body, tested.text).toMatchObject({ ok: true, failure: null });
    expect(got.at(-1)).toMatchObject({ verified: true });
    expect(got.at(-1)!.headers['contrail-probe']).toBe('true');
    got.length = 0;

    await recordTopUps(stack.ctx.db, tenant, agentId, 25);
    const batch = (await cutBatch(deps, id))!;
    answers.push(500);
    expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'failed' });
    expect(await repo.findDelivery(stack.ctx.db, batch.id)).toMatchObject({
      status: 'failed',
      last_error: 'The receiver answered 500: down for a moment.',
    });
    await stack.ctx.db
      .updateTable('back_office_deliveries')
      .set({ next_attempt_at: new Date(0) })
      .where('id', '=', batch.id)
      .execute();
    expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'delivered' });
    // Delivered once: nothing more is due.
    expect(await sendDueDelivery(deps, batch.id)).toBeNull();

    expect(got).toHaveLength(2);
    for (const r of got) {
      expect(r.verified).toBe(true);
      expect(r.headers['webhook-id']).toBe(batch.id);
      expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(r.headers['contrail-agency-id']).toBe(tenant.agencyId);
      expect(r.headers['contrail-sequence-range']).toBe('1-25');
      expect(r.headers['contrail-file-name']).toBe(batch.file_name);
      expect(r.headers['contrail-checksum']).toBe(`sha256=${batch.checksum}`);
      expect(r.body.length).toBe(Number(batch.bytes));
      expect(sha256(r.body)).toBe(batch.checksum);
    }
    expect(await repo.findDelivery(stack.ctx.db, batch.id)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('fails a delivery the receiver cannot verify (another secret), and keeps it due for a retry', async () => {
    const t = await createTenant(stack.ctx.db);
    const sup = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: t });
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: t });
    const created = await api()
      .post('/api/v1/back_office_connections')
      .set(bearer(sup.token))
      .send({ name: 'Other', kind: 'https', format: 'jsonl', schedule: 'each', https: { url: receiverUrl } });
    expect(created.status, created.text).toBe(201);
    await recordTopUps(stack.ctx.db, t, agent.id, 3);
    const batch = (await cutBatch(deps, created.body.id as string))!;
    // The receiver still verifies with the first connection's secret: this one's signature fails.
    expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'failed' });
    expect(got.at(-1)!.headers['content-type']).toBe('application/x-ndjson');
    const row = await repo.findDelivery(stack.ctx.db, batch.id);
    expect(row).toMatchObject({ status: 'failed', last_error: 'The receiver answered 401: ok.' });
    expect(row!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('an HTTPS batch that is big', () => {
  it('streams with its length, signed over the whole body; bytes that differ from the fixed batch are not sent', async () => {
    const t = await createTenant(stack.ctx.db);
    const sup = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: t });
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: t });
    const created = await api()
      .post('/api/v1/back_office_connections')
      .set(bearer(sup.token))
      .send({ name: 'Big', kind: 'https', format: 'csv', schedule: 'each', https: { url: receiverUrl } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const firstSecret = receiverSecret;
    receiverSecret = created.body.secret as string;
    try {
      await recordTopUps(stack.ctx.db, t, agent.id, 3000);
      const batch = (await cutBatch(deps, id))!;
      expect(Number(batch.bytes)).toBeGreaterThan(256 * 1024);
      // A worker without the spooled file reads the range from PostgreSQL (twice: to sign, to send).
      dropSpool(spoolPathOf(batch.id));
      got.length = 0;
      expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'delivered' });
      expect(got).toHaveLength(1);
      expect(got[0]!.verified).toBe(true);
      expect(got[0]!.headers['content-length']).toBe(batch.bytes);
      expect(got[0]!.headers['transfer-encoding']).toBeUndefined();
      expect(sha256(got[0]!.body)).toBe(batch.checksum);

      // The spooled file no longer reads as the batch fixed (same size, other bytes): nothing is posted.
      await recordTopUps(stack.ctx.db, t, agent.id, 50);
      const next = (await cutBatch(deps, id))!;
      const spool = spoolPathOf(next.id);
      const bytes = readFileSync(spool);
      bytes[bytes.length - 3] = bytes[bytes.length - 3] === 0x30 ? 0x31 : 0x30;
      writeFileSync(spool, bytes);
      got.length = 0;
      expect(await sendDueDelivery(deps, next.id)).toMatchObject({
        status: 'failed',
        error: 'The batch no longer reads as it was fixed; it was not sent.',
      });
      expect(got).toHaveLength(0);
      // Rebuilt from the range, the same batch goes.
      dropSpool(spool);
      await stack.ctx.db
        .updateTable('back_office_deliveries')
        .set({ next_attempt_at: new Date(0) })
        .where('id', '=', next.id)
        .execute();
      expect(await sendDueDelivery(deps, next.id)).toMatchObject({ status: 'delivered' });
      expect(got.map((r) => [r.verified, sha256(r.body)])).toEqual([[true, next.checksum]]);
    } finally {
      receiverSecret = firstSecret;
    }
  });
});

describe('an email connection', () => {
  it('mails each batch as an attachment whose bytes are the batch', async () => {
    const t = await createTenant(stack.ctx.db);
    const sup = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: t });
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: t });
    const created = await api()
      .post('/api/v1/back_office_connections')
      .set(bearer(sup.token))
      .send({
        name: 'Accountant',
        kind: 'email',
        format: 'csv',
        schedule: 'each',
        email: { to: ['books@agency.test', 'audit@agency.test'] },
      });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({
      kind: 'email',
      email: { to: ['books@agency.test', 'audit@agency.test'] },
      sftp: null,
      https: null,
    });
    expect(created.body.secret).toBeUndefined();
    await recordTopUps(stack.ctx.db, t, agent.id, 12);
    const batch = (await cutBatch(deps, created.body.id as string))!;
    mails.length = 0;
    expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'delivered' });
    expect(await sendDueDelivery(deps, batch.id)).toBeNull();
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    const to = Array.isArray(mail.to) ? mail.to.flatMap((a) => a.value) : (mail.to?.value ?? []);
    expect(to.map((a) => a.address).sort()).toEqual(['audit@agency.test', 'books@agency.test']);
    expect(mail.attachments).toHaveLength(1);
    const attachment = mail.attachments[0]!;
    expect(attachment.filename).toBe(batch.file_name);
    expect(attachment.contentType).toBe('text/csv');
    expect(attachment.content.length).toBe(Number(batch.bytes));
    expect(sha256(attachment.content)).toBe(batch.checksum);
    expect(mail.text).toContain(batch.checksum);
    expect(await repo.findDelivery(stack.ctx.db, batch.id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });
});

describe('kinds and their settings', () => {
  it("refuses another kind's settings, a kind without its own, and bad addresses; nothing is saved", async () => {
    const t = await createTenant(stack.ctx.db);
    const sup = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: t });
    const post = (body: Record<string, unknown>, language?: string) => {
      const test = api().post('/api/v1/back_office_connections').set(bearer(sup.token));
      return (language ? test.set('Accept-Language', language) : test).send({
        name: 'x',
        format: 'csv',
        schedule: 'each',
        ...body,
      });
    };
    const cases: [Record<string, unknown>, number, string, string][] = [
      [{ kind: 'https' }, 400, 'back_office_settings_mismatch', '/https'],
      [
        { kind: 'email', https: { url: receiverUrl }, email: { to: ['a@b.test'] } },
        400,
        'back_office_settings_mismatch',
        '/https',
      ],
      [{ kind: 'email', email: { to: ['not an address'] } }, 400, 'validation_failed', '/email/to'],
      [{ kind: 'email', email: { to: [] } }, 400, 'validation_failed', '/email/to'],
      [{ kind: 'https', https: { url: 'ftp://example.com/' } }, 400, 'validation_failed', '/https/url'],
      [
        { kind: 'https', https: { url: 'https://169.254.169.254/latest' } },
        422,
        'back_office_host_refused',
        '/https/url',
      ],
      [{ kind: 'fax' }, 400, 'validation_failed', '/kind'],
    ];
    for (const [body, status, code, pointer] of cases) {
      const res = await post(body);
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(status);
      expect(res.body.errors[0].code).toBe(code);
      expect(res.body.errors[0].source?.pointer ?? '').toContain(pointer);
    }
    const ua = await post({ kind: 'https' }, 'uk');
    expect(ua.body.errors[0].title).toMatch(/налаштування/);
    const listed = await api().get('/api/v1/back_office_connections').set(bearer(sup.token));
    expect(listed.body.data).toEqual([]);

    // A change may not carry another kind's settings either.
    const made = await post({ kind: 'email', email: { to: ['a@b.test'] } });
    const changed = await api()
      .patch(`/api/v1/back_office_connections/${made.body.id}`)
      .set(bearer(sup.token))
      .send({ sftp: { host: 'example.com' } });
    expect(changed.status).toBe(400);
    expect(changed.body.errors[0].code).toBe('back_office_settings_mismatch');
    const renamed = await api()
      .patch(`/api/v1/back_office_connections/${made.body.id}`)
      .set(bearer(sup.token))
      .send({ email: { to: ['c@d.test'] } });
    expect(renamed.body.email).toEqual({ to: ['c@d.test'] });
  });
});
