// Writes the request log without slowing the requests it logs. Invariants:
// - The request path only appends to an in-memory buffer: no I/O, no redaction, no JSON. A timer
//   (every `flushMs`, or at once when `batchRows` are waiting) redacts a batch and writes it with
//   one INSERT of arrays.
// - PostgreSQL being away (a restart, a failover) never fails a request: a failed batch goes back
//   to the front of the buffer and the next flush waits twice as long (up to 5 s); the buffer is
//   bounded by `maxBuffered` calls, and past it new calls are counted as dropped, not kept, so a
//   long outage costs log rows, never the API's memory.
// - A day without its partition yet (the worker makes them ahead; a clock moved by a test or a
//   process started at midnight may beat it) is made here and the batch written again.
// - close() (SIGTERM: after the server has finished its requests, before the database closes)
//   writes what is left, batch by batch, and gives up on the rest if PostgreSQL is away: the log
//   loses at most what was buffered, and shutdown is never held past its own timeout.
import type { Db } from '../../db/database.js';
import { ensureRequestLogDays, insertRequestLogs, type NewRequestLog } from '../../db/request-logs.repository.js';
import { redactLoggedBody } from '../../log-redaction.js';

/** A finished call as the HTTP layer hands it over: bodies raw, redacted only when written. */
export interface LoggedCall extends Omit<
  NewRequestLog,
  'headers' | 'request_body' | 'request_body_truncated' | 'response_body' | 'response_body_truncated'
> {
  headers: Record<string, string>;
  /** The parsed request body (undefined: none). */
  requestBody: unknown;
  /** The answer's text when it was JSON (null: none, or not JSON). */
  responseText: string | null;
}

/** How much of a body is kept, after redaction. */
export const bodyLimitChars = 16 * 1024;
/** A JSON answer longer than this is not parsed to be redacted: only its size is kept. */
const parseLimitChars = 512 * 1024;

export interface RequestLogRecorder {
  record(call: LoggedCall): void;
  /** Writes what is buffered now (tests, and close). */
  flush(): Promise<void>;
  close(): Promise<void>;
  stats(): { buffered: number; dropped: number; written: number };
}

export function createRequestLogRecorder(deps: {
  db: Db;
  flushMs: number;
  maxBuffered: number;
  batchRows?: number;
  onError?: (error: unknown) => void;
}): RequestLogRecorder {
  const batchRows = deps.batchRows ?? 1_000;
  let buffer: LoggedCall[] = [];
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

  async function writeBatch(batch: LoggedCall[]): Promise<void> {
    const rows = batch.map(toRow);
    try {
      await insertRequestLogs(deps.db, rows);
    } catch (error) {
      if ((error as { code?: string }).code !== '23514') throw error;
      const days = new Set(rows.map((r) => Math.floor(r.created_at.getTime() / 86_400_000)));
      for (const day of days) await ensureRequestLogDays(deps.db, new Date(day * 86_400_000), 1);
      await insertRequestLogs(deps.db, rows);
    }
    written += rows.length;
  }

  async function drain(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchRows);
      buffer = buffer.slice(batch.length);
      try {
        await writeBatch(batch);
        failures = 0;
      } catch (error) {
        // Back to the front, in order, within the bound: the oldest calls are the ones kept.
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
    record(call) {
      if (closed) return;
      if (buffer.length >= deps.maxBuffered) {
        dropped++;
        return;
      }
      buffer.push(call);
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

function toRow(call: LoggedCall): NewRequestLog {
  const { headers, requestBody, responseText, ...rest } = call;
  const request = requestBody === undefined ? null : redactLoggedBody(requestBody, bodyLimitChars);
  const response = responseBody(responseText);
  return {
    ...rest,
    headers: JSON.stringify(headers),
    request_body: request?.text ?? null,
    request_body_truncated: request?.truncated ?? false,
    response_body: response?.text ?? null,
    response_body_truncated: response?.truncated ?? false,
  };
}

function responseBody(text: string | null): { text: string; truncated: boolean } | null {
  if (text === null || text === '') return null;
  if (text.length > parseLimitChars) {
    return { text: JSON.stringify({ omitted: `${text.length} characters of JSON` }), truncated: true };
  }
  try {
    return redactLoggedBody(JSON.parse(text) as unknown, bodyLimitChars);
  } catch {
    return null;
  }
}
