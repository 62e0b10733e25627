// Writes the airline message log without slowing the calls it logs, through the write-behind the
// request log uses (buffered-batches.ts: no I/O on the call path, the exchange written as a row of
// COPY data off the JS heap as it is recorded, PostgreSQL away never fails a call, a bounded
// buffer). Nothing unredacted is stored: bodies pass redactAirlineMessage as they are recorded, and
// a body past `maxBodyChars` is cut after redacting (its full size is recorded).
import {
  copyAirlineMessageRow,
  copyAirlineMessages,
  type AirlineMessageRow,
} from '../../db/airline-messages.repository.js';
import type { Db } from '../../db/database.js';
import { redactAirlineMessage } from '../../log-redaction.js';
import type { AirlineExchange, AirlineExchangeSink } from '../../providers/airline-exchange-log.js';
import { createBufferedBatches, type BufferedBatches } from '../buffered-batches.js';
import { newId } from '../ids.js';

export type AirlineMessageRecorder = AirlineExchangeSink & Omit<BufferedBatches<AirlineExchange>, 'record'>;

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
  maxBufferedBytes?: number;
  onError?: (error: unknown) => void;
}): AirlineMessageRecorder {
  return createBufferedBatches<AirlineExchange>({
    encode: (data, exchange) => copyAirlineMessageRow(data, toRow(exchange)),
    at: (exchange) => exchange.at,
    write: (batch) => copyAirlineMessages(deps.db, batch.data),
    flushMs: deps.flushMs,
    maxBuffered: deps.maxBuffered,
    maxBufferedBytes: deps.maxBufferedBytes,
    batchRows: deps.batchRows ?? 200,
    onError: deps.onError,
  });
}
