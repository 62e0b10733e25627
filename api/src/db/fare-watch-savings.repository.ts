// What Fare Watch found and what came of it (domain/fare-watch/fare-watch-savings.ts): the
// opportunities of the bookings a caller may see, counted per calendar month (UTC) of the day each
// was found, by status, decline reason and currency. A finding a newer one replaced (superseded)
// is left out: the newer one counts for it. What was saved is the net saving of either tier (an
// issued booking's is net of the change penalty and the forfeited residual; a hold's rebook has
// neither). Reads only; no locks.
import { sql } from 'kysely';
import { withinScope, type VisibilityScope } from './bookings.repository.js';
import type { Db } from './database.js';

export interface SavingsFilter {
  scope: VisibilityScope;
  liveMode?: boolean;
  /** The range's first day and the day after its last (UTC). */
  from: Date;
  until: Date;
  /** An open opportunity whose offer expired by now counts as expired, swept or not. */
  now: Date;
}

export interface SavingsRow {
  month: string;
  status: string;
  decline_reason: string | null;
  currency: string;
  opportunities: string;
  saving: string;
}

export function savingsRows(db: Db, f: SavingsFilter): Promise<SavingsRow[]> {
  let q = withinScope(
    db.selectFrom('fare_watch_opportunities as o').innerJoin('bookings as b', 'b.id', 'o.booking_id'),
    f.scope,
  )
    .where('o.status', '!=', 'superseded')
    .where('o.created_at', '>=', f.from)
    .where('o.created_at', '<', f.until);
  if (f.liveMode !== undefined) q = q.where('o.live_mode', '=', f.liveMode);
  const month = sql<string>`to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const status = sql<string>`CASE WHEN o.status = 'open' AND o.expires_at <= ${f.now} THEN 'expired' ELSE o.status END`;
  // Grouped by position: the status expression carries a parameter, and PostgreSQL matches GROUP
  // BY to SELECT by text, which the parameter's number would differ in.
  return q
    .select([
      month.as('month'),
      status.as('status'),
      'o.decline_reason',
      sql<string>`trim(o.currency)`.as('currency'),
      (eb) => eb.fn.countAll<string>().as('opportunities'),
      sql<string>`sum(o.net_saving)::text`.as('saving'),
    ])
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`])
    .execute();
}
