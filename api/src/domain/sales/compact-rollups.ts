// Keeping the rollups one row per key and day: sales add to the rollups in slots (so concurrent
// issues do not queue on shared rows), and this pass folds the slots of days before today into
// the compacted slot, so a year of analytics reads about one row per key and day however busy the
// days were. Any number of workers may run it at once: each row is folded by exactly one of them,
// and a pass that dies mid-way folds nothing of its unfinished batch (db/sales-rollups.repository.ts).
import type { Db } from '../../db/database.js';
import { compactRollupSlots } from '../../db/sales-rollups.repository.js';
import type { Clock } from '../clock.js';

/** Folds every writer slot of the days before today (UTC); answers how many rows it folded. */
export async function compactSalesRollups(deps: { db: Db; clock: Clock }, batch = 5_000): Promise<number> {
  const today = deps.clock.now().toISOString().slice(0, 10);
  let folded = 0;
  for (;;) {
    const n = await compactRollupSlots(deps.db, today, batch);
    folded += n;
    // A short batch was the last (rows another folder holds are left to it or the next pass).
    if (n < batch) return folded;
  }
}
