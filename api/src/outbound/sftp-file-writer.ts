// Writing a byte stream as a remote file with several SFTP WRITE requests in flight at once.
//
// SFTP acknowledges each WRITE with a status; a writer that waits for each status before sending
// the next (ssh2's write stream, and so ssh2-sftp-client's `put`) moves one chunk per round trip:
// on loopback a 35 MB batch took three times as long that way as with 32 requests out. WRITE
// carries its own offset, so the requests can overlap: up to `inFlight` chunks are out at once,
// which keeps the SSH channel's window full. The source is read only when a slot is free, so memory stays at
// `inFlight` chunks whatever the file's size (a slow server slows the reader, never piles up
// bytes), and the first failed write stops the reading and fails the whole file.
import type { Readable } from 'node:stream';
import type { SFTPWrapper } from 'ssh2';

export interface FileWriterOptions {
  /** Bytes per WRITE request. Servers take at least 32 KB; OpenSSH's limits allow 255 KB. */
  chunkBytes?: number;
  /** WRITE requests awaiting their status at once. */
  inFlight?: number;
}

// 32 chunks of 64 KB: 2 MB out at once, which is OpenSSH's channel window; beyond it the client
// would only queue the bytes in memory.
const defaults = { chunkBytes: 64 * 1024, inFlight: 32 };

/**
 * Writes `body` to `path` (created or truncated) and closes it; answers the bytes written. On a
 * failure the file is left as it is (closed when the connection still allows it): the caller
 * writes to a temporary name and removes it. A connection that ends mid-file fails the write at
 * once: requests sent on a closed channel would never be answered.
 */
export async function writeRemoteFile(
  sftp: SFTPWrapper,
  path: string,
  body: Readable | Buffer,
  options: FileWriterOptions = {},
): Promise<number> {
  const { chunkBytes, inFlight } = { ...defaults, ...options };
  let offset = 0;
  let pending = 0;
  // The first failure; a cast, because it is set in callbacks the narrowing cannot see.
  let failure = null as Error | null;
  let gone = false;
  // Resolved when a request settles or the connection ends, for a writer waiting for a free slot
  // or for the last status.
  let settled: (() => void) | null = null;
  const wake = () => {
    const waiting = settled;
    settled = null;
    waiting?.();
  };
  const waitForSettle = () => new Promise<void>((resolve) => (settled = resolve));
  let endRequest: ((error: Error) => void) | null = null;
  const onGone = () => {
    gone = true;
    failure ??= new Error('The connection closed before the file was written.');
    wake();
    endRequest?.(failure);
  };
  sftp.once('end', onGone).once('close', onGone);
  // One request (open, close) at a time, failed when the connection ends before its answer.
  const request = <T>(run: (done: (error: Error | undefined | null, value?: T) => void) => void) =>
    new Promise<T>((resolve, reject) => {
      if (gone) return reject(failure!);
      endRequest = reject;
      run((error, value) => (error ? reject(error) : resolve(value as T)));
    }).finally(() => (endRequest = null));

  const send = async (handle: Buffer, chunk: Buffer) => {
    while (pending >= inFlight && failure === null) await waitForSettle();
    if (failure) throw failure;
    pending += 1;
    try {
      sftp.write(handle, chunk, 0, chunk.length, offset, (error) => {
        pending -= 1;
        if (error) failure ??= error;
        wake();
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
      while (pending > 0 && !gone) await waitForSettle();
      if (failure) throw failure;
    } catch (error) {
      // What is in flight settles before the handle goes, so no status arrives for a closed file.
      while (pending > 0 && !gone) await waitForSettle();
      await request((done) => sftp.close(handle, done)).catch(() => undefined);
      throw error;
    }
    // A server may report a failed write only at close (a full disk on a buffered file system).
    await request((done) => sftp.close(handle, done));
    return offset;
  } finally {
    sftp.off('end', onGone).off('close', onGone);
  }
}
