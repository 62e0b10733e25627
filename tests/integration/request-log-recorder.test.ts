// The request log's writer when PostgreSQL cannot take the rows: nothing is thrown at the caller,
// the calls wait in the buffer, bounded in calls and in bytes (the oldest kept, the newest beyond
// the bound counted as dropped), and once writes work again the next flush writes every waiting
// call, in order, once: a failed batch before the calls recorded after it.
// close() with the database unreachable returns instead of hanging the shutdown. Every field comes
// back as it was given, whatever characters it holds (NUL left out), batch after batch whatever
// their sizes, and a batch whose day has no partition yet is written once the recorder has made
// the day.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../api/src/db/database.js';
import { createRequestLogRecorder, type LoggedCall } from '../../api/src/domain/request-log/request-log-recorder.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { closedPort } from '../support/services.js';

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Db;
let admin: pg.Client;
beforeAll(async () => {
  scratch = await createScratchDatabase('request_log_writer');
  db = createDb(scratch.url, 2);
  admin = new pg.Client({ connectionString: scratch.url });
  await admin.connect();
}, 60_000);
afterAll(async () => {
  await admin?.end();
  await db?.destroy();
  await scratch?.drop();
});

const call = (i: number): LoggedCall => ({
  request_id: `req_writer_${i}`,
  created_at: new Date(Date.now() + i),
  agency_id: null,
  account_id: 'acc_writer',
  credential: 'token',
  token_id: null,
  mode: 'test',
  source: 'api',
  method: 'POST',
  route: '/api/v1/credit_cards',
  path: '/api/v1/credit_cards',
  status: 400,
  duration_ms: 1.5,
  idempotency_key: null,
  replayed: false,
  headers: {},
  requestBody: { number: '4111111111111111', password: 'p' },
  responseText: '{"ok":true}',
});

