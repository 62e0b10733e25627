// A batch's file: the agency's documents of a sequence range in a format, produced page by page so
// a batch of any size costs two pages of text. The same range always gives the same bytes
// (documents never change), which is what lets a batch be fixed by its checksum before it is sent
// and sent again, identically, after a crash.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eachAccountingDocument } from '../../db/accounting-documents.repository.js';
import type { Db } from '../../db/database.js';
import { csvHeader, csvLine, jsonLine, type FeedFormat } from '../accounting/accounting-formats.js';

export interface BatchRange {
  agencyId: string;
  first: number;
  last: number;
}

const pageSize = 2_000;

/**
 * The file's text, a page of documents at a time. Each row becomes its line as it arrives from
 * PostgreSQL (rows are never collected: see `eachAccountingDocument`), so a page costs its text,
 * not its row objects. The numbers are gapless, so each page's range is known before it is read:
 * the next page is already being read while this one is written out.
 */
export async function* batchChunks(db: Db, range: BatchRange, format: FeedFormat): AsyncGenerator<Buffer> {
  if (format === 'csv') yield Buffer.from(csvHeader, 'utf8');
  const line = format === 'csv' ? csvLine : jsonLine;
  const page = async (after: number) => {
    if (after >= range.last) return null;
    let text = '';
    let last = after;
    const through = Math.min(range.last, after + pageSize);
    const count = await eachAccountingDocument(
      db,
      { agencyId: range.agencyId, afterSequence: after, throughSequence: through },
      pageSize,
      (r) => {
        text += line(r);
        last = Number(r.sequence);
      },
    );
    return count === 0 ? null : { last, chunk: Buffer.from(text, 'utf8') };
  };
  // A read that fails while its chunk waits for the consumer is not an unhandled rejection: the
  // consumer meets its error at the next step.
  const ahead = (after: number) => {
    const read = page(after);
    read.catch(() => undefined);
    return read;
  };
  let next = ahead(range.first - 1);
  try {
    for (;;) {
      const current = await next;
      if (!current) break;
      next = ahead(current.last);
      yield current.chunk;
    }
  } finally {
    // A consumer that stops early leaves no read behind unawaited.
    await next.catch(() => undefined);
  }
}

/**
 * The pages as a byte stream that holds at most one page ahead of its reader. (Readable.from's own
 * default, an object stream of 16, would let 16 pages pile up before a slow writer.)
 */
const byteStream = { objectMode: false, highWaterMark: 1 << 16 };

/**
 * Where the worker that fixed a batch keeps its bytes until they are sent, so the send is a copy
 * rather than a second read of the documents. Only a shortcut: a worker without the file (another
 * machine, a restart that lost it) rebuilds the same bytes from the range.
 */
const spoolDir = join(tmpdir(), 'contrail-back-office');
export const spoolPathOf = (deliveryId: string) => join(spoolDir, deliveryId);

/** Writes the file to the spool while measuring it: its size and SHA-256 (hex). */
export async function spoolBatch(db: Db, range: BatchRange, format: FeedFormat, path: string) {
  mkdirSync(spoolDir, { recursive: true });
  const hash = createHash('sha256');
  let bytes = 0;
  const hashing = async function* () {
    for await (const chunk of batchChunks(db, range, format)) {
      hash.update(chunk);
      bytes += chunk.length;
      yield chunk;
    }
  };
  await pipeline(Readable.from(hashing(), byteStream), createWriteStream(path));
  return { bytes, checksum: hash.digest('hex') };
}

export function dropSpool(path: string): void {
  rmSync(path, { force: true });
}

/** The spooled file as a hashing stream, when it is there whole; else undefined. */
export function spooledStream(path: string, bytes: number) {
  try {
    if (statSync(path).size !== bytes) return undefined;
  } catch {
    return undefined;
  }
  const hash = createHash('sha256');
  let seen = 0;
  const stream = createReadStream(path, { highWaterMark: 1 << 20 }).pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        seen += chunk.length;
        done(null, chunk);
      },
    }),
  );
  return { stream, result: () => ({ bytes: seen, checksum: hash.digest('hex') }) };
}

/**
 * The file as a stream that hashes what it hands out; `verify()` after the last byte says whether
 * the bytes were the batch's fixed ones.
 */
export function batchStream(db: Db, range: BatchRange, format: FeedFormat) {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = Readable.from(
    (async function* () {
      for await (const chunk of batchChunks(db, range, format)) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    })(),
    byteStream,
  );
  return { stream, result: () => ({ bytes, checksum: hash.digest('hex') }) };
}

/** `contrail-<agency>-<first>-<last>.<ext>`: the agency and the range, zero-padded so names sort. */
export function batchFileName(range: BatchRange, format: FeedFormat): string {
  const pad = (n: number) => String(n).padStart(10, '0');
  return `contrail-${range.agencyId}-${pad(range.first)}-${pad(range.last)}.${format === 'csv' ? 'csv' : 'jsonl'}`;
}
