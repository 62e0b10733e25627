// Writing a file to an SFTP server a user named: through the outbound guard (the host resolves
// once, through the guard's lookup, and that address is dialled), with the server's host key pinned
// (its OpenSSH SHA256 fingerprint; any other key is refused before a credential is sent), and under
// a temporary name renamed at the end, so a reader of the folder never sees half a file. The bytes
// go with several WRITE requests in flight (see `sftp-file-writer.ts`), not one per round trip.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SFTPWrapper } from 'ssh2';
import SftpClient from 'ssh2-sftp-client';
import type { OutboundGuard } from './outbound-guard.js';
import { RemoteWriteError, writeRemoteFile } from './sftp-file-writer.js';

export interface SftpTarget {
  host: string;
  port: number;
  username: string;
  password?: string;
  privateKey?: string;
  /** `SHA256:<base64>`, as `ssh-keygen -lf` prints it. */
  hostKeyFingerprint: string;
  folder: string;
}

/** The failure a person can act on, in words; never holds a credential. */
export class SftpFailure extends Error {
  constructor(
    readonly reason: 'host_key' | 'connect' | 'auth' | 'write' | 'refused_address',
    message: string,
  ) {
    super(message);
    this.name = 'SftpFailure';
  }
}

export const fingerprintOf = (key: Buffer) =>
  `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

const lookupOnce = (guard: OutboundGuard, host: string) =>
  new Promise<string>((resolve, reject) =>
    guard.lookup(host, { all: false }, (error, address) =>
      error
        ? reject(new SftpFailure('refused_address', error.message))
        : resolve(typeof address === 'string' ? address : (address[0]?.address ?? '')),
    ),
  );

const joinPath = (folder: string, name: string) => `${folder.replace(/\/+$/, '') || '.'}/${name}`;

/**
 * Ends the session politely, or, when the server does not answer that either within `ms` (a silent
 * server never confirms the close), drops the connection.
 */
async function endSession(client: SftpClient, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    client.end().then(
      () => true,
      () => true,
    ),
    new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]);
  clearTimeout(timer);
  if (!ended) (Reflect.get(client, 'client') as { destroy?: () => void } | undefined)?.destroy?.();
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The words for a file that was not written, by what went wrong. */
function writeFailure(error: unknown, expectBytes: number): SftpFailure {
  if (!(error instanceof RemoteWriteError))
    return new SftpFailure(
      'write',
      `The file could not be sent: ${error instanceof Error ? error.message : String(error)}`,
    );
  const progress = `${megabytes(error.acknowledged)} of ${megabytes(expectBytes)} had arrived`;
  switch (error.kind) {
    case 'refused':
      return new SftpFailure('write', `The server refused the file: ${error.message}`);
    case 'lost':
      return new SftpFailure('write', `The connection to the server was lost while sending the file (${progress}).`);
    case 'stalled':
      return new SftpFailure('write', `${error.message} The file was not published (${progress}).`);
  }
}

async function connect(
  guard: OutboundGuard,
  target: SftpTarget,
  timeoutMs: number,
): Promise<{ client: SftpClient; sftp: SFTPWrapper }> {
  const address = await lookupOnce(guard, target.host);
  // The key the server showed, kept for the error a mismatch answers.
  const shown: { fingerprint: string | null } = { fingerprint: null };
  const client = new SftpClient('contrail-back-office');
  let sftp: SFTPWrapper;
  try {
    sftp = await client.connect({
      host: address,
      port: target.port,
      username: target.username,
      ...(target.password ? { password: target.password } : {}),
      ...(target.privateKey ? { privateKey: target.privateKey } : {}),
      readyTimeout: timeoutMs,
      timeout: timeoutMs,
      // No agent, no keyboard prompts: only the credentials the connection holds.
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        shown.fingerprint = fingerprintOf(key);
        return shown.fingerprint === target.hostKeyFingerprint;
      },
    });
  } catch (error) {
    await client.end().catch(() => undefined);
    const seen = shown.fingerprint;
    if (seen !== null && seen !== target.hostKeyFingerprint)
      throw new SftpFailure(
        'host_key',
        `The server's host key is ${seen}, not the pinned ${target.hostKeyFingerprint}: it may have been replaced or the connection intercepted. Nothing was sent; pin the new key if the change is expected.`,
      );
    const message = error instanceof Error ? error.message : String(error);
    if (/authentication/i.test(message))
      throw new SftpFailure('auth', `The server refused the user name or its credential (${target.username}).`);
    throw new SftpFailure('connect', `Could not connect to ${target.host}:${target.port}: ${message}`);
  }
  return { client, sftp };
}

