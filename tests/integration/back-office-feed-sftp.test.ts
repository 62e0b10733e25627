// Delivering the accounting feed to a real OpenSSH server on loopback (its own config, host key and
// user key): a batch is fixed (range, bytes, SHA-256) before it is sent and lands under its name
// whole; a crash before the rename, a crash after it, and a receiver that drops the connection
// mid-file are all followed by the same batch under the same name, never another cut; a server that
// refuses writes and a server with another host key fail with a clear error and publish nothing.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../../api/src/db/back-office-connections.repository.js';
import { dropSpool, spoolPathOf } from '../../api/src/domain/back-office-feed/batch-file.js';
import { cutBatch, sendDueDelivery, type DeliveryDeps } from '../../api/src/domain/back-office-feed/deliveries.js';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { newId } from '../../api/src/domain/ids.js';
import { recordTopUps } from '../support/accounting-documents.js';
import { createAccount, createTenant, type TestTenant } from '../support/factories.js';
import { testSecretKey } from '../support/services.js';
import { startDroppingRelay, startSftpServer, type SftpServer } from '../support/sftp-server.js';
import { deliveryDeps } from '../support/back-office-deliveries.js';
import { startStack, type Stack } from '../support/stack.js';

let stack: Stack;
let server: SftpServer;
let readOnly: SftpServer;
let other: SftpServer;
let deps: DeliveryDeps;
const box = createSecretBox(testSecretKey, 'back-office-credential');

beforeAll(async () => {
  stack = await startStack({ withSandbox: false });
  [server, readOnly, other] = await Promise.all([
    startSftpServer(),
    startSftpServer({ readOnly: true }),
    startSftpServer(),
  ]);
  deps = deliveryDeps(stack.ctx.db, testSecretKey);
}, 60_000);
afterAll(async () => {
  await Promise.all([server?.close(), readOnly?.close(), other?.close()]);
  await stack?.close();
});

const documents = (t: TestTenant, agentId: string, n: number) => recordTopUps(stack.ctx.db, t, agentId, n);

async function connectionTo(t: TestTenant, to: SftpServer, overrides: { port?: number; fingerprint?: string } = {}) {
  const id = newId('boc');
  const now = new Date();
  await repo.insertConnection(stack.ctx.db, {
    id,
    agency_id: t.agencyId,
    name: 'Mid office',
    kind: 'sftp',
    format: 'csv',
    schedule: 'each',
    daily_at: null,
    settings: JSON.stringify({
      host: '127.0.0.1',
      port: overrides.port ?? to.port,
      username: to.username,
      folder: to.folder,
      host_key_fingerprint: overrides.fingerprint ?? to.hostKeyFingerprint,
    }),
    credentials_sealed: box.seal(JSON.stringify({ private_key: to.privateKey })),
    created_at: now,
    updated_at: now,
  });
  return id;
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const filesIn = (s: SftpServer) => readdirSync(s.folder).sort();
const makeDue = (id: string) =>
  stack.ctx.db
    .updateTable('back_office_deliveries')
    .set({ next_attempt_at: new Date(0) })
    .where('id', '=', id)
    .execute();

async function tenantWithDocuments(n: number) {
  const t = await createTenant(stack.ctx.db);
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: t });
  await documents(t, agent.id, n);
  return { t, agentId: agent.id };
}

