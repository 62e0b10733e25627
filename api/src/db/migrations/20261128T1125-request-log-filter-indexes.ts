// The request log's filters, each read along an index in time order that stops at a page, and no
// index that every logged call pays for unless a read needs it (the log is written on every call):
// - a status filter walks the agency's (or the account's) errors, `status >= 400`, or only its
//   server errors, `status >= 500`: partial indexes, so a successful call adds nothing to them. The
//   whole-table index on the status class they replace cost every call a fifth index entry. A
//   2xx/3xx filter walks the caller's own index: such calls are most of any caller's.
// - a method filter walks the caller's non-GET calls by method (partial: GETs, most calls, skip it);
//   `method=GET` walks the caller's own index.
// - a path prefix: its range of one agency's paths (text_pattern_ops, so a range serves a prefix
//   under any collation), read by the repository a window of days at a time when the newest calls
//   do not have a page of matches (db/request-logs.repository.ts).
// The repository names each partial index's predicate literally, so that PostgreSQL can prove it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX request_logs_agency_class_idx`.execute(db);
  for (const wall of ['agency', 'account'] as const) {
    const column = sql.ref(`${wall}_id`);
    await sql`CREATE INDEX ${sql.id(`request_logs_${wall}_errors_idx`)} ON request_logs
      (${column}, created_at DESC, seq DESC) WHERE status >= 400`.execute(db);
    await sql`CREATE INDEX ${sql.id(`request_logs_${wall}_writes_idx`)} ON request_logs
      (${column}, method, created_at DESC, seq DESC) WHERE method <> 'GET'`.execute(db);
  }
  await sql`CREATE INDEX request_logs_agency_server_errors_idx ON request_logs (agency_id, created_at DESC, seq DESC)
    WHERE status >= 500`.execute(db);
  // `mode` included: a token reads only its mode's calls, and the range is read from the index alone.
  await sql`CREATE INDEX request_logs_agency_path_idx ON request_logs
    (agency_id, path text_pattern_ops, created_at DESC, seq DESC) INCLUDE (mode)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'request_logs_agency_path_idx',
    'request_logs_agency_server_errors_idx',
    'request_logs_account_writes_idx',
    'request_logs_account_errors_idx',
    'request_logs_agency_writes_idx',
    'request_logs_agency_errors_idx',
  ]) {
    await sql`DROP INDEX ${sql.id(name)}`.execute(db);
  }
  await sql`CREATE INDEX request_logs_agency_class_idx ON request_logs (agency_id, (status / 100), created_at DESC, seq DESC)`.execute(
    db,
  );
}
