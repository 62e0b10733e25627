// Stable-plan reads (api/src/db/database.ts): outside a transaction they run on a connection that
// plans once (force_generic_plan); inside one they run on the transaction's own connection, seeing
// its uncommitted rows; every other statement keeps PostgreSQL's default choice.
import { sql } from 'kysely';
import { afterAll, expect, inject, it } from 'vitest';
import { createDb, stablePlan } from '../../api/src/db/database.js';
import { newId } from '../../api/src/domain/ids.js';

const db = createDb(inject('databaseUrl'), 2);
afterAll(async () => {
  await db.destroy();
});

const planMode = sql<string>`current_setting('plan_cache_mode')`.as('mode');

it('plans a marked read once outside a transaction, and leaves every other statement to PostgreSQL', async () => {
  const marked = await db.selectNoFrom(planMode).modifyFront(stablePlan).executeTakeFirstOrThrow();
  expect(marked.mode).toBe('force_generic_plan');
  const plain = await db.selectNoFrom(planMode).executeTakeFirstOrThrow();
  expect(plain.mode).toBe('auto');
});

it('runs a marked read inside a transaction on the transaction’s connection', async () => {
  const scope = `test:${newId('scp')}`;
  await db
    .transaction()
    .execute(async (trx) => {
      await trx.insertInto('sales_scope_versions').values({ scope }).execute();
      const inside = await trx
        .selectFrom('sales_scope_versions')
        .modifyFront(stablePlan)
        .select(['scope', planMode])
        .where('scope', '=', scope)
        .executeTakeFirst();
      expect(inside).toEqual({ scope, mode: 'auto' });
      throw new Error('roll back');
    })
    .catch((error: Error) => expect(error.message).toBe('roll back'));
  const after = await db
    .selectFrom('sales_scope_versions')
    .modifyFront(stablePlan)
    .select('scope')
    .where('scope', '=', scope)
    .executeTakeFirst();
  expect(after).toBeUndefined();
  // After the transaction, marked reads go back to their own connections.
  const marked = await db.selectNoFrom(planMode).modifyFront(stablePlan).executeTakeFirstOrThrow();
  expect(marked.mode).toBe('force_generic_plan');
});

it('keeps one stable-plan connection, with its cached plans, past the pool’s idle timeout', async () => {
  const backend = sql<number>`pg_backend_pid()`.as('pid');
  const first = await db.selectNoFrom(backend).modifyFront(stablePlan).executeTakeFirstOrThrow();
  // pg's pool closes a connection idle for 10 s unless it is the pool's minimum.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const later = await db.selectNoFrom(backend).modifyFront(stablePlan).executeTakeFirstOrThrow();
  expect(later.pid).toBe(first.pid);
}, 20_000);
