// The airline message log keeps 30 days: the sweeper deletes what is older in bounded steps, so a
// sweep never holds a long lock or a long transaction however much piled up.
import { deleteAirlineMessagesBefore } from '../../db/airline-messages.repository.js';
import type { Db } from '../../db/database.js';

export const airlineMessageRetentionDays = 30;
const step = 5_000;
const maxSteps = 20;

/** Deletes the exchanges past retention; answers how many went. */
export async function sweepAirlineMessages(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - airlineMessageRetentionDays * 86_400_000);
  let deleted = 0;
  for (let i = 0; i < maxSteps; i++) {
    const gone = await deleteAirlineMessagesBefore(db, cutoff, step);
    deleted += gone;
    if (gone < step) break;
  }
  return deleted;
}
