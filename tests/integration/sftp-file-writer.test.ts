// The SFTP file writer against a real OpenSSH server on loopback: a file sent with many WRITE
// requests in flight arrives byte for byte, whatever sizes its source yields; no more requests than
// allowed are ever out at once, so memory stays bounded; a server killed mid-file, or one that
// stops answering with its connection open, fails the upload, says which in words, and publishes
// nothing under the final name.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { SFTPWrapper } from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOutboundGuard } from '../../api/src/outbound/outbound-guard.js';
import { writeRemoteFile } from '../../api/src/outbound/sftp-file-writer.js';
import { SftpFailure, uploadFile } from '../../api/src/outbound/sftp-upload.js';
import { startSftpServer, type SftpServer } from '../support/sftp-server.js';

let server: SftpServer;
beforeAll(async () => {
  server = await startSftpServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** The bytes as a stream of uneven pieces (1 byte to 50 KB), as a reader of rows hands them out. */
function unevenStream(bytes: Buffer, onRead: (upTo: number) => void = () => undefined): Readable {
  let at = 0;
  let turn = 0;
  return new Readable({
    highWaterMark: 16 * 1024,
    read() {
      if (at >= bytes.length) return void this.push(null);
      const size = [1, 7_919, 50_000, 333, 32_768][turn++ % 5]!;
      const piece = bytes.subarray(at, at + size);
      at += piece.length;
      onRead(at);
      this.push(piece);
    },
  });
}

/** The session's SFTP, counting the WRITE requests awaiting their status. */
function countingWrites(sftp: SFTPWrapper) {
  const counts = { out: 0, most: 0, requests: 0 };
  const write: SFTPWrapper['write'] = (handle, buffer, offset, length, position, callback) => {
    counts.out += 1;
    counts.requests += 1;
    counts.most = Math.max(counts.most, counts.out);
    sftp.write(handle, buffer, offset, length, position, (error) => {
      counts.out -= 1;
      callback(error);
    });
  };
  const counted = new Proxy(sftp, {
    get: (target, name, receiver) => {
      if (name === 'write') return write;
      const value: unknown = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { counted, counts };
}

it('writes a 5 MB file with many requests in flight, byte for byte, never more than allowed at once', async () => {
  const bytes = randomBytes(5 * 1024 * 1024 + 12_345);
  const client = new SftpClient('writer-test');
  const sftp = await client.connect({
    host: '127.0.0.1',
    port: server.port,
    username: server.username,
    privateKey: server.privateKey,
  });
  try {
    const { counted, counts } = countingWrites(sftp);
    const path = join(server.folder, 'five.bin');
    expect(await writeRemoteFile(counted, path, unevenStream(bytes), { chunkBytes: 32 * 1024, inFlight: 24 })).toBe(
      bytes.length,
    );
    expect(readFileSync(path).equals(bytes)).toBe(true);
    expect(counts.requests).toBe(Math.ceil(bytes.length / (32 * 1024)));
    expect(counts.most).toBeGreaterThan(1);
    expect(counts.most).toBeLessThanOrEqual(24);
    expect(counts.out).toBe(0);

    // A buffer is written as it is; writing again truncates what was there.
    const small = randomBytes(100);
    expect(await writeRemoteFile(sftp, path, small)).toBe(100);
    expect(readFileSync(path).equals(small)).toBe(true);
  } finally {
    await client.end();
  }
});

it('fails the upload when the server is killed mid-file, and publishes nothing', async () => {
  const own = await startSftpServer();
  try {
    const bytes = randomBytes(24 * 1024 * 1024);
    let killed = false;
    const body = unevenStream(bytes, (upTo) => {
      // Once a few megabytes are on their way, the server dies with its sessions.
      if (!killed && upTo > 3 * 1024 * 1024) {
        killed = true;
        own.kill();
      }
    });
    const upload = uploadFile(
      createOutboundGuard({ allowCidrs: '127.0.0.0/8' }),
      {
        host: '127.0.0.1',
        port: own.port,
        username: own.username,
        privateKey: own.privateKey,
        hostKeyFingerprint: own.hostKeyFingerprint,
        folder: own.folder,
      },
      { name: 'batch.csv', body, expectBytes: bytes.length },
      10_000,
    );
    await expect(upload).rejects.toBeInstanceOf(SftpFailure);
    await expect(upload).rejects.toThrow(
      /^The connection to the server was lost while sending the file \(\d+\.\d MB of 24\.0 MB had arrived\)\.$/,
    );
    expect(killed).toBe(true);
    expect(existsSync(join(own.folder, 'batch.csv'))).toBe(false);
    expect(readdirSync(own.folder).filter((f) => !f.startsWith('.'))).toEqual([]);
    expect(body.destroyed).toBe(true);
  } finally {
    await own.close();
  }
});

it('fails the upload within its deadline when the server stops answering mid-file, and publishes nothing', async () => {
  const own = await startSftpServer();
  try {
    const bytes = randomBytes(24 * 1024 * 1024);
    let stoppedAt = 0;
    const body = unevenStream(bytes, (upTo) => {
      // Once a few megabytes are on their way, the server freezes: its connections stay open.
      if (!stoppedAt && upTo > 3 * 1024 * 1024) {
        stoppedAt = performance.now();
        own.stop();
      }
    });
    const deadlineMs = 3_000;
    const upload = uploadFile(
      createOutboundGuard({ allowCidrs: '127.0.0.0/8' }),
      {
        host: '127.0.0.1',
        port: own.port,
        username: own.username,
        privateKey: own.privateKey,
        hostKeyFingerprint: own.hostKeyFingerprint,
        folder: own.folder,
      },
      { name: 'batch.csv', body, expectBytes: bytes.length },
      deadlineMs,
    );
    await expect(upload).rejects.toBeInstanceOf(SftpFailure);
    await expect(upload).rejects.toThrow(
      /^The server stopped answering: nothing came back for 3 s\. The file was not published \(\d+\.\d MB of 24\.0 MB had arrived\)\.$/,
    );
    // The deadline, not the connection's own end (which a frozen server never sends), ended it.
    expect(stoppedAt).toBeGreaterThan(0);
    expect(performance.now() - stoppedAt).toBeLessThan(deadlineMs * 3);
    own.resume();
    expect(existsSync(join(own.folder, 'batch.csv'))).toBe(false);
  } finally {
    own.kill();
    await own.close();
  }
});
