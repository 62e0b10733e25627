// Reads handed to a row sink (api/src/db/database.ts `eachRow`): every row reaches the sink in order
// and none is collected; inside a transaction the read sees the transaction's own rows; a sink that
// throws fails the read (and the connection serves the next statement); 40 concurrent sinks keep
// their own rows apart, and the statement is prepared under one name however often it runs.
import { sql, type RawBuilder } from 'kysely';
import { afterAll, expect, inject, it } from 'vitest';
import { createDb, eachRow } from '../../api/src/db/database.js';
import { newId } from '../../api/src/domain/ids.js';

const db = createDb(inject('databaseUrl'), 4);
afterAll(async () => {
  await db.destroy();
});

// The tests resolve kysely's ESM build and the API its CommonJS one: the same builders, two types.
type Read<R> = Parameters<typeof eachRow<R>>[1];
const read = <R>(query: RawBuilder<R>) => query as unknown as Read<R>;
const run = <R>(query: RawBuilder<R>) => query.execute(db as unknown as Parameters<RawBuilder<R>['execute']>[0]);

const series = (n: number, tag: string) =>
  read(
    sql<{ n: number; tag: string }>`SELECT g AS n, ${tag}::text AS tag FROM generate_series(1, ${n}::int) g ORDER BY g`,
  );

it('hands every row to the sink in order, and answers how many', async () => {
  const seen: number[] = [];
  expect(await eachRow(db, series(5000, 'a'), (r) => seen.push(r.n))).toBe(5000);
  expect(seen).toEqual(Array.from({ length: 5000 }, (_, i) => i + 1));
  expect(await eachRow(db, series(0, 'a'), () => undefined)).toBe(0);
});

it('reads inside a transaction on its connection; a sink that throws fails the read', async () => {
  const scope = `test:${newId('scp')}`;
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('sales_scope_versions').values({ scope }).execute();
      const found: string[] = [];
      await eachRow(
        trx,
        read(sql<{ scope: string }>`SELECT scope FROM sales_scope_versions WHERE scope = ${scope}`),
        (r) => found.push(r.scope),
      );
      expect(found).toEqual([scope]);
      throw new Error('roll back');
    })
    .catch((error: Error) => expect(error.message).toBe('roll back'));
  let calls = 0;
  await expect(
    eachRow(db, series(100, 'b'), () => {
      calls += 1;
      if (calls === 10) throw new Error('the sink is full');
    }),
  ).rejects.toThrow('the sink is full');
  expect(calls).toBe(10);
  const after = await run(sql<{ one: number }>`SELECT 1 AS one`);
  expect(after.rows).toEqual([{ one: 1 }]);
});

it('keeps 40 concurrent sinks apart, over many rounds, under one prepared statement', async () => {
  for (let round = 0; round < 5; round += 1) {
    const results = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const tag = `t${round}_${i}`;
        const rows: { n: number; tag: string }[] = [];
        const count = await eachRow(db, series(200 + i, tag), (r) => rows.push(r));
        return { i, tag, count, rows };
      }),
    );
    for (const { i, tag, count, rows } of results) {
      expect(count).toBe(200 + i);
      expect(rows.every((r) => r.tag === tag)).toBe(true);
      expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 200 + i }, (_, k) => k + 1));
    }
  }
  const prepared = await run(
    sql<{ statement: string }>`
    SELECT statement FROM pg_prepared_statements WHERE statement NOT LIKE '%pg_prepared_statements%'`,
  );
  const statements = prepared.rows.map((r) => r.statement);
  // The statement text carries no sink mark: one name per connection that ran it.
  expect(statements.filter((t) => t.includes('generate_series'))).toHaveLength(1);
  expect(statements.filter((t) => t.includes('rows to sink'))).toEqual([]);
});
