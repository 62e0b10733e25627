// Writes the airline message log without slowing the calls it logs (the request log's recorder is
// the model). Invariants:
// - record() only appends to an in-memory buffer: no I/O, no redaction. A timer (every `flushMs`,
//   or at once when `batchRows` wait) redacts a batch and writes it in one INSERT of arrays.
// - Nothing unredacted is stored: bodies pass redactAirlineMessage before the INSERT, and a body
//   past `maxBodyChars` is cut after redacting (its full size is still recorded).
// - PostgreSQL away never fails a call: a failed batch goes back to the front, the buffer is
//   bounded by `maxBuffered`, and past it exchanges are counted as dropped.
import { insertAirlineMessages, type AirlineMessageRow } from '../../db/airline-messages.repository.js';
import type { Db } from '../../db/database.js';
import { redactAirlineMessage } from '../../log-redaction.js';
import type { AirlineExchange, AirlineExchangeSink } from '../../providers/airline-exchange-log.js';
import { newId } from '../ids.js';

export interface AirlineMessageRecorder extends AirlineExchangeSink {
  flush(): Promise<void>;
  close(): Promise<void>;
  stats(): { buffered: number; dropped: number; written: number };
}

export const maxBodyChars = 4 * 1024 * 1024;

function toRow(e: AirlineExchange): AirlineMessageRow {
  const cut = (text: string) => (text.length > maxBodyChars ? text.slice(0, maxBodyChars) : text);
  return {
    id: newId('amsg'),
    at: e.at,
    channel_id: e.channelId,
    carrier: e.carrier,
    message: e.message,
    direction: e.direction,
    booking_id: e.bookingId,
    format: e.format,
    url: e.url,
    status: e.status,
    duration_ms: e.durationMs,
    request_bytes: Buffer.byteLength(e.request),
    response_bytes: e.response === null ? 0 : Buffer.byteLength(e.response),
    request_body: cut(redactAirlineMessage(e.request, e.format)),
    response_body: e.response === null ? null : cut(redactAirlineMessage(e.response, e.format)),
    error: e.error,
  };
}

export function createAirlineMessageRecorder(deps: {
  db: Db;
  flushMs: number;
  maxBuffered: number;
  batchRows?: number;
  onError?: (error: unknown) => void;
}): AirlineMessageRecorder {
  const batchRows = deps.batchRows ?? 200;
  let buffer: AirlineExchange[] = [];
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
        await insertAirlineMessages(deps.db, batch.map(toRow));
        written += batch.length;
        failures = 0;
      } catch (error) {
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
    record(exchange) {
      if (closed) return;
      if (buffer.length >= deps.maxBuffered) {
        dropped++;
        return;
      }
      buffer.push(exchange);
      if (buffer.length >= batchRows && failures === 0 && !running) {
        clearTimeout(timer);
        timer = undefined;
        void flush();
      } else schedule(deps.flushMs);
    },
    flush,
    async close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
      await drain().catch(() => undefined);
    },
    stats: () => ({ buffered: buffer.length, dropped, written }),
  };
}
