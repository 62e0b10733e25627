// A batch's file: the agency's documents of a sequence range in a format, produced page by page so
// a batch of any size costs one page of memory. The same range always gives the same bytes
// (documents never change), which is what lets a batch be fixed by its checksum before it is sent
// and sent again, identically, after a crash.
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { listAccountingDocuments } from '../../db/accounting-documents.repository.js';
import type { Db } from '../../db/database.js';
import { csvHeader, csvLine, jsonLine, type FeedFormat } from '../accounting/accounting-formats.js';

export interface BatchRange {
  agencyId: string;
  first: number;
  last: number;
}

const pageSize = 2_000;

/**
 * The file's text, a page of documents at a time. The numbers are gapless, so each page's range is
 * known before it is read: the next page is already being read while this one is written out.
 */
export async function* batchChunks(db: Db, range: BatchRange, format: FeedFormat): AsyncGenerator<Buffer> {
  if (format === 'csv') yield Buffer.from(csvHeader, 'utf8');
  const line = format === 'csv' ? csvLine : jsonLine;
  const page = (after: number) =>
    after >= range.last
      ? Promise.resolve([])
      : listAccountingDocuments(
          db,
          { agencyId: range.agencyId, afterSequence: after, throughSequence: Math.min(range.last, after + pageSize) },
          pageSize,
        );
  let after = range.first - 1;
  let next = page(after);
  while (after < range.last) {
    const rows = await next;
    if (rows.length === 0) break;
    after = Number(rows.at(-1)!.sequence);
    next = page(after);
    let text = '';
    for (const r of rows) text += line(r);
    yield Buffer.from(text, 'utf8');
  }
  // A consumer that stops early leaves no read behind unawaited.
  await next.catch(() => undefined);
}

/** The file's size and SHA-256 (hex), read through once without keeping it. */
export async function measureBatch(db: Db, range: BatchRange, format: FeedFormat) {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of batchChunks(db, range, format)) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, checksum: hash.digest('hex') };
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
  );
  return { stream, result: () => ({ bytes, checksum: hash.digest('hex') }) };
}

/** `contrail-<agency>-<first>-<last>.<ext>`: the agency and the range, zero-padded so names sort. */
export function batchFileName(range: BatchRange, format: FeedFormat): string {
  const pad = (n: number) => String(n).padStart(10, '0');
  return `contrail-${range.agencyId}-${pad(range.first)}-${pad(range.last)}.${format === 'csv' ? 'csv' : 'jsonl'}`;
}
