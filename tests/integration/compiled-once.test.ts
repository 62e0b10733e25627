// Reads compiled once (api/src/db/compiled-once.ts): each call runs with its own values, however many
// calls share the compiled text; a null picks a shape of its own; a value bound twice is bound
// twice; a stand-in for a value never reaches PostgreSQL; and each shape is built only once.
import { sql } from 'kysely';
import { afterAll, expect, inject, it } from 'vitest';
import { compiledOnce } from '../../api/src/db/compiled-once.js';
import { createDb, type Db } from '../../api/src/db/database.js';

const db = createDb(inject('databaseUrl'), 4);
afterAll(async () => {
  await db.destroy();
});

let built = 0;
const echo = compiledOnce((on: Db, word: string, at: Date, tag: string | null) => {
  built++;
  return on.selectNoFrom([
    sql<string>`${word}::text`.as('word'),
    sql<string>`${word}::text || '!'`.as('again'),
    sql<string>`to_char(${at}::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('day'),
    (tag === null ? sql<string | null>`NULL::text` : sql<string | null>`${tag}::text`).as('tag'),
  ]);
});

it('runs each call with its own values, one build per shape', async () => {
  const at = new Date('2026-03-04T10:00:00Z');
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => echo(db, `w${i}`, at, i % 2 ? `t${i}` : null)),
  );
  expect(answers.map(([row]) => row)).toEqual(
    Array.from({ length: 20 }, (_, i) => ({
      word: `w${i}`,
      again: `w${i}!`,
      day: '2026-03-04',
      tag: i % 2 ? `t${i}` : null,
    })),
  );
  expect(built).toBe(2);
  expect(await echo(db, 'later', new Date('2027-01-02T00:00:00Z'), 'x')).toEqual([
    { word: 'later', again: 'later!', day: '2027-01-02', tag: 'x' },
  ]);
  expect(built).toBe(2);
});

it('refuses an argument that would pick a shape per value, and a build that reads a value instead of binding it', async () => {
  const byNumber = compiledOnce((on: Db, limit: number) => on.selectNoFrom(sql<number>`${limit}::int`.as('n')));
  await expect(byNumber(db, 5)).rejects.toThrow(/number argument would pick a shape per value/);
  const reads = compiledOnce((on: Db, word: string) =>
    on.selectNoFrom(sql<string>`${word.toUpperCase()}::text`.as('w')),
  );
  await expect(reads(db, 'x')).rejects.toThrow(/read a value it was given instead of binding it/);
});