describe('an SFTP connection', () => {
  it('gets each batch once, whole, under a name with the agency and range; the next starts after it', async () => {
    const { t, agentId } = await tenantWithDocuments(30);
    const id = await connectionTo(t, server);
    const batch = (await cutBatch(deps, id))!;
    expect(batch).toMatchObject({ first_sequence: '1', last_sequence: '30', rows: 30 });
    expect(batch.file_name).toBe(`contrail-${t.agencyId}-0000000001-0000000030.csv`);
    expect(await cutBatch(deps, id)).toBeNull();
    expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'delivered' });
    expect(filesIn(server)).toContain(batch.file_name);
    expect(filesIn(server).filter((f) => f.endsWith('.part'))).toEqual([]);
    expect(sha256(join(server.folder, batch.file_name))).toBe(batch.checksum);
    const text = readFileSync(join(server.folder, batch.file_name), 'utf8');
    expect(text.split('\r\n')).toHaveLength(32);
    const row = await repo.findDelivery(stack.ctx.db, batch.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null });
    expect(row!.duration_ms).toBeGreaterThanOrEqual(0);

    await documents(t, agentId, 5);
    const next = (await cutBatch(deps, id))!;
    expect(next).toMatchObject({ first_sequence: '31', last_sequence: '35' });
  });

  it('sends the same batch under the same name after a crash before or after the rename', async () => {
    const { t } = await tenantWithDocuments(40);
    const id = await connectionTo(t, server);
    const batch = (await cutBatch(deps, id))!;
    const crashing = {
      ...deps,
      beforeRename: () => {
        throw new Error('the worker died');
      },
    };
    expect(await sendDueDelivery(crashing, batch.id)).toMatchObject({ status: 'failed' });
    expect(filesIn(server)).not.toContain(batch.file_name);
    // Another worker, without the spooled file, rebuilds the same bytes from the range.
    dropSpool(spoolPathOf(batch.id));
    await makeDue(batch.id);
    expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'delivered' });
    expect(sha256(join(server.folder, batch.file_name))).toBe(batch.checksum);

    // Renamed, then the worker died before recording it: taken over, found whole, not rewritten.
    await stack.ctx.db
      .updateTable('back_office_deliveries')
      .set({ status: 'sending', claimed_until: new Date(0), next_attempt_at: new Date(0) })
      .where('id', '=', batch.id)
      .execute();
    expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'delivered' });
    expect(sha256(join(server.folder, batch.file_name))).toBe(batch.checksum);
    expect(await repo.findDelivery(stack.ctx.db, batch.id)).toMatchObject({ attempts: 3 });
    expect(filesIn(server).filter((f) => f.includes(`-${t.agencyId}-`))).toEqual([batch.file_name]);
  });

  it('fails cleanly when the receiver drops the connection mid-file, then resends the same bytes', async () => {
    const { t } = await tenantWithDocuments(3000);
    const relay = await startDroppingRelay(server.port, 64 * 1024);
    try {
      const id = await connectionTo(t, server, { port: relay.port });
      const batch = (await cutBatch(deps, id))!;
      expect(Number(batch.bytes)).toBeGreaterThan(256 * 1024);
      const failed = await sendDueDelivery(deps, batch.id);
      expect(failed).toMatchObject({ status: 'failed' });
      expect(filesIn(server)).not.toContain(batch.file_name);
      expect((await repo.findDelivery(stack.ctx.db, batch.id))!.last_error).toBeTruthy();
      // The receiver is reachable again.
      const connection = (await repo.findConnection(stack.ctx.db, id))!;
      await repo.updateConnection(stack.ctx.db, id, {
        settings: JSON.stringify({ ...(connection.settings as object), port: server.port }),
      });
      await makeDue(batch.id);
      expect(await sendDueDelivery(deps, batch.id)).toMatchObject({ status: 'delivered' });
      expect(sha256(join(server.folder, batch.file_name))).toBe(batch.checksum);
    } finally {
      await relay.close();
    }
  });

  it('reports a server that refuses the write, and publishes nothing', async () => {
    const { t } = await tenantWithDocuments(3);
    const id = await connectionTo(t, readOnly);
    const batch = (await cutBatch(deps, id))!;
    const result = await sendDueDelivery(deps, batch.id);
    expect(result).toMatchObject({ status: 'failed' });
    expect(result!.status === 'failed' && result!.error).toMatch(/refused the file/);
    expect(filesIn(readOnly)).toEqual([]);
    expect((await repo.findConnection(stack.ctx.db, id))!.failing_since).not.toBeNull();
  });

  it('delivers nothing while switched off: its batches wait, then go when it is switched on', async () => {
    const { t, agentId } = await tenantWithDocuments(10);
    const id = await connectionTo(t, server);
    const first = (await cutBatch(deps, id))!;
    await documents(t, agentId, 4);
    const second = (await cutBatch(deps, id))!;
    await repo.updateConnection(stack.ctx.db, id, { enabled: false });
    // Nothing is cut, and no worker takes its batches, however many ask at once; a resend waits too.
    await documents(t, agentId, 3);
    expect(await cutBatch(deps, id)).toBeNull();
    await repo.requeueDelivery(stack.ctx.db, first.id, new Date());
    const asks = await Promise.all(
      Array.from({ length: 30 }, (_, i) => sendDueDelivery(deps, i % 2 ? first.id : second.id)),
    );
    expect(asks.every((a) => a === null)).toBe(true);
    for (const batch of [first, second])
      expect(await repo.findDelivery(stack.ctx.db, batch.id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(filesIn(server)).not.toContain(first.file_name);
    expect(filesIn(server)).not.toContain(second.file_name);
    expect((await repo.findConnection(stack.ctx.db, id))!.failing_since).toBeNull();

    await repo.updateConnection(stack.ctx.db, id, { enabled: true });
    const sent = await Promise.all(
      Array.from({ length: 30 }, (_, i) => sendDueDelivery(deps, i % 2 ? first.id : second.id)),
    );
    expect(sent.filter((r) => r?.status === 'delivered')).toHaveLength(2);
    for (const batch of [first, second]) {
      expect(await repo.findDelivery(stack.ctx.db, batch.id)).toMatchObject({ status: 'delivered', attempts: 1 });
      expect(sha256(join(server.folder, batch.file_name))).toBe(batch.checksum);
    }
    // The documents written while it was off are the next batch.
    expect(await cutBatch(deps, id)).toMatchObject({ first_sequence: '15', last_sequence: '17' });
  });

  it('refuses a server whose host key is not the pinned one, with a clear error, before sending', async () => {
    const { t } = await tenantWithDocuments(3);
    const id = await connectionTo(t, other, { fingerprint: server.hostKeyFingerprint });
    const batch = (await cutBatch(deps, id))!;
    const result = await sendDueDelivery(deps, batch.id);
    expect(result).toMatchObject({ status: 'failed' });
    expect(result!.status === 'failed' && result!.error).toBe(
      `The server's host key is ${other.hostKeyFingerprint}, not the pinned ${server.hostKeyFingerprint}: it may have been replaced or the connection intercepted. Nothing was sent; pin the new key if the change is expected.`,
    );
    expect(filesIn(other)).toEqual([]);
  });
});
