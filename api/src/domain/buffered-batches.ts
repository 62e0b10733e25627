// The write-behind the request log and the airline message log share: what they record never waits
// on PostgreSQL. Invariants:
// - record() only appends to an in-memory buffer: no I/O. A timer (every `flushMs`, or at once when
//   `batchRows` wait) hands a batch to `write`, which redacts it and stores it in one statement.
// - PostgreSQL being away never fails the caller: a failed batch goes back to the front of the
//   buffer, in order, and the next flush waits twice as long (up to 5 s); the buffer is bounded by
//   `maxBuffered`, and past it new items are counted as dropped, so a long outage costs log rows,
//   never the process's memory.
// - close() writes what is left, batch by batch, and gives up on the rest if PostgreSQL is away:
//   shutdown is never held past its own timeout.
export interface BufferedBatches<T> {
  record(item: T): void;
  /** Writes what is buffered now (tests, and close). */
  flush(): Promise<void>;
  close(): Promise<void>;
  stats(): { buffered: number; dropped: number; written: number };
}

export function createBufferedBatches<T>(deps: {
  write: (batch: T[]) => Promise<void>;
  flushMs: number;
  maxBuffered: number;
  batchRows: number;
  onError?: (error: unknown) => void;
}): BufferedBatches<T> {
  const { batchRows } = deps;
  let buffer: T[] = [];
  let dropped = 0;
  let written = 0;
  let failures = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = (delayMs: number) => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, delayMs);
    timer.unref();
  };

  async function drain(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchRows);
      buffer = buffer.slice(batch.length);
      try {
        await deps.write(batch);
        written += batch.length;
        failures = 0;
      } catch (error) {
        // Back to the front, in order, within the bound: the oldest items are the ones kept.
        buffer = batch.concat(buffer).slice(0, deps.maxBuffered);
        failures++;
        deps.onError?.(error);
        throw error;
      }
    }
  }

  function flush(): Promise<void> {
    running ??= drain()
      .catch(() => schedule(Math.min(5_000, deps.flushMs * 2 ** failures)))
      .finally(() => {
        running = undefined;
        if (buffer.length > 0 && failures === 0) schedule(deps.flushMs);
      });
    return running;
  }

  return {
    record(item) {
      if (closed) return;
      if (buffer.length >= deps.maxBuffered) {
        dropped++;
        return;
      }
      buffer.push(item);
      if (buffer.length >= batchRows && failures === 0 && !running) {
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
    stats: () => ({ buffered: buffer.length, dropped, written }),
  };
}
