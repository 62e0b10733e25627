// The write-behind the request log and the airline message log share: what they record never waits
// on PostgreSQL, and nothing of it stays on the JS heap. Invariants:
// - record() redacts the item and writes it as a row into the log's binary COPY data (`encode`),
//   off the heap: no I/O, and no object of the call kept past it to be copied by the young
//   collections and promoted. A timer (every `flushMs`, or at once when `batchRows` wait) hands
//   the rows to `write`, which sends them in one COPY.
// - Two buffers take turns, each reused: the one recorded into, and the one being sent. The one
//   being sent is never written into while a COPY may still be reading it: it is reset only once
//   its COPY has succeeded.
// - PostgreSQL being away never fails the caller: a failed batch stays as it is and is sent again
//   first, before what was recorded since, and the next flush waits twice as long (up to 5 s). The
//   rows waiting are bounded by `maxBuffered` and by `maxBufferedBytes`; past either, new items
//   are counted as dropped, so a long outage costs log rows, never the process's memory. An item
//   whose encoding throws is counted as dropped too: the caller never hears of it.
// - close() writes what is left, batch by batch, and gives up on the rest if PostgreSQL is away:
//   shutdown is never held past its own timeout.
import { CopyBinaryWriter } from '../db/copy-binary.js';

/** Rows handed to `write`: their COPY data, and the UTC days (since the epoch) of their items. */
export interface RowBatch {
  readonly data: CopyBinaryWriter;
  readonly days: ReadonlySet<number>;
}

export interface BufferedBatches<T> {
  record(item: T): void;
  /** Writes what is buffered now (tests, and close). */
  flush(): Promise<void>;
  close(): Promise<void>;
  stats(): { buffered: number; bufferedBytes: number; dropped: number; written: number };
}

interface Batch extends RowBatch {
  readonly days: Set<number>;
}

export function createBufferedBatches<T>(deps: {
  /** Writes the item as one row (redacted) into `data`. */
  encode: (data: CopyBinaryWriter, item: T) => void;
  /** The instant the item happened, for its batch's days. */
  at: (item: T) => Date;
  write: (batch: RowBatch) => Promise<void>;
  flushMs: number;
  maxBuffered: number;
  /** Bytes of COPY data that may wait (default 64 MB). */
  maxBufferedBytes?: number;
  batchRows: number;
  /** What a batch's rows are expected to take, for its buffer's first size (default 1 MB). */
  batchBytesHint?: number;
  onError?: (error: unknown) => void;
}): BufferedBatches<T> {
  const { batchRows, maxBufferedBytes = 64 * 1024 * 1024, batchBytesHint = 1024 * 1024 } = deps;
  const newBatch = (): Batch => ({ data: new CopyBinaryWriter(batchBytesHint), days: new Set() });
  let recording = newBatch();
  /** The batch handed to `write`: being sent, or failed and waiting to be sent again. */
  let sending: Batch | null = null;
  let spare: Batch | null = null;
  let dropped = 0;
  let written = 0;
  let failures = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const buffered = () => recording.data.rows + (sending?.data.rows ?? 0);
  const bufferedBytes = () => recording.data.bytes + (sending?.data.bytes ?? 0);

  const schedule = (delayMs: number) => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delayMs);
    timer.unref();
  };

  async function drain(): Promise<void> {
    for (;;) {
      if (sending === null) {
        if (recording.data.rows === 0) return;
        sending = recording;
        recording = spare ?? newBatch();
        spare = null;
      }
      try {
        await deps.write(sending);
      } catch (error) {
        // Kept as it is, to be sent again before anything recorded since: the log stays in order.
        failures++;
        deps.onError?.(error);
        throw error;
      }
      written += sending.data.rows;
      failures = 0;
      // PostgreSQL has taken all of it: no COPY reads it any more.
      sending.data.reset();
      sending.days.clear();
      spare = sending;
      sending = null;
    }
  }

  function flush(): Promise<void> {
    running ??= drain()
      .catch(() => schedule(Math.min(5_000, deps.flushMs * 2 ** failures)))
      .finally(() => {
        running = undefined;
        if (buffered() > 0 && failures === 0) schedule(deps.flushMs);
      });
    return running;
  }

  return {
    record(item) {
      if (closed) return;
      if (buffered() >= deps.maxBuffered) {
        dropped++;
        return;
      }
      const { data, days } = recording;
      const rowsBefore = data.rows;
      try {
        deps.encode(data, item);
      } catch (error) {
        // Only a row this item started is taken back: its encoding may throw before it starts one.
        if (data.rows > rowsBefore) data.dropRow();
        dropped++;
        deps.onError?.(error);
        return;
      }
      // The byte bound is known only once the row is written: past it, the row is taken back.
      if (bufferedBytes() > maxBufferedBytes) {
        data.dropRow();
        dropped++;
        return;
      }
      days.add(Math.floor(deps.at(item).getTime() / 86_400_000));
      if (data.rows >= batchRows && failures === 0 && !running) {
        clearTimeout(timer);
        timer = undefined;
        void flush();
      } else schedule(deps.flushMs);
    },
    flush: () => flush(),
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      failures = 0;
      await drain().catch(() => undefined);
    },
    stats: () => ({ buffered: buffered(), bufferedBytes: bufferedBytes(), dropped, written }),
  };
}
