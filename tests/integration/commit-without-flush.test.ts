// Writes that commit without the WAL flush wait (api/src/db/database.ts, `commitWithoutFlush`): the
// statement that carries it commits with synchronous_commit off, the next statement on the same
// connection waits for the flush again, and inside a transaction it is refused before it runs, so
// it can never take the wait from a transaction's other writes.
import { sql } from 'kysely';
import { afterAll, expect, inject, it } from 'vitest';
import { commitWithoutFlush, createDb } from '../../api/src/db/database.js';

// One connection, so both statements of the first test run on the same one.
const db = createDb(inject('databaseUrl'), 1);
afterAll(async () => {
  await db.destroy();
});

const commitMode = sql<string>`current_setting('synchronous_commit')`.as('mode');
const fromNoFlush = sql`FROM ${commitWithoutFlush}`;

it('commits its own statement without the flush wait, and only that statement', async () => {
  const marked = await db.selectNoFrom(commitMode).modifyEnd(fromNoFlush).execute();
  expect(marked).toEqual([{ mode: 'off' }]);
  const next = await db.selectNoFrom(commitMode).executeTakeFirstOrThrow();
  expect(next.mode).toBe('on');
});

it('is refused inside a transaction, before it runs', async () => {
  const attempt = db.transaction().execute(async (trx) => {
    await trx.selectNoFrom(commitMode).modifyEnd(fromNoFlush).execute();
  });
  await expect(attempt).rejects.toThrow(/only for a statement that is its own transaction/);
  const after = await db.selectNoFrom(commitMode).executeTakeFirstOrThrow();
  expect(after.mode).toBe('on');
});
