// Hot reads built and compiled by Kysely once, then run with each call's values. Building and
// compiling a query of a few joins and subqueries cost the API more CPU than PostgreSQL spent
// answering it; the text it compiles to is the same on every call of one shape.
import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/** What a call's value stands as while its query is compiled (no real value holds a NUL). */
const slotPrefix = '\u0000compiled-once:';

type Compiled<Row> = { query: CompiledQuery<Row>; slots: number[] };

/**
 * `build` as a function of a database handle and values that runs the query compiled once per
 * handle and shape. String and Date arguments are the statement's values: `build` is given a
 * stand-in for each and must only bind it (never branch on it or read it), so one compiled text
 * serves every value. Any other argument (null, undefined or a boolean) picks the shape
 * (`companyId ?? sql\`NULL\``), each shape compiled on its first call. Numbers, arrays and
 * objects are refused, as a shape of their own per value would grow the cache without bound; a
 * build that reads a stand-in instead of binding it is refused on its first call.
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Db, Map<string, Compiled<Row>>>();
  return async (db, ...args) => {
    const bound = args.map((arg) => typeof arg === 'string' || arg instanceof Date);
    const shape = args.map((arg, i) => (bound[i] ? '$' : shapeOf(arg))).join(',');
    let shapes = compiled.get(db);
    if (!shapes) compiled.set(db, (shapes = new Map()));
    let entry = shapes.get(shape);
    if (!entry) {
      const standIns = args.map((arg, i) => (bound[i] ? `${slotPrefix}${i}` : arg)) as Args;
      const query = build(db, ...standIns).compile();
      const slots = query.parameters.map((p) =>
        typeof p === 'string' && p.startsWith(slotPrefix) ? Number(p.slice(slotPrefix.length)) : -1,
      );
      if (bound.some((isBound, i) => isBound && !slots.includes(i)))
        throw new Error('compiledOnce: the query read a value it was given instead of binding it');
      entry = { query, slots };
      shapes.set(shape, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((p, i) => (slots[i]! >= 0 ? args[slots[i]!] : p));
    const { rows } = await db.executeQuery<Row>({ ...query, parameters });
    return rows;
  };
}

/** The shape an argument that is not a bound value picks. */
function shapeOf(arg: unknown): string {
  if (arg === null || arg === undefined || typeof arg === 'boolean') return String(arg);
  throw new TypeError(`compiledOnce: a ${typeof arg} argument would pick a shape per value; bind it as a string`);
}
