// Writes the request log without slowing the requests it logs, through the shared write-behind
// (buffered-batches.ts: the request path only writes the call, redacted, as a row of COPY data into
// a bounded buffer off the JS heap, no I/O; PostgreSQL away never fails a request; a failed batch is
// retried with backoff). Here:
// - Each call is redacted as it is recorded, and each batch written with one COPY. An answer's text
//   is parsed and walked only when it shows something to redact (log-redaction.ts redactLoggedJson).
// - A day without its partition yet (the worker makes them ahead; a clock moved by a test or a
//   process started at midnight may beat it) is made here and the batch written again.
// - close() (SIGTERM: after the server has finished its requests, before the database closes)
//   writes what is left, batch by batch, and gives up on the rest if PostgreSQL is away: the log
//   loses at most what was buffered, and shutdown is never held past its own timeout.
import type { Db } from '../../db/database.js';
import {
  copyRequestLogRow,
  copyRequestLogs,
  ensureRequestLogDays,
  type NewRequestLog,
} from '../../db/request-logs.repository.js';
import { redactLoggedBody, redactLoggedJson } from '../../log-redaction.js';
import { createBufferedBatches, type BufferedBatches, type RowBatch } from '../buffered-batches.js';

/** A finished call as the HTTP layer hands it over: bodies raw, redacted when recorded. */
export interface LoggedCall extends Omit<
  NewRequestLog,
  'request_body' | 'request_body_truncated' | 'response_body' | 'response_body_truncated'
> {
  /** The parsed request body (undefined: none). */
  requestBody: unknown;
  /** The answer's text when it was JSON (null: none, or not JSON). */
  responseText: string | null;
}

/** How much of a body is kept, after redaction. */
export const bodyLimitChars = 16 * 1024;
/** A JSON answer longer than this is not parsed to be redacted: only its size is kept. */
const parseLimitChars = 512 * 1024;

export type RequestLogRecorder = BufferedBatches<LoggedCall>;

export function createRequestLogRecorder(deps: {
  db: Db;
  flushMs: number;
  maxBuffered: number;
  batchRows?: number;
  maxBufferedBytes?: number;
  onError?: (error: unknown) => void;
}): RequestLogRecorder {
  async function writeBatch(batch: RowBatch): Promise<void> {
    try {
      await copyRequestLogs(deps.db, batch.data);
    } catch (error) {
      if ((error as { code?: string }).code !== '23514') throw error;
      for (const day of batch.days) await ensureRequestLogDays(deps.db, new Date(day * 86_400_000), 1);
      await copyRequestLogs(deps.db, batch.data);
    }
  }

  return createBufferedBatches<LoggedCall>({
    encode: (data, call) => copyRequestLogRow(data, toRow(call)),
    at: (call) => call.created_at,
    write: writeBatch,
    flushMs: deps.flushMs,
    maxBuffered: deps.maxBuffered,
    maxBufferedBytes: deps.maxBufferedBytes,
    batchRows: deps.batchRows ?? 1_000,
    onError: deps.onError,
  });
}

/** Field by field rather than by spreading: a batch makes thousands of these. */
function toRow(call: LoggedCall): NewRequestLog {
  const request = call.requestBody === undefined ? null : redactLoggedBody(call.requestBody, bodyLimitChars);
  const response = responseBody(call.responseText);
  return {
    request_id: call.request_id,
    created_at: call.created_at,
    agency_id: call.agency_id,
    account_id: call.account_id,
    credential: call.credential,
    token_id: call.token_id,
    mode: call.mode,
    source: call.source,
    method: call.method,
    route: call.route,
    path: call.path,
    status: call.status,
    duration_ms: call.duration_ms,
    idempotency_key: call.idempotency_key,
    replayed: call.replayed,
    headers: call.headers,
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
  return redactLoggedJson(text, bodyLimitChars);
}
