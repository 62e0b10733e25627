// Writing a byte stream as a remote file with several SFTP WRITE requests in flight at once.
//
// SFTP acknowledges each WRITE with a status; a writer that waits for each status before sending
// the next (ssh2's write stream, and so ssh2-sftp-client's `put`) moves one chunk per round trip:
// on loopback a 35 MB batch took three times as long that way as with 32 requests out. WRITE
// carries its own offset, so the requests can overlap: up to `inFlight` chunks are out at once,
// which keeps the SSH channel's window full. The source is read only when a slot is free, so memory stays at
// `inFlight` chunks whatever the file's size (a slow server slows the reader, never piles up
// bytes), and the first failed write stops the reading and fails the whole file. A server that
// stops answering (alive on the network, silent in SFTP) fails the file after `stallMs` without a
// status, instead of holding the delivery for as long as the connection stays open.
import type { Readable } from 'node:stream';
import type { SFTPWrapper } from 'ssh2';

export interface FileWriterOptions {
  /** Bytes per WRITE request. Servers take at least 32 KB; OpenSSH's limits allow 255 KB. */
  chunkBytes?: number;
  /** WRITE requests awaiting their status at once. */
  inFlight?: number;
  /** How long the writer waits for any answer (a status, the open, the close) before it gives up. */
  stallMs?: number;
}

/**
 * Why a file was not written, so the caller can say it in words: the server answered a request
 * with a failure (`refused`), the connection ended (`lost`), or nothing came back in time (`stalled`).
 */
export class RemoteWriteError extends Error {
  constructor(
    readonly kind: 'refused' | 'lost' | 'stalled',
    message: string,
    /** Bytes the server acknowledged before it failed. */
    readonly acknowledged: number,
  ) {
    super(message);
    this.name = 'RemoteWriteError';
  }
}

// 32 chunks of 64 KB: 2 MB out at once, which is OpenSSH's channel window; beyond it the client
// would only queue the bytes in memory.
const defaults = { chunkBytes: 64 * 1024, inFlight: 32, stallMs: 30_000 };

/**
 * Writes `body` to `path` (created or truncated) and closes it; answers the bytes written. On a
 * failure the file is left as it is (closed when the connection still allows it): the caller
 * writes to a temporary name and removes it. A connection that ends mid-file fails the write at
 * once: requests sent on a closed channel would never be answered. Failures are `RemoteWriteError`s.
 */
export async function writeRemoteFile(
  sftp: SFTPWrapper,
  path: string,
  body: Readable | Buffer,
  options: FileWriterOptions = {},
): Promise<number> {
  const { chunkBytes, inFlight, stallMs } = { ...defaults, ...options };
  let offset = 0;
  let pending = 0;
  // Bytes whose WRITE the server acknowledged (they may complete out of order).
  let acknowledged = 0;
  // The first failure; a cast, because it is set in callbacks the narrowing cannot see.
  let failure = null as RemoteWriteError | null;
  let gone = false;
  const fail = (kind: RemoteWriteError['kind'], message: string) =>
    (failure ??= new RemoteWriteError(kind, message, acknowledged));
  // Resolved when a request settles or the connection ends, for a writer waiting for a free slot
  // or for the last status.
  let settled: (() => void) | null = null;
  const wake = () => {
    const waiting = settled;
    settled = null;
    waiting?.();
  };
  const stalled = () =>
    fail('stalled', `The server stopped answering: nothing came back for ${Math.round(stallMs / 1000)} s.`);
  // Waits for a status (or the connection's end); a wait longer than `stallMs` fails the file.
  const waitForSettle = () =>
    new Promise<void>((resolve) => {
      const deadline = setTimeout(() => {
        stalled();
        wake();
      }, stallMs);
      settled = () => {
        clearTimeout(deadline);
        resolve();
      };
    });
  let endRequest: ((error: Error) => void) | null = null;
  const onGone = () => {
    gone = true;
    fail('lost', 'The connection closed before the file was written.');
    wake();
    endRequest?.(failure!);
  };
  sftp.once('end', onGone).once('close', onGone);
  // One request (open, close) at a time, failed when the connection ends before its answer or no
  // answer comes within `stallMs`.
  const request = <T>(run: (done: (error: Error | undefined | null, value?: T) => void) => void) => {
    let deadline: NodeJS.Timeout | undefined;
    return new Promise<T>((resolve, reject) => {
      if (gone) return reject(failure!);
      endRequest = reject;
      deadline = setTimeout(() => reject(stalled()), stallMs);
      run((error, value) =>
        error ? queueMicrotask(() => reject(fail('refused', error.message))) : resolve(value as T),
      );
    }).finally(() => {
      clearTimeout(deadline);
      endRequest = null;
    });
  };

  const send = async (handle: Buffer, chunk: Buffer) => {
    while (pending >= inFlight && failure === null) await waitForSettle();
    if (failure) throw failure;
    pending += 1;
    try {
      sftp.write(handle, chunk, 0, chunk.length, offset, (error) => {
        pending -= 1;
        if (!error) {
          acknowledged += chunk.length;
          return wake();
        }
        // ssh2 fails every request still out just before it says the connection ended: a tick
        // later, a lost connection is told as lost, not as the server refusing the write.
        queueMicrotask(() => {
          fail('refused', error.message);
          wake();
        });
      });
    } catch (error) {
      pending -= 1;
      throw error;
    }
    offset += chunk.length;
  };

  try {
    const handle = await request<Buffer>((done) => sftp.open(path, 'w', done));
    try {
      // Chunks of exactly `chunkBytes` (the last one shorter), whatever sizes the source yields:
      // cut from the source's own buffers where they are large enough (no copy: the client copies
      // each request into its packet), gathered from smaller pieces where not.
      let fill = Buffer.allocUnsafe(chunkBytes);
      let filled = 0;
      const pieces: AsyncIterable<Buffer> | Iterable<Buffer> = Buffer.isBuffer(body) ? [body] : body;
      for await (const piece of pieces) {
        let at = 0;
        while (at < piece.length) {
          if (filled === 0 && piece.length - at >= chunkBytes) {
            await send(handle, piece.subarray(at, at + chunkBytes));
            at += chunkBytes;
            continue;
          }
          const taken = piece.copy(fill, filled, at);
          filled += taken;
          at += taken;
          if (filled === chunkBytes) {
            await send(handle, fill);
            fill = Buffer.allocUnsafe(chunkBytes);
            filled = 0;
          }
        }
      }
      if (filled > 0) await send(handle, fill.subarray(0, filled));
      while (pending > 0 && !gone && failure?.kind !== 'stalled') await waitForSettle();
      if (failure) throw failure;
    } catch (error) {
      // What is in flight settles before the handle goes, so no status arrives for a closed file;
      // a silent server gets no close (it would not answer that either).
      while (pending > 0 && !gone && failure?.kind !== 'stalled') await waitForSettle();
      if (failure?.kind !== 'stalled') await request((done) => sftp.close(handle, done)).catch(() => undefined);
      throw error;
    }
    // A server may report a failed write only at close (a full disk on a buffered file system).
    await request((done) => sftp.close(handle, done));
    return offset;
  } finally {
    sftp.off('end', onGone).off('close', onGone);
  }
}
