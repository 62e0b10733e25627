// A worker's rollup fold that dies before it commits: folds the writer slots of the days before
// argv[2] in a transaction, prints how many rows it folded, and waits, the transaction open, for
// the test to SIGKILL it (tests/integration/sales-rollup-slots.test.ts).
import { createDb } from '../../api/src/db/database.js';
import { compactRollupSlots } from '../../api/src/db/sales-rollups.repository.js';

const db = createDb(process.env.DATABASE_URL!, 1);
await db.transaction().execute(async (trx) => {
  const folded = await compactRollupSlots(trx, process.argv[2]!);
  console.log(JSON.stringify({ folded }));
  await new Promise(() => undefined);
});
