// The request log's bodies are compressed with lz4 instead of PostgreSQL's default pglz, as the
// search's stored offers and the airline message log's bodies are (20261128T1200-lz4-large-bodies):
// every logged call's answer is written by the log writer's COPY, and a body past PostgreSQL's
// compression threshold (about 2 KB: a list, a booking, a search) spent most of its row's cost in
// pglz. Measured here on a COPY of 500 calls with 3.2 KB answers into the day's partition, 43 µs a
// row of the backend's CPU with pglz, 30 with lz4, and the partition no larger. A day made from now
// on takes its parent's compression (PARTITION OF copies it); a day made before is named on its
// own, as a parent's ALTER does not reach its partitions. Values already stored keep theirs.
import { sql, type Kysely } from 'kysely';
import { lz4Available } from './20261128T1200-lz4-large-bodies.js';
import { alterRequestLogTables } from './20261129T0300-request-log-statistics.js';

const columns = ['request_body', 'response_body'];

async function setCompression(db: Kysely<any>, method: 'lz4' | 'default'): Promise<void> {
  await alterRequestLogTables(
    db,
    sql.join(columns.map((column) => sql`ALTER COLUMN ${sql.id(column)} SET COMPRESSION ${sql.raw(method)}`)),
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  if (await lz4Available(db)) await setCompression(db, 'lz4');
}

export async function down(db: Kysely<any>): Promise<void> {
  await setCompression(db, 'default');
}