describe('the request log writer', () => {
  it('keeps calls while writes fail and writes each once when they work again', async () => {
    const errors: unknown[] = [];
    const recorder = createRequestLogRecorder({ db, flushMs: 10, maxBuffered: 50, onError: (e) => errors.push(e) });
    // Writes fail as they would with the table out of reach.
    await admin.query('ALTER TABLE request_logs RENAME TO request_logs_away');
    for (let i = 0; i < 60; i++) recorder.record(call(i));
    await recorder.flush();
    expect(errors.length).toBeGreaterThan(0);
    expect(recorder.stats()).toMatchObject({ buffered: 50, dropped: 10, written: 0 });

    await admin.query('ALTER TABLE request_logs_away RENAME TO request_logs');
    await expect.poll(() => recorder.stats().written, { timeout: 10_000 }).toBe(50);
    const { rows } = await admin.query<{ request_id: string; request_body: string }>(
      `SELECT request_id, request_body FROM request_logs WHERE account_id = 'acc_writer' ORDER BY created_at`,
    );
    expect(rows.map((r) => r.request_id)).toEqual(Array.from({ length: 50 }, (_, i) => `req_writer_${i}`));
    expect(rows[0]!.request_body).toBe('{"number":"[redacted]","password":"[redacted]"}');
    await recorder.close();
  });

  it('sends a failed batch again before what was recorded after it, each call once', async () => {
    const errors: unknown[] = [];
    const recorder = createRequestLogRecorder({ db, flushMs: 10, maxBuffered: 100, onError: (e) => errors.push(e) });
    const named = (i: number) => ({ ...call(i), request_id: `req_retry_${i}`, account_id: 'acc_retry' });
    await admin.query('ALTER TABLE request_logs RENAME TO request_logs_away');
    for (let i = 0; i < 5; i++) recorder.record(named(i));
    await recorder.flush();
    expect(errors.length).toBeGreaterThan(0);
    // Recorded while the failed batch waits to be sent again: they go after it.
    for (let i = 5; i < 12; i++) recorder.record(named(i));
    expect(recorder.stats()).toMatchObject({ buffered: 12, dropped: 0, written: 0 });

    await admin.query('ALTER TABLE request_logs_away RENAME TO request_logs');
    await expect.poll(() => recorder.stats().written, { timeout: 10_000 }).toBe(12);
    const { rows } = await admin.query<{ request_id: string }>(
      `SELECT request_id FROM request_logs WHERE account_id = 'acc_retry' ORDER BY seq`,
    );
    expect(rows.map((r) => r.request_id)).toEqual(Array.from({ length: 12 }, (_, i) => `req_retry_${i}`));
    expect(recorder.stats()).toMatchObject({ buffered: 0, bufferedBytes: 0 });
    await recorder.close();
  });

  it('bounds what waits in bytes too, dropping the newest calls past the bound', async () => {
    const away = createDb(`postgres://postgres@127.0.0.1:${await closedPort()}/nowhere`, 1, 500);
    // Each call's answer is about 10 KB: 20 calls would take about 200 KB.
    const big = { ...call(0), responseText: JSON.stringify({ note: 'x'.repeat(10_000) }) };
    const recorder = createRequestLogRecorder({
      db: away,
      flushMs: 10,
      maxBuffered: 1_000,
      maxBufferedBytes: 64 * 1024,
    });
    for (let i = 0; i < 20; i++) expect(() => recorder.record({ ...big, request_id: `req_big_${i}` })).not.toThrow();
    const { buffered, bufferedBytes, dropped } = recorder.stats();
    expect(buffered).toBe(6);
    expect(dropped).toBe(14);
    expect(bufferedBytes).toBeLessThanOrEqual(64 * 1024);
    // A small call still fits under the bound.
    recorder.record(call(1));
    expect(recorder.stats()).toMatchObject({ buffered: 7, dropped: 14 });
    await recorder.close();
    await away.destroy();
  });

  it('writes every field as given, whatever characters it holds, and makes a missing day', async () => {
    const errors: unknown[] = [];
    const recorder = createRequestLogRecorder({ db, flushMs: 10, maxBuffered: 50, onError: (e) => errors.push(e) });
    const awkward = 'tab\there, line\nbreak, return\r, back\\slash \\N, nul\u0000, quote " é 🛫';
    const kept = awkward.replace('\u0000', '');
    // A day no partition holds yet (the recorder makes it) beside one that exists.
    const farDay = new Date(Date.UTC(2031, 0, 15, 12, 30, 0, 123));
    const odd: LoggedCall = {
      ...call(0),
      request_id: 'req_writer_odd',
      created_at: farDay,
      agency_id: null,
      token_id: null,
      mode: null,
      route: null,
      path: `/api/v1/bookings?q=${awkward}`,
      duration_ms: 12.25,
      idempotency_key: awkward,
      replayed: true,
      // HTTP carries no NUL in a header (and jsonb could not hold one).
      headers: { 'user-agent': kept },
      requestBody: { note: awkward },
      responseText: JSON.stringify({ note: awkward }),
    };
    const plain: LoggedCall = {
      ...call(1),
      request_id: 'req_writer_plain',
      requestBody: undefined,
      responseText: null,
    };
    recorder.record(odd);
    recorder.record(plain);
    await recorder.flush();
    expect(errors).toEqual([]);
    expect(recorder.stats()).toMatchObject({ buffered: 0, written: 2 });
    const { rows } = await admin.query(
      `SELECT request_id, created_at, agency_id, token_id, mode, route, path, duration_ms, idempotency_key, replayed,
              headers, request_body, request_body_truncated, response_body, response_body_truncated
         FROM request_logs WHERE request_id IN ('req_writer_odd', 'req_writer_plain') ORDER BY request_id`,
    );
    expect(rows).toEqual([
      {
        request_id: 'req_writer_odd',
        created_at: farDay,
        agency_id: null,
        token_id: null,
        mode: null,
        route: null,
        path: `/api/v1/bookings?q=${kept}`,
        duration_ms: 12.25,
        idempotency_key: kept,
        replayed: true,
        headers: { 'user-agent': kept },
        request_body: JSON.stringify({ note: awkward }),
        request_body_truncated: false,
        response_body: JSON.stringify({ note: awkward }),
        response_body_truncated: false,
      },
      {
        request_id: 'req_writer_plain',
        created_at: plain.created_at,
        agency_id: null,
        token_id: null,
        mode: 'test',
        route: '/api/v1/credit_cards',
        path: '/api/v1/credit_cards',
        duration_ms: 1.5,
        idempotency_key: null,
        replayed: false,
        headers: {},
        request_body: null,
        request_body_truncated: false,
        response_body: null,
        response_body_truncated: false,
      },
    ]);
    await recorder.close();
  });

  it('writes batch after batch whole, a large one past its first buffer and a small one after it', async () => {
    const recorder = createRequestLogRecorder({ db, flushMs: 10, maxBuffered: 1_000, batchRows: 150 });
    // Answers of 2 to 16 KB: 150 of them outgrow the batch's first buffer; the 30 after reuse it.
    const answer = (i: number) => JSON.stringify({ i, note: `é${'x'.repeat(((i * 7919) % 14_000) + 2_000)}` });
    const calls = Array.from({ length: 180 }, (_, i) => ({
      ...call(i),
      request_id: `req_batches_${i}`,
      status: 200 + (i % 300),
      duration_ms: i / 4,
      replayed: i % 2 === 0,
      requestBody: undefined,
      responseText: answer(i),
    }));
    for (const c of calls) recorder.record(c);
    await recorder.flush();
    expect(recorder.stats()).toMatchObject({ buffered: 0, written: 180 });
    const { rows } = await admin.query<{
      request_id: string;
      created_at: Date;
      status: number;
      duration_ms: number;
      replayed: boolean;
      response_body: string;
    }>(
      `SELECT request_id, created_at, status, duration_ms, replayed, response_body
         FROM request_logs WHERE request_id LIKE 'req_batches_%' ORDER BY created_at`,
    );
    expect(rows).toEqual(
      calls.map((c) => ({
        request_id: c.request_id,
        created_at: c.created_at,
        status: c.status,
        duration_ms: c.duration_ms,
        replayed: c.replayed,
        response_body: c.responseText,
      })),
    );
    await recorder.close();
  });

  it('stores bodies past the compression threshold with lz4, in a day made before the write and one made by it', async () => {
    const { rows: lz4 } = await admin.query<{ on: boolean }>(
      `SELECT 'lz4' = ANY (enumvals) AS on FROM pg_settings WHERE name = 'default_toast_compression'`,
    );
    const recorder = createRequestLogRecorder({ db, flushMs: 10, maxBuffered: 10 });
    // A body of 4 KB that compresses (PostgreSQL compresses past about 2 KB), today and in a day
    // no partition holds yet.
    const answer = JSON.stringify({
      offers: Array.from({ length: 200 }, (_, i) => ({ id: `off_${i}`, price: i * 7 })),
    });
    const farDay = new Date(Date.UTC(2032, 5, 1, 8));
    recorder.record({ ...call(0), request_id: 'req_lz4_today', requestBody: undefined, responseText: answer });
    recorder.record({
      ...call(0),
      request_id: 'req_lz4_far',
      created_at: farDay,
      requestBody: undefined,
      responseText: answer,
    });
    await recorder.flush();
    await recorder.flush();
    const { rows } = await admin.query<{ request_id: string; method: string | null; body: string }>(
      `SELECT request_id, pg_column_compression(response_body) AS method, response_body AS body
         FROM request_logs WHERE request_id LIKE 'req_lz4_%' ORDER BY request_id`,
    );
    const method = lz4[0]?.on ? 'lz4' : 'pglz';
    expect(rows).toEqual([
      { request_id: 'req_lz4_far', method, body: answer },
      { request_id: 'req_lz4_today', method, body: answer },
    ]);
    await recorder.close();
  });

  it('never throws at the caller nor hangs close() when PostgreSQL does not answer', async () => {
    const away = createDb(`postgres://postgres@127.0.0.1:${await closedPort()}/nowhere`, 1, 500);
    const recorder = createRequestLogRecorder({ db: away, flushMs: 10, maxBuffered: 5 });
    for (let i = 0; i < 8; i++) expect(() => recorder.record(call(i))).not.toThrow();
    await recorder.flush();
    expect(recorder.stats()).toMatchObject({ buffered: 5, dropped: 3, written: 0 });
    const started = Date.now();
    await recorder.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await away.destroy();
  });
});