/**
 * Writes `body` as `<folder>/<name>`: first as `.<name>.part`, then renamed once the server holds
 * exactly `expectBytes` bytes under the temporary name (and `beforeRename`, which checks what was
 * read, has not thrown). When `<name>` is there already with `expectBytes` bytes (a previous attempt
 * renamed it and then lost its answer), it is left as it is and the write counts as done.
 */
export async function uploadFile(
  guard: OutboundGuard,
  target: SftpTarget,
  file: { name: string; body: Readable | Buffer; expectBytes: number; beforeRename?: () => void },
  timeoutMs = 30_000,
): Promise<{ alreadyThere: boolean }> {
  const { client, sftp } = await connect(guard, target, timeoutMs);
  // A server that went silent answers nothing more: no clean-up is asked of it.
  let silent = false;
  const final = joinPath(target.folder, file.name);
  const temporary = joinPath(target.folder, `.${file.name}.part`);
  try {
    const existing = await client.exists(final);
    if (existing === '-') {
      const stat = await client.stat(final);
      if (stat.size === file.expectBytes) return { alreadyThere: true };
      await client.delete(final);
    }
    let sent: number;
    try {
      sent = await writeRemoteFile(sftp, temporary, file.body, { stallMs: timeoutMs });
      // Every WRITE was acknowledged; what the server says it holds is the last word before publishing.
      const held = (await client.stat(temporary)).size;
      if (held !== sent) throw new RemoteWriteError('refused', `it holds ${held} of the ${sent} bytes sent`, held);
    } catch (error) {
      silent = error instanceof RemoteWriteError && error.kind !== 'refused';
      // A temporary file left by a lost connection is overwritten by the next attempt.
      if (!silent) await client.delete(temporary, true).catch(() => undefined);
      throw writeFailure(error, file.expectBytes);
    }
    file.beforeRename?.();
    if (sent !== file.expectBytes)
      throw new SftpFailure(
        'write',
        `${sent} bytes were read for a file of ${file.expectBytes}; it was not published.`,
      );
    await client.rename(temporary, final);
    return { alreadyThere: false };
  } catch (error) {
    if (error instanceof SftpFailure) throw error;
    throw new SftpFailure(
      'write',
      `Writing ${final} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await endSession(client, silent ? 0 : timeoutMs);
  }
}

/** The connection test: connect, write a small probe file, remove it. */
export async function probe(guard: OutboundGuard, target: SftpTarget, timeoutMs = 15_000): Promise<void> {
  const name = `.contrail-probe-${Date.now().toString(36)}`;
  const { client, sftp } = await connect(guard, target, timeoutMs);
  try {
    const path = joinPath(target.folder, name);
    try {
      await writeRemoteFile(sftp, path, Buffer.from('contrail probe\n'), { stallMs: timeoutMs });
    } catch (error) {
      if (error instanceof RemoteWriteError && error.kind !== 'refused') throw new SftpFailure('write', error.message);
      throw new SftpFailure(
        'write',
        `The server refused a probe file in ${target.folder}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    await client.delete(path);
  } finally {
    await endSession(client, timeoutMs);
  }
}
